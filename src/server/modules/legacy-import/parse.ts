/**
 * The earlier app's Realtime Database export (issue 20 §1; spec part 1 §3, part 2 §3), read with zod and
 * tolerant of its quirks: a company keyed by its name, a platform benefit with `name` instead of `title`,
 * `userLevel` instead of `level`, timestamps as ISO strings or milliseconds, numbers written as text.
 * Each record is parsed on its own: a broken one is reported and skipped, never the whole file.
 */
import { z } from '../../../domain/schemas/zod';

/** A time as the earlier app wrote it: ISO text, milliseconds (number or digits), or nothing. */
export function legacyTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value);
  if (typeof value === 'string') {
    const date = /^\d{10,}$/.test(value.trim()) ? new Date(Number(value.trim())) : new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

const time = z.unknown().optional().transform(legacyTime);
const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null));
/** A whole number written as a number or as digits; anything else is null. */
const int = z.unknown().optional().transform((v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : null;
});
const bool = z.unknown().optional().transform((v) => v === true || v === 'true');

export const legacyUser = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  displayName: text,
  level: int,
  userLevel: int,
  companyId: text,
  userType: text,
  status: text,
  createdAt: time,
  updatedAt: time,
  themePreference: text,
  phone: text,
  department: text,
  surveyCompleted: bool,
  surveyCompletedAt: time,
  surveyUpdatedAt: time,
  surveyType: text,
  benefitPreferences: z.unknown().optional(),
  generationalMemory: text,
  category: text,
  description: text,
  contactPhone: text,
  createdBy: text,
});
export type LegacyUser = z.infer<typeof legacyUser>;

export const legacyCompany = z.object({
  name: text,
  contactName: text,
  contactEmail: text,
  contactPhone: text,
  address: text,
  maxUsers: int,
  status: text,
  createdAt: time,
  botEnabled: bool,
  botEnabledDate: time,
});
export type LegacyCompany = z.infer<typeof legacyCompany>;

export const legacyPlatformBenefit = z.object({
  title: text,
  name: text,
  description: text,
  type: text,
  value: text,
  provider: text,
  category: text,
  image: text,
  isHighlighted: bool,
  availableTokens: int,
  tokenCost: int,
  status: text,
  createdAt: time,
});
export type LegacyPlatformBenefit = z.infer<typeof legacyPlatformBenefit>;

export const legacyCompanyBenefit = z.object({
  title: text,
  name: text,
  description: text,
  availableTokens: int,
  limitPerUser: int,
  startDate: text,
  endDate: text,
  status: text,
  createdAt: time,
  createdBy: text,
  tokenCost: int,
  category: text,
  image: text,
});
export type LegacyCompanyBenefit = z.infer<typeof legacyCompanyBenefit>;

export const legacyRequest = z.object({
  userId: text,
  benefitId: text,
  benefitName: text,
  benefitType: text,
  companyId: text,
  isBenefitJobby: bool,
  paidWithTokens: z.unknown().optional().transform((v) => v !== false && v !== 'false'),
  tokenCost: int,
  status: text,
  requestDate: time,
  processedDate: time,
  adminId: text,
  adminInstructions: text,
  productLink: text,
  userEmail: text,
  userName: text,
  comments: text,
});
export type LegacyRequest = z.infer<typeof legacyRequest>;

export const legacyToken = z.object({
  requestId: text,
  tokenCode: text,
  status: text,
  createdAt: time,
  expiresAt: time,
  createdBy: text,
  usedBy: text,
  usedAt: time,
  adminInstructions: text,
});
export type LegacyToken = z.infer<typeof legacyToken>;

export const legacyHistoryEntry = z.object({
  type: z.enum(['add', 'remove', 'used']),
  amount: int.pipe(z.number().int().positive()),
  reason: text,
  adminId: text,
  adminName: text,
  adminEmail: text,
  createdAt: time,
});
export type LegacyHistoryEntry = z.infer<typeof legacyHistoryEntry>;

/** A history as the earlier app kept it: a map keyed by push id (or an array). */
const history = z.unknown().optional().transform((v): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []));

export const legacyBalance = z.object({
  jobby_balance: int,
  company_balance: int,
  balance: int,
  jobby_history: history,
  company_history: history,
  history: history,
});
export type LegacyBalance = z.infer<typeof legacyBalance>;

export const legacySurveyA = z.object({
  userId: text,
  userName: text,
  completedAt: time,
  timestamp: time,
  answers: z.record(z.string(), z.unknown()).catch({}),
  selectedBenefits: z.array(z.string()).catch([]),
  medals: z.array(z.string()).catch([]),
});
export type LegacySurveyA = z.infer<typeof legacySurveyA>;

export const legacySurveyB = z.object({
  personalityMatrix: text,
  benefitPriorities: z.unknown().optional(),
  lifestyleAssessment: z.unknown().optional(),
  futureVision: z.unknown().optional(),
  completedAt: time,
  submittedAt: time,
});
export type LegacySurveyB = z.infer<typeof legacySurveyB>;

export const legacyAchievement = z.object({
  name: text,
  description: text,
  condition: z.object({ type: text, value: int, minUsers: int }).partial().catch({}),
  rewards: z.object({ tokens: int }).partial().catch({}),
  status: text,
  createdAt: time,
  createdBy: text,
});
export type LegacyAchievement = z.infer<typeof legacyAchievement>;

export const legacyUserAchievement = z.object({
  ruleId: text,
  ruleName: text,
  grantedAt: time,
  context: z.unknown().optional(),
  rewardTokens: int,
});
export type LegacyUserAchievement = z.infer<typeof legacyUserAchievement>;

/** The export's top level: each path a map of records (a missing path is an empty map). */
const tree = z.record(z.string(), z.unknown()).catch({});
export const legacyExport = z.object({
  users: tree,
  companies: tree,
  jobby_benefits: tree,
  company_benefits: tree,
  benefit_requests: tree,
  benefit_tokens: tree,
  user_blank_tokens: tree,
  achievements: tree,
  user_achievements: tree,
  'encuestas-perfilamiento': tree,
  survey_b_responses: tree,
});
export type LegacyExport = z.infer<typeof legacyExport>;

/** The first Spanish message of a zod refusal, with its field. */
export function zodReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
