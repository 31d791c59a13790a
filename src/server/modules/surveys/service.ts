import { eq } from 'drizzle-orm';
import { AppError } from '../../../domain/errors';
import { SURVEY_B_VERSION, type SurveyType } from '../../../domain/surveys';
import type { MySurveyA, SurveyAAnswers, SurveyAInput, SurveyBInput, SurveySaved } from '../../../domain/schemas/surveys';
import type { Db, Executor } from '../../db/client';
import { profileSurveys, surveyBResponses, users } from '../../db/schema';
import type { Actor } from '../../auth/actor';

/** A user answers the survey of their own type (part 2 §4: type B is sent to survey B). */
function requireType(actor: Actor, type: SurveyType) {
  if (actor.userType !== type) throw new AppError('SURVEY_WRONG_TYPE');
}

/**
 * Marks the user's survey done and keeps one `profile_surveys` row per user (what level 1 reads),
 * in the caller's transaction. The first completion time is kept on a retake; the update time moves.
 */
async function completeSurvey(
  tx: Executor,
  actor: Actor,
  type: SurveyType,
  now: Date,
  answers: { user: Partial<typeof users.$inferInsert>; survey: Record<string, unknown>; selectedBenefits: string[] },
): Promise<Date> {
  const [before] = await tx.select({ completedAt: users.surveyCompletedAt }).from(users).where(eq(users.id, actor.id)).for('update');
  const completedAt = before?.completedAt ?? now;
  await tx
    .update(users)
    .set({ ...answers.user, surveyCompleted: true, surveyCompletedAt: completedAt, surveyUpdatedAt: now, surveyType: type, updatedAt: now, updatedBy: actor.id })
    .where(eq(users.id, actor.id));
  const row = { userId: actor.id, userName: actor.name, surveyType: type, answers: answers.survey, selectedBenefits: answers.selectedBenefits, completedAt: now };
  await tx.insert(profileSurveys).values(row).onConflictDoUpdate({ target: profileSurveys.userId, set: row });
  return completedAt;
}

/**
 * Saves every answer of survey A and marks the survey done in one transaction, so the next
 * `GET /api/me` already lets the user into the employee area.
 * @throws SURVEY_WRONG_TYPE when the caller is a type B user.
 */
export async function saveSurveyA(db: Db, input: SurveyAInput, actor: Actor): Promise<SurveySaved> {
  requireType(actor, 'A');
  const now = new Date();
  const completedAt = await db.transaction((tx) =>
    completeSurvey(tx, actor, 'A', now, {
      user: { benefitPreferences: input.categories, generationalMemory: input.generationalMemory, satisfactionLevel: input.satisfactionLevel },
      survey: { generationalMemory: input.generationalMemory, categories: input.categories, satisfactionLevel: input.satisfactionLevel },
      selectedBenefits: input.categories,
    }),
  );
  return { surveyCompleted: true, surveyType: 'A', completedAt: completedAt.toISOString() };
}

/** The caller's previous survey A answers, to show them again on a retake (null before the first). */
export async function getMySurveyA(db: Executor, actor: Actor): Promise<MySurveyA> {
  const [row] = await db
    .select({
      generationalMemory: users.generationalMemory,
      categories: users.benefitPreferences,
      satisfactionLevel: users.satisfactionLevel,
      completedAt: users.surveyCompletedAt,
      updatedAt: users.surveyUpdatedAt,
      surveyType: users.surveyType,
      surveyCompleted: users.surveyCompleted,
    })
    .from(users)
    .where(eq(users.id, actor.id));
  if (!row || !row.surveyCompleted || row.surveyType !== 'A' || !row.satisfactionLevel) return { answers: null };
  const completedAt = row.completedAt ?? row.updatedAt ?? new Date();
  return {
    answers: {
      // Written only through surveyAInputSchema, so the stored ids are the schema's.
      generationalMemory: row.generationalMemory as SurveyAAnswers['generationalMemory'],
      categories: (row.categories ?? []) as SurveyAAnswers['categories'],
      satisfactionLevel: row.satisfactionLevel as SurveyAAnswers['satisfactionLevel'],
      completedAt: completedAt.toISOString(),
      updatedAt: (row.updatedAt ?? completedAt).toISOString(),
    },
  };
}

/**
 * Saves survey B's response (userType 'B', surveyVersion 'experimental_v2') and marks the survey
 * done in one transaction.
 * @throws SURVEY_WRONG_TYPE when the caller is a type A user.
 */
export async function saveSurveyB(db: Db, input: SurveyBInput, actor: Actor): Promise<SurveySaved> {
  requireType(actor, 'B');
  const now = new Date();
  const completedAt = await db.transaction(async (tx) => {
    const response = {
      userId: actor.id,
      userType: 'B',
      surveyVersion: SURVEY_B_VERSION,
      personalityMatrix: input.personalityMatrix,
      benefitPriorities: input.benefitPriorities,
      lifestyleAssessment: input.lifestyleAssessment,
      futureVision: input.futureVision,
      completedAt: now,
      submittedAt: now,
    };
    await tx.insert(surveyBResponses).values(response).onConflictDoUpdate({ target: surveyBResponses.userId, set: response });
    return completeSurvey(tx, actor, 'B', now, { user: {}, survey: { ...input, surveyVersion: SURVEY_B_VERSION }, selectedBenefits: [] });
  });
  return { surveyCompleted: true, surveyType: 'B', completedAt: completedAt.toISOString() };
}
