/**
 * The profile surveys' API contract: what survey A and survey B save, validated by the
 * server and typed for the web. Only the ids of src/domain/surveys.ts are accepted.
 */
import { z } from './zod';
import {
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
  SURVEY_TYPES,
} from '../surveys';
import { BENEFIT_CATEGORIES } from '../constants';
import { pageQuery } from './fields';

const categoryId = z.enum(idsOf(BENEFIT_CATEGORIES));
const priorityIds = idsOf(BENEFIT_PRIORITIES);

/** Survey A (spec part 2 §5): the memory may be skipped ('Omitir'); the save needs the satisfaction. */
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

/** Survey B (spec part 2 §3 "Survey B response"): every step answered. */
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

// ───────── level 1: the completed surveys (/level1/surveys) ─────────

/** The list's query: a search in the person's name, email and company, an optional type, a page. */
export const surveyListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type: z.enum(SURVEY_TYPES).optional(),
  ...pageQuery,
});
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>;

/** One card of the list: who answered, their company, which survey and when (an ISO instant). */
export const surveyCardSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  email: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  surveyType: z.enum(SURVEY_TYPES),
  completedAt: z.string(),
});
export type SurveyCard = z.infer<typeof surveyCardSchema>;

/*
 * The answers are sent as the stored ids (plain strings, so an option retired from
 * src/domain/surveys.ts cannot break the response); the screen shows each by its Spanish name.
 */
export const surveyDetailSchema = surveyCardSchema.extend({
  updatedAt: z.string().nullable(),
  answersA: z
    .object({ generationalMemory: z.string().nullable(), categories: z.array(z.string()), satisfactionLevel: z.string().nullable() })
    .nullable(),
  answersB: z
    .object({
      personalityMatrix: z.string().nullable(),
      benefitPriorities: z.array(z.string()),
      lifestyleAssessment: z.record(z.string(), z.number()),
      futureVision: z.record(z.string(), z.string()),
    })
    .nullable(),
});
export type SurveyDetail = z.infer<typeof surveyDetailSchema>;

const optionCount = z.object({ id: z.string(), count: z.number().int() });

/** What a company's people answered to survey A, counted in SQL, most chosen first. */
export const companySurveySummarySchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  respondentsA: z.number().int(),
  respondentsB: z.number().int(),
  memories: z.array(optionCount),
  /** `firstChoice`: how many picked the category first (their favourite). */
  categories: z.array(optionCount.extend({ firstChoice: z.number().int() })),
  satisfaction: z.array(optionCount),
});
export type CompanySurveySummary = z.infer<typeof companySurveySummarySchema>;
