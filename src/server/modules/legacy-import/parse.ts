/**
 * The earlier app's Realtime Database export (spec part 1 §3, spec part 2 §3), read with zod and
 * tolerant of its quirks: a company keyed by its name, a platform benefit with `name` instead of `title`,
 * `userLevel` instead of `level`, timestamps as ISO strings or milliseconds, numbers written as text.
 * Each record is parsed on its own: a broken one is reported and skipped, never the whole file.
 */
import { z } from '#domain/schemas/zod';
import { displayName } from '#domain/schemas/auth';
import { nameField } from '#domain/schemas/names';
import { errorMessage } from '#domain/errors';
import { findUnstorableText } from '#domain/text';

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

/** The dates a record of the earlier app can have: 1e20 ms (beyond JavaScript's dates) or the year 9999 are a broken record. */
const TIME_MIN = Date.UTC(1970, 0, 1);
const TIME_MAX = Date.UTC(2100, 0, 1);
/** PostgreSQL's `integer`: every count the import writes (maxUsers, tokenCost, stock…) is one. */
const INT_MAX = 2_147_483_647;
/** The most tokens one imported wallet, or one movement of its history, may carry (decision 351). */
export const MAX_IMPORTED_BALANCE = 1_000_000;

const time = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    const date = legacyTime(v);
    if (date && !(date.getTime() >= TIME_MIN && date.getTime() < TIME_MAX)) {
      ctx.addIssue({ code: 'custom', message: 'la fecha está fuera de 1970–2099 o no es una fecha' });
      return z.NEVER;
    }
    return date;
  });
const text = z
  .unknown()
  .optional()
  .transform((v) => (typeof v === 'string' ? v.trim() || null : typeof v === 'number' ? String(v) : null));
/** A whole number written as a number or as digits; anything else is null; beyond PostgreSQL's `integer` a broken record. */
const int = z.unknown().optional().transform((v, ctx) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isFinite(n)) return null;
  if (Math.abs(n) > INT_MAX) {
    ctx.addIssue({ code: 'custom', message: 'el número está fuera de rango (más de 2.147.483.647)' });
    return z.NEVER;
  }
  return Math.trunc(n);
});
const bool = z.unknown().optional().transform((v) => v === true || v === 'true');

/**
 * A record's schema that also refuses, after parsing, any text PostgreSQL cannot store (NUL, a lone
 * surrogate; domain/text.ts): that record is skipped with its field named, never the whole run.
 */
function storable<T extends z.ZodType>(schema: T) {
  return schema.superRefine((value, ctx) => {
    const found = findUnstorableText(value);
    if (found) {
      const what = found.character === 'nul' ? 'el carácter nulo (U+0000)' : 'un sustituto UTF-16 suelto';
      ctx.addIssue({ code: 'custom', path: found.path ? found.path.split('.') : [], message: `contiene ${what}, que no se puede guardar` });
    }
  });
}

/**
 * A name as the forms would take it (domain/schemas/names.ts): the invisible characters the earlier
 * app let through (zero-width spaces, bidi overrides, controls) are removed and the spaces collapsed,
 * then the form's own rule judges it (letters, length). `cleaned` says the text changed.
 */
export function legacyName(raw: string, kind: keyof typeof NAME_RULES): { name: string; cleaned: boolean } | { error: string } {
  const cleaned = raw.normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '').replace(/\s+/g, ' ').trim();
  const parsed = NAME_RULES[kind].safeParse(cleaned);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? errorMessage('VALIDATION') };
  return { name: parsed.data, cleaned: parsed.data !== raw.trim() };
}
const NAME_RULES = {
  person: displayName,
  // The company and benefit forms' rule (schemas/companies.ts, schemas/benefits.ts: up to 200).
  company: nameField({ required: errorMessage('NAME_REQUIRED'), max: 200 }),
  benefit: nameField({ required: errorMessage('NAME_REQUIRED'), max: 200 }),
};

export const legacyUser = storable(z.object({
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
}));
export type LegacyUser = z.infer<typeof legacyUser>;

export const legacyCompany = storable(z.object({
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
}));
export type LegacyCompany = z.infer<typeof legacyCompany>;

export const legacyPlatformBenefit = storable(z.object({
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
}));
export type LegacyPlatformBenefit = z.infer<typeof legacyPlatformBenefit>;

export const legacyCompanyBenefit = storable(z.object({
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
}));
export type LegacyCompanyBenefit = z.infer<typeof legacyCompanyBenefit>;

export const legacyRequest = storable(z.object({
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
}));
export type LegacyRequest = z.infer<typeof legacyRequest>;

export const legacyToken = storable(z.object({
  requestId: text,
  tokenCode: text,
  status: text,
  createdAt: time,
  expiresAt: time,
  createdBy: text,
  usedBy: text,
  usedAt: time,
  adminInstructions: text,
}));
export type LegacyToken = z.infer<typeof legacyToken>;

export const legacyHistoryEntry = storable(z.object({
  type: z.enum(['add', 'remove', 'used']),
  amount: int.pipe(z.number().int().positive().max(MAX_IMPORTED_BALANCE, `más de ${MAX_IMPORTED_BALANCE.toLocaleString('es-CL')} tokens en un movimiento`)),
  reason: text,
  adminId: text,
  adminName: text,
  adminEmail: text,
  createdAt: time,
}));
export type LegacyHistoryEntry = z.infer<typeof legacyHistoryEntry>;

/** A history as the earlier app kept it: a map keyed by push id (or an array). */
const history = z.unknown().optional().transform((v): unknown[] => (Array.isArray(v) ? v : v && typeof v === 'object' ? Object.values(v) : []));

export const legacyBalance = storable(z.object({
  jobby_balance: int,
  company_balance: int,
  balance: int,
  jobby_history: history,
  company_history: history,
  history: history,
}));
export type LegacyBalance = z.infer<typeof legacyBalance>;

export const legacySurveyA = storable(z.object({
  userId: text,
  userName: text,
  completedAt: time,
  timestamp: time,
  answers: z.record(z.string(), z.unknown()).catch({}),
  selectedBenefits: z.array(z.string()).catch([]),
  medals: z.array(z.string()).catch([]),
}));
export type LegacySurveyA = z.infer<typeof legacySurveyA>;

export const legacySurveyB = storable(z.object({
  personalityMatrix: text,
  benefitPriorities: z.unknown().optional(),
  lifestyleAssessment: z.unknown().optional(),
  futureVision: z.unknown().optional(),
  completedAt: time,
  submittedAt: time,
}));
export type LegacySurveyB = z.infer<typeof legacySurveyB>;

export const legacyAchievement = storable(z.object({
  name: text,
  description: text,
  condition: z.object({ type: text, value: int, minUsers: int }).partial().catch({}),
  rewards: z.object({ tokens: int }).partial().catch({}),
  status: text,
  createdAt: time,
  createdBy: text,
}));
export type LegacyAchievement = z.infer<typeof legacyAchievement>;

export const legacyUserAchievement = storable(z.object({
  ruleId: text,
  ruleName: text,
  grantedAt: time,
  context: z.unknown().optional(),
  rewardTokens: int,
}));
export type LegacyUserAchievement = z.infer<typeof legacyUserAchievement>;

/**
 * The export's top level: each path its records as [key, value] pairs (a missing path has none). Read
 * with Object.entries, not parsed into a new object: a record keyed `__proto__` would vanish there
 * silently; here it reaches the import, which skips it with its reason (RESERVED_KEYS).
 */
const tree = z
  .unknown()
  .optional()
  .transform((v): Array<[string, unknown]> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.entries(v) : []));
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

/** Keys that name an object's machinery in JavaScript, never a record: skipped with a reason, not imported. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The first Spanish message of a zod refusal, with its field. */
export function zodReason(error: z.ZodError): string {
  const issue = error.issues[0];
  const field = issue.path.join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}
