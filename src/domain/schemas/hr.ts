/**
 * Company HR (level 2, spec part 2 §2 "/level2/*", §5, §8): the contract shared by the server and the
 * HR screens. Messages are the spec's.
 */
import { z } from './zod';
import { valuesOf } from '../labelled';
import { RECORD_STATUSES, USER_TYPES } from '../constants';
import { errorMessage } from '../errors';
import { displayName, newPasswordPair } from './auth';
import { pageQuery } from './fields';
import { IMPORT_MAX_ROWS } from '../employee-import';

const isoDate = z.string();

// ───────── dashboard (/level2/dashboard) ─────────

export const hrDashboardSchema = z.object({
  adminName: z.string(),
  company: z.object({ id: z.string(), name: z.string() }),
  stats: z.object({
    /** Level 2 and 3 accounts of the company: the count maxUsers limits (decision 73). */
    users: z.number().int(),
    activeBenefits: z.number().int(),
    pendingRequests: z.number().int(),
    /** Codes of the company's people that are active and not expired, by the database clock. */
    activeCodes: z.number().int(),
    /** Codes created this calendar month and the previous one, Santiago time (spec part 2 §9). */
    codesThisMonth: z.number().int(),
    codesPreviousMonth: z.number().int(),
  }),
  recentUsers: z.array(z.object({ id: z.string(), name: z.string(), email: z.string(), createdAt: isoDate })),
});
export type HrDashboard = z.infer<typeof hrDashboardSchema>;

// ───────── company tokens (/level2/tokens, /level2/benefits cards) ─────────

export const companyTokenStatsSchema = z.object({
  /** Company tokens held now by the company's employees. */
  available: z.number().int(),
  /** Company tokens spent on benefits, net of refunds. */
  used: z.number().int(),
  /** Employees (level 3) whose account is active. */
  activeUsers: z.number().int(),
  totalEmployees: z.number().int(),
  /** available / totalEmployees, one decimal (0 without employees). */
  averagePerUser: z.number(),
});
export type CompanyTokenStats = z.infer<typeof companyTokenStatsSchema>;

// ───────── benefits overview (/level2/benefits) ─────────

/** The chart's four columns (spec part 2 §2 'Uso de Beneficios'). */
export const USAGE_GROUP_LABELS = { pending: 'Pendientes', approved: 'Aprobados', rejected: 'Rechazados', used: 'Utilizados' } as const;
export type UsageGroup = keyof typeof USAGE_GROUP_LABELS;
export const USAGE_GROUPS = valuesOf(USAGE_GROUP_LABELS);

const productLinkSchema = z.object({
  requestId: z.string(),
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  benefitName: z.string(),
  productLink: z.string(),
  requestDate: isoDate,
});

export const benefitsOverviewSchema = z.object({
  tokens: companyTokenStatsSchema,
  /** Requests of the company's employees: platform (flexible) and company benefits per group. */
  usage: z.array(z.object({ group: z.enum(USAGE_GROUPS), platform: z.number().int(), company: z.number().int() })),
  /** The latest 8 product links of the company's employees (spec part 2 §9). */
  productLinks: z.array(productLinkSchema),
});
export type BenefitsOverview = z.infer<typeof benefitsOverviewSchema>;

// ───────── users (/level2/users) ─────────

export const companyUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(RECORD_STATUSES),
  userType: z.enum(USER_TYPES),
  surveyCompleted: z.boolean(),
  createdAt: isoDate,
  /** Invited (decision 212) and no password chosen yet: 'Invitación pendiente'. */
  invitationPending: z.boolean(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/**
 * 'Agregar Usuario''s answer: `verificationMailSent` when the address is outside the company's own
 * domain, so the account waits for its owner to confirm it by mail.
 */
export const addedCompanyUserSchema = companyUserSchema.extend({ verificationMailSent: z.boolean() });
export type AddedCompanyUser = z.infer<typeof addedCompanyUserSchema>;

export const companyUserListQuerySchema = z.object({ search: z.string().trim().max(200).optional(), ...pageQuery });
export const companyUserListSchema = z.object({
  items: z.array(companyUserSchema),
  total: z.number().int(),
  company: z.object({
    name: z.string(),
    /** Null when the company has none: a bare username cannot be completed. */
    emailDomain: z.string().nullable(),
    maxUsers: z.number().int(),
    /** Level 2 and 3 accounts, the count maxUsers limits. */
    userCount: z.number().int(),
  }),
});
export type CompanyUserList = z.infer<typeof companyUserListSchema>;

/**
 * 'Agregar Usuario' (spec part 2 §5 "Add user"): `email` is a bare username (the company's domain is
 * appended on the server) or a full address of the company's domain.
 */
const addCompanyUserFields = {
  name: displayName,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'El correo es obligatorio')
    .max(254)
    // A username or an address: letters, digits and . _ % + - before an optional @domain.
    .regex(/^[a-z0-9._%+-]+(@[^\s@]+)?$/, errorMessage('REGISTER_INVALID_EMAIL')),
};

export const addCompanyUserInputSchema = z
  .object({ ...addCompanyUserFields, password: z.string().max(128), confirmPassword: z.string().max(128) })
  .superRefine(newPasswordPair('password', 'confirmPassword'));
export type AddCompanyUserInput = z.input<typeof addCompanyUserInputSchema>;

export const userStatusBodySchema = z.object({ status: z.enum(RECORD_STATUSES) });
export const userTypeBodySchema = z.object({ userType: z.enum(USER_TYPES) });

/**
 * The address a new company user gets (spec part 2 §5, decision 72): a bare username + '@' + the
 * company's email domain; a full address must be of that domain. Without a domain, only a full
 * address is accepted. Returns the address, or the catalogue code that refuses it.
 */
export function companyUserEmail(typed: string, emailDomain: string | null): { email: string } | { error: 'COMPANY_EMAIL_MISMATCH' | 'COMPANY_DOMAIN_MISSING' | 'REGISTER_INVALID_EMAIL' } {
  const value = typed.trim().toLowerCase();
  const domain = emailDomain?.toLowerCase() ?? null;
  if (!value.includes('@') && !domain) return { error: 'COMPANY_DOMAIN_MISSING' };
  const email = value.includes('@') ? value : `${value}@${domain}`;
  if (!z.email().safeParse(email).success) return { error: 'REGISTER_INVALID_EMAIL' };
  if (domain && email.slice(email.lastIndexOf('@') + 1) !== domain) return { error: 'COMPANY_EMAIL_MISMATCH' };
  return { email };
}

// ───────── importing employees and invitations ─────────

/** A row as read from the file: plain texts, judged on the server (modules/users/employee-import.ts). */
export const employeeImportRowSchema = z.object({
  line: z.number().int().min(1).max(1_000_000),
  name: z.string().max(500),
  email: z.string().max(500),
  phone: z.string().max(100),
  userType: z.string().max(50),
});
export const employeeImportPreviewInputSchema = z.object({ rows: z.array(employeeImportRowSchema).min(1).max(IMPORT_MAX_ROWS) });
/** One confirming request: a chunk of the rows the preview accepted (IMPORT_CHUNK_SIZE; up to 1,000). */
export const employeeImportInputSchema = z.object({ rows: z.array(employeeImportRowSchema).min(1).max(1000) });

const importRowRef = z.object({ line: z.number().int(), email: z.string() });
const invalidImportRowSchema = importRowRef.extend({ message: z.string() });
export type InvalidImportRow = z.infer<typeof invalidImportRowSchema>;

/** The dry run: nothing is written. `create` are the rows a confirmation would create. */
export const employeeImportPreviewSchema = z.object({
  create: z.array(importRowRef),
  /** Employees of this company already there: left as they are ('ya existe'). */
  existing: z.array(importRowRef),
  invalid: z.array(invalidImportRowSchema),
  maxUsers: z.number().int(),
  userCount: z.number().int(),
});
export type EmployeeImportPreview = z.infer<typeof employeeImportPreviewSchema>;

export const employeeImportResultSchema = z.object({
  created: z.number().int(),
  existing: z.number().int(),
  invalid: z.array(invalidImportRowSchema),
});
export type EmployeeImportResult = z.infer<typeof employeeImportResultSchema>;

/** 'Invitar por correo': the person chooses their password from the mail (no password typed by HR). */
export const inviteCompanyUserInputSchema = z.object({
  name: displayName,
  email: addCompanyUserFields.email,
});
export type InviteCompanyUserInput = z.input<typeof inviteCompanyUserInputSchema>;
