/** Profile surveys A and B. */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './auth';

export const profileSurveys = pgTable(
  'profile_surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userName: text('user_name'),
    surveyType: text('survey_type').notNull().default('A'),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    selectedBenefits: text('selected_benefits').array().notNull().default(sql`'{}'::text[]`),
    medals: text('medals').array().notNull().default(sql`'{}'::text[]`),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('profile_surveys_user_key').on(t.userId), index('profile_surveys_completed_idx').on(t.completedAt)],
);

export const surveyBResponses = pgTable('survey_b_responses', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  userType: text('user_type').notNull().default('B'),
  surveyVersion: text('survey_version').notNull().default('experimental_v2'),
  personalityMatrix: text('personality_matrix'),
  benefitPriorities: jsonb('benefit_priorities'),
  lifestyleAssessment: jsonb('lifestyle_assessment'),
  futureVision: jsonb('future_vision'),
  completedAt: ts('completed_at').notNull().defaultNow(),
  submittedAt: ts('submitted_at').notNull().defaultNow(),
});
