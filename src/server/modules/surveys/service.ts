import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import { SURVEY_B_VERSION, type SurveyType } from '#domain/surveys';
import type {
  CompanySurveySummary,
  MySurveyA,
  SurveyAAnswers,
  SurveyAInput,
  SurveyBInput,
  SurveyCard,
  SurveyDetail,
  SurveyListQuery,
  SurveySaved,
} from '#domain/schemas/surveys';
import { queryRows, type Executor } from '../../db/client';
import { companies, profileSurveys, surveyBResponses, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { Actor } from '../../actor';

/** Who saves a survey: the caller, or a demo person in the seed. */
type Respondent = Pick<Actor, 'id' | 'name' | 'userType'>;

/** A user answers the survey of their own type (spec part 2 §4: type B is sent to survey B). */
function requireType(actor: Respondent, type: SurveyType) {
  if (actor.userType !== type) throw new AppError('SURVEY_WRONG_TYPE');
}

/**
 * Marks the user's survey done and keeps one `profile_surveys` row per user (what level 1 reads),
 * in the caller's transaction. The first completion time is kept on a retake; the update time moves.
 */
async function completeSurvey(
  tx: Executor,
  actor: Respondent,
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
export async function saveSurveyA(db: Executor, input: SurveyAInput, actor: Respondent): Promise<SurveySaved> {
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
export async function saveSurveyB(db: Executor, input: SurveyBInput, actor: Respondent): Promise<SurveySaved> {
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

// ───────── level 1: the completed surveys (/level1/surveys) ─────────

const cardColumns = {
  id: profileSurveys.id,
  userId: profileSurveys.userId,
  // The person's current name; the one saved with the survey if it is gone.
  userName: sql<string>`coalesce(${users.name}, ${profileSurveys.userName}, '')`,
  email: users.email,
  companyId: users.companyId,
  companyName: companies.name,
  surveyType: profileSurveys.surveyType,
  completedAt: profileSurveys.completedAt,
};

type CardRow = { id: string; userId: string; userName: string; email: string; companyId: string | null; companyName: string | null; surveyType: string; completedAt: Date };

function toCard(row: CardRow): SurveyCard {
  return { ...row, surveyType: row.surveyType === 'B' ? 'B' : 'A', completedAt: row.completedAt.toISOString() };
}

/**
 * A page of completed surveys (one per person: a retake replaces the row), latest first, searched in
 * the person's name and email and the company's name. Throws nothing.
 */
export async function listSurveys(db: Executor, query: SurveyListQuery): Promise<{ items: SurveyCard[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = and(
    query.type ? eq(profileSurveys.surveyType, query.type) : undefined,
    pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(companies.name, pattern)) : undefined,
  );
  const from = () => db.select(cardColumns).from(profileSurveys).innerJoin(users, eq(users.id, profileSurveys.userId)).leftJoin(companies, eq(companies.id, users.companyId));
  const [rows, [{ total }]] = await Promise.all([
    from().where(where).orderBy(desc(profileSurveys.completedAt), desc(profileSurveys.id)).limit(query.limit).offset(query.offset),
    db
      .select({ total: count() })
      .from(profileSurveys)
      .innerJoin(users, eq(users.id, profileSurveys.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(where),
  ]);
  return { items: rows.map(toCard), total };
}

/**
 * One completed survey with every answer: survey A's from the user's row (where the save writes
 * them), survey B's from its response row.
 * @throws SURVEY_NOT_FOUND when there is no survey with that id.
 */
export async function getSurvey(db: Executor, id: string): Promise<SurveyDetail> {
  const [row] = await db
    .select({
      ...cardColumns,
      updatedAt: users.surveyUpdatedAt,
      generationalMemory: users.generationalMemory,
      categories: users.benefitPreferences,
      satisfactionLevel: users.satisfactionLevel,
      personalityMatrix: surveyBResponses.personalityMatrix,
      benefitPriorities: surveyBResponses.benefitPriorities,
      lifestyleAssessment: surveyBResponses.lifestyleAssessment,
      futureVision: surveyBResponses.futureVision,
      hasResponseB: sql<boolean>`${surveyBResponses.userId} is not null`,
    })
    .from(profileSurveys)
    .innerJoin(users, eq(users.id, profileSurveys.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(surveyBResponses, eq(surveyBResponses.userId, profileSurveys.userId))
    .where(eq(profileSurveys.id, id));
  if (!row) throw new AppError('SURVEY_NOT_FOUND');
  const card = toCard(row);
  return {
    ...card,
    updatedAt: row.updatedAt?.toISOString() ?? null,
    answersA:
      card.surveyType === 'A'
        ? { generationalMemory: row.generationalMemory, categories: row.categories ?? [], satisfactionLevel: row.satisfactionLevel }
        : null,
    answersB:
      card.surveyType === 'B' && row.hasResponseB
        ? {
            personalityMatrix: row.personalityMatrix,
            benefitPriorities: stringsOf(row.benefitPriorities),
            lifestyleAssessment: recordOf(row.lifestyleAssessment, (v): v is number => typeof v === 'number'),
            futureVision: recordOf(row.futureVision, (v): v is string => typeof v === 'string'),
          }
        : null,
  };
}

/** A JSON column's list of ids (written through surveyBInputSchema; anything else is left out). */
function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function recordOf<T>(value: unknown, isValue: (v: unknown) => v is T): Record<string, T> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, T] => isValue(entry[1])));
}

/**
 * What a company's people answered, counted by PostgreSQL over the users of the company (one index
 * range of users_company_level_idx): survey A's memories, categories (and how often each was the first
 * pick) and satisfaction, most chosen first.
 * @throws COMPANY_NOT_FOUND when the company does not exist.
 */
export async function companySurveySummary(db: Executor, companyId: string): Promise<CompanySurveySummary> {
  const [company] = await db.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  const answeredA = and(eq(users.companyId, companyId), eq(users.level, 3), eq(users.surveyCompleted, true), eq(users.surveyType, 'A'));
  const byCount = (n: SQL) => [desc(n), sql`1`];

  const [respondents, memories, categories, satisfaction] = await Promise.all([
    db
      .select({
        a: sql<number>`count(*) filter (where ${users.surveyType} = 'A')::int`,
        b: sql<number>`count(*) filter (where ${users.surveyType} = 'B')::int`,
      })
      .from(users)
      .where(and(eq(users.companyId, companyId), eq(users.level, 3), eq(users.surveyCompleted, true))),
    db
      .select({ id: sql<string>`${users.generationalMemory}`, count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(answeredA, sql`${users.generationalMemory} is not null`))
      .groupBy(users.generationalMemory)
      .orderBy(...byCount(sql`count(*)`)),
    queryRows<{ id: string; count: number; first_choice: number }>(
      db,
      sql`
      select pick.id, count(*)::int as count, (count(*) filter (where pick.position = 1))::int as first_choice
      from ${users} cross join lateral unnest(${users.benefitPreferences}) with ordinality as pick(id, position)
      where ${answeredA}
      group by pick.id
      order by count desc, first_choice desc, pick.id`,
    ),
    db
      .select({ id: sql<string>`${users.satisfactionLevel}`, count: sql<number>`count(*)::int` })
      .from(users)
      .where(and(answeredA, sql`${users.satisfactionLevel} is not null`))
      .groupBy(users.satisfactionLevel)
      .orderBy(...byCount(sql`count(*)`)),
  ]);
  return {
    companyId: company.id,
    companyName: company.name,
    respondentsA: respondents[0]?.a ?? 0,
    respondentsB: respondents[0]?.b ?? 0,
    memories,
    categories: categories.map((r) => ({ id: r.id, count: Number(r.count), firstChoice: Number(r.first_choice) })),
    satisfaction,
  };
}
