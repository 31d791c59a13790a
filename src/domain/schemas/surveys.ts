/**
 * The profile surveys' API contract (issue 7): what survey A and survey B save, validated by the
 * server and typed for the web. Only the ids of src/domain/surveys.ts are accepted.
 */
import { z } from './zod';
import {
  BENEFIT_CATEGORIES,
  BENEFIT_PRIORITIES,
  CAREER_GOALS,
  GENERATIONAL_MEMORIES,
  idsOf,
  LIFESTYLE_MAX,
  LIFESTYLE_MIN,
  PERSONALITY_QUADRANTS,
  SATISFACTION_LEVELS,
  SURVEY_MAX_CATEGORIES,
  SURVEY_TEXTS,
} from '../surveys';

const categoryId = z.enum(idsOf(BENEFIT_CATEGORIES));
const priorityIds = idsOf(BENEFIT_PRIORITIES);

/** Survey A (part 2 §5): the memory may be skipped ('Omitir'); the save needs the satisfaction. */
export const surveyAInputSchema = z.strictObject({
  generationalMemory: z.enum(idsOf(GENERATIONAL_MEMORIES)).nullable(),
  /** In pick order: the first is the favourite. */
  categories: z
    .array(categoryId)
    .max(SURVEY_MAX_CATEGORIES)
    .refine((ids) => new Set(ids).size === ids.length, 'Categorías repetidas'),
  satisfactionLevel: z.enum(idsOf(SATISFACTION_LEVELS), { error: SURVEY_TEXTS.satisfactionRequired }),
});
export type SurveyAInput = z.infer<typeof surveyAInputSchema>;

export const surveyAAnswersSchema = surveyAInputSchema.extend({
  completedAt: z.string(),
  updatedAt: z.string(),
});
export type SurveyAAnswers = z.infer<typeof surveyAAnswersSchema>;

/** The previous answers of the caller, or null before the first save. */
export const mySurveyASchema = z.object({ answers: surveyAAnswersSchema.nullable() });
export type MySurveyA = z.infer<typeof mySurveyASchema>;

const sliderValue = z.number().int().min(LIFESTYLE_MIN).max(LIFESTYLE_MAX);
const goalId = z.enum(idsOf(CAREER_GOALS));

/** Survey B (part 2 §3 "Survey B response"): every step answered. */
export const surveyBInputSchema = z.strictObject({
  personalityMatrix: z.enum(idsOf(PERSONALITY_QUADRANTS)),
  /** All six priorities, most important first (the drag-and-drop order). */
  benefitPriorities: z
    .array(z.enum(priorityIds))
    .length(priorityIds.length)
    .refine((ids) => new Set(ids).size === ids.length, 'Prioridades repetidas'),
  lifestyleAssessment: z.strictObject({
    work_life_balance: sliderValue,
    social_interaction: sliderValue,
    challenge_seeking: sliderValue,
    stability_preference: sliderValue,
  }),
  futureVision: z.strictObject({ '6_months': goalId, '1_year': goalId, '2_years': goalId, '3_years': goalId }),
});
export type SurveyBInput = z.infer<typeof surveyBInputSchema>;

/** What a save answers: the survey is done, so the guard lets the user in at once. */
export const surveySavedSchema = z.object({ surveyCompleted: z.literal(true), surveyType: z.enum(['A', 'B']), completedAt: z.string() });
export type SurveySaved = z.infer<typeof surveySavedSchema>;
