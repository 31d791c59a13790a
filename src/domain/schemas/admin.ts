/**
 * Platform administration (level 1): providers, user diagnostics and level assignment, and
 * the dashboard — the contract shared by the server and the level 1 screens. Messages are the spec's.
 */
import { z } from './zod';
import { nameField } from './names';
import { PASSWORD_MIN_LENGTH, PROVIDER_NAME_MIN_LENGTH, RECORD_STATUSES } from '../constants';
import { errorMessage } from '../errors';
import { emailDomainOf } from '../levels';
import { pageQuery } from './fields';

const optionalText = (max: number) => z.string().trim().max(max).nullish();

/** A user's id in a path: better-auth's ids are not UUIDs. */
export const userIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ───────── providers (spec part 1 §2 "Providers", §5 "Provider") ─────────

const providerName = nameField({
  required: errorMessage('PROVIDER_NAME_TOO_SHORT'),
  max: 200,
  min: { length: PROVIDER_NAME_MIN_LENGTH, message: errorMessage('PROVIDER_NAME_TOO_SHORT') },
});

/** The fields a provider's edit may change: the email never (spec part 1 §5), nor the password here. */
const providerEditableFields = {
  name: providerName,
  status: z.enum(RECORD_STATUSES),
  category: optionalText(100),
  description: optionalText(2000),
  contactPhone: optionalText(50),
  /** Where and how to use a code there, shown beside every active code it redeems. */
  address: optionalText(300),
  instructions: optionalText(500),
};

/**
 * Creating a provider: the address must end with the configured provider domain (spec part 1 §5, with
 * that host in the message), the password follows the registration rule.
 */
export function providerInputSchema(providerDomain: string) {
  const domainMessage = errorMessage('PROVIDER_EMAIL_DOMAIN', { host: providerDomain });
  return z.object({
    ...providerEditableFields,
    email: z
      .string({ error: domainMessage })
      .trim()
      .toLowerCase()
      .max(254)
      .refine((email) => emailDomainOf(email) === providerDomain.toLowerCase(), domainMessage)
      .pipe(z.email(errorMessage('REGISTER_INVALID_EMAIL'))),
    password: z
      .string({ error: errorMessage('PASSWORD_TOO_SHORT') })
      .min(PASSWORD_MIN_LENGTH, errorMessage('PASSWORD_TOO_SHORT'))
      .max(128),
    status: providerEditableFields.status.default('active'),
  });
}
export type ProviderInput = z.input<ReturnType<typeof providerInputSchema>>;
/** 'Invitar por correo' (decision 212): the provider chooses the password from the mail. */
export function providerInviteSchema(providerDomain: string) {
  return providerInputSchema(providerDomain).omit({ password: true });
}
export type ProviderInvite = z.input<ReturnType<typeof providerInviteSchema>>;

/** Editing (PATCH): only the fields sent change; an `email` or `password` sent is ignored. */
export const providerUpdateSchema = z.object(providerEditableFields).partial();
export type ProviderUpdate = z.input<typeof providerUpdateSchema>;

export const providerSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(RECORD_STATUSES),
  category: z.string().nullable(),
  description: z.string().nullable(),
  contactPhone: z.string().nullable(),
  address: z.string().nullable(),
  instructions: z.string().nullable(),
  createdAt: z.string(),
});
export type Provider = z.infer<typeof providerSchema>;

export const providerListQuerySchema = z.object({
  /** In name, email or category. */
  search: z.string().trim().max(200).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  ...pageQuery,
});

// ───────── users: diagnostics and levels (spec part 1 §2 "User diagnostics", "Assign levels") ─────────

/** A level, or null for "sin nivel" (spec part 1 §6: level 1 assigns 1–4 or none). */
const assignableLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.null()], { error: errorMessage('USER_LEVEL_INVALID') });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  level: assignableLevelSchema,
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  createdAt: z.string(),
  /** Invited (decision 212) and no password chosen yet: 'Invitación pendiente'. */
  invitationPending: z.boolean(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One level change of a user, as level 1 reads it (decisions 121 and 122): who, when, from → to. */
const userLevelChangeSchema = z.object({
  fromLevel: assignableLevelSchema,
  toLevel: assignableLevelSchema,
  changedAt: z.string(),
  changedById: z.string(),
  /** Null when the changer's account no longer exists. */
  changedByName: z.string().nullable(),
});
export const userLevelChangesSchema = z.object({ items: z.array(userLevelChangeSchema) });
export type UserLevelChanges = z.infer<typeof userLevelChangesSchema>;

export const adminUserListQuerySchema = z.object({
  /** In name, email or company name. */
  search: z.string().trim().max(200).optional(),
  /** 1–4, or 'none' for users without a level. */
  level: z.enum(['1', '2', '3', '4', 'none']).optional(),
  ...pageQuery,
});

/** A problem found in the data, with the screen that fixes it. */
export const userRecommendationSchema = z.object({
  kind: z.enum(['users_without_level', 'employees_without_company', 'hr_without_company', 'companies_over_max_users']),
  count: z.number().int(),
  message: z.string(),
  /** The level 1 screen where it is fixed. */
  link: z.string(),
  linkLabel: z.string(),
});
export type UserRecommendation = z.infer<typeof userRecommendationSchema>;

export const userSummarySchema = z.object({
  total: z.number().int(),
  byLevel: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), none: z.number().int() }),
  recommendations: z.array(userRecommendationSchema),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userLevelInputSchema = z.object({ level: assignableLevelSchema });

// ───────── dashboard (spec part 1 §2 "Dashboard") ─────────

export const adminDashboardSchema = z.object({
  stats: z.object({
    companies: z.number().int(),
    users: z.number().int(),
    /** Active platform benefits. */
    platformBenefits: z.number().int(),
    /** Every pending request level 1 can act on. */
    pendingRequests: z.number().int(),
    /** Used codes ("completed tokens"). */
    completedCodes: z.number().int(),
  }),
  recentCompanies: z.array(
    z.object({ id: z.string(), name: z.string(), contactName: z.string().nullable(), status: z.enum(RECORD_STATUSES), userCount: z.number().int(), createdAt: z.string() }),
  ),
  recentCodes: z.array(
    z.object({
      code: z.string(),
      benefitName: z.string(),
      isBenefitJobby: z.boolean(),
      userName: z.string().nullable(),
      companyName: z.string().nullable(),
      providerName: z.string().nullable(),
      usedAt: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
