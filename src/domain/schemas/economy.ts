/**
 * The token economy's API contract (issue 3): request and response schemas shared by the server
 * (validation, serialisation, OpenAPI) and the web (forms, types). Messages are the spec's.
 */
import { z } from './zod';
import { nameField, optionalNameField } from './names';
import {
  ADMIN_TOKEN_QUANTITY_MAX,
  ADMIN_TOKEN_QUANTITY_MIN,
  BENEFIT_TYPES,
  COMPANY_BENEFIT_DEFAULT_AVAILABLE,
  COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER,
  DATE_MAX,
  DATE_MIN,
  HR_ASSIGN_DEFAULT_AMOUNT,
  PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER,
  PLATFORM_BENEFIT_DEFAULT_STOCK,
  PLATFORM_BENEFIT_DEFAULT_TOKEN_COST,
  REQUEST_STATUSES,
  TRANSFER_KINDS,
} from '../constants';
import { errorMessage } from '../errors';
import { count, pageQuery } from './fields';
import { isProductLink } from '../product-link';

const id = z.string().min(1);
const isoDate = z.string();
const optionalText = z.string().trim().max(2000).nullish();
/** A calendar date inside the range a benefit may name (a real date: 2025-02-30 is refused too). */
const benefitDate = z.iso
  .date()
  .refine((date) => date >= DATE_MIN && date <= DATE_MAX, `La fecha debe estar entre ${DATE_MIN} y ${DATE_MAX}`);
export const paged = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

export const statusBodySchema = z.object({ status: z.enum(['active', 'inactive']) });
export const idParamsSchema = z.object({ id: z.string().uuid() });

// ───────── platform benefits (level 1) ─────────

const platformRequired = errorMessage('PLATFORM_BENEFIT_REQUIRED');
const tokenCostField = count().min(1, 'El costo en tokens debe ser al menos 1');
/** 0 means unlimited (part 1 §9). */
const platformStockField = count().min(0, 'El stock no puede ser negativo');
/** 0 means no limit: a benefit one may take again and again (a coffee). */
const platformLimitField = count().min(0, 'El límite por usuario no puede ser negativo');
/** The editable fields, without defaults: create adds them, an edit must not (decision: PATCH semantics). */
const platformBenefitFields = z.object({
  title: nameField({ required: platformRequired, max: 200 }),
  description: z.string({ error: platformRequired }).trim().min(1, platformRequired).max(2000),
  type: z.enum(BENEFIT_TYPES, { error: platformRequired }),
  value: optionalText,
  providerName: optionalNameField(200),
  /** The provider user who fulfils it; only that provider may verify its codes. */
  providerUserId: z.string().nullish(),
  category: optionalText,
  image: z.string().trim().max(2000).nullish(),
  isHighlighted: z.boolean(),
  tokenCost: tokenCostField,
  stock: platformStockField,
  /** How many times one employee may redeem it; 0 = no limit (issue 8). */
  limitPerUser: platformLimitField,
});
export const platformBenefitInputSchema = platformBenefitFields.extend({
  isHighlighted: z.boolean().default(false),
  tokenCost: tokenCostField.default(PLATFORM_BENEFIT_DEFAULT_TOKEN_COST),
  stock: platformStockField.default(PLATFORM_BENEFIT_DEFAULT_STOCK),
  limitPerUser: platformLimitField.default(PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER),
});
export type PlatformBenefitInput = z.input<typeof platformBenefitInputSchema>;
/**
 * Editing (PATCH): a field left out keeps its value, `null` clears a nullable one, and no default
 * applies. A stock given sets the units remaining (the explicit restock); left out, redemptions and
 * rejections alone move it.
 */
export const platformBenefitUpdateSchema = platformBenefitFields.partial();
export type PlatformBenefitUpdate = z.input<typeof platformBenefitUpdateSchema>;

export const platformBenefitSchema = z.object({
  id,
  title: z.string(),
  description: z.string(),
  type: z.enum(BENEFIT_TYPES),
  value: z.string().nullable(),
  providerName: z.string().nullable(),
  providerUserId: z.string().nullable(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  isHighlighted: z.boolean(),
  tokenCost: z.number().int(),
  /** Units left; null = unlimited. */
  stockRemaining: z.number().int().nullable(),
  /** Redemptions allowed per employee; 0 = no limit. */
  limitPerUser: z.number().int(),
  status: z.enum(['active', 'inactive']),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type PlatformBenefit = z.infer<typeof platformBenefitSchema>;

export const platformBenefitListQuerySchema = z.object({ status: z.enum(['active', 'inactive']).optional(), search: z.string().optional(), ...pageQuery });

export const providerOptionSchema = z.object({ id, name: z.string(), email: z.string(), status: z.enum(['active', 'inactive']) });
export type ProviderOption = z.infer<typeof providerOptionSchema>;

// ───────── company benefits (level 2) ─────────

const companyRequired = errorMessage('COMPANY_BENEFIT_REQUIRED');
/** Start and end, when both are known, in order; an edit checks the merged values again in its service. */
export const benefitDatesInOrder = (v: { startDate?: string | null; endDate?: string | null }) =>
  !v.startDate || !v.endDate || v.startDate <= v.endDate;
const datesInOrderError = { path: ['endDate'], message: errorMessage('BENEFIT_DATES_OUT_OF_ORDER') };
const companyBenefitFields = z.object({
  title: nameField({ required: companyRequired, max: 200 }),
  description: z.string({ error: companyRequired }).trim().min(1, companyRequired).max(2000),
  category: optionalText,
  image: z.string().trim().max(2000).nullish(),
  tokenCost: tokenCostField,
  /** What is left: an edit may set 0 (a sold-out benefit is edited without restocking it). */
  availableTokens: count().min(0, 'La cantidad disponible no puede ser negativa'),
  limitPerUser: count().min(1, 'El límite por usuario debe ser al menos 1'),
  // A real calendar date: 2025-02-30 is refused here with a 400, not by the database with a 500.
  startDate: benefitDate.nullish(),
  endDate: benefitDate.nullish(),
  /** The provider user who fulfils it; then only that provider may redeem its codes (issue 6). */
  providerUserId: z.string().nullish(),
  requiresApproval: z.boolean(),
});
export const companyBenefitInputSchema = companyBenefitFields
  .extend({
    tokenCost: tokenCostField.default(1),
    availableTokens: count().min(1, 'La cantidad disponible debe ser al menos 1').default(COMPANY_BENEFIT_DEFAULT_AVAILABLE),
    limitPerUser: companyBenefitFields.shape.limitPerUser.default(COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER),
    requiresApproval: z.boolean().default(false),
  })
  .refine(benefitDatesInOrder, datesInOrderError);
export type CompanyBenefitInput = z.input<typeof companyBenefitInputSchema>;
/**
 * Editing (PATCH), as for platform benefits: only the fields sent change. availableTokens sent is
 * the explicit restock (what is left; 0 allowed); left out, only redemptions and rejections move it.
 */
export const companyBenefitUpdateSchema = companyBenefitFields.partial().refine(benefitDatesInOrder, datesInOrderError);
export type CompanyBenefitUpdate = z.input<typeof companyBenefitUpdateSchema>;
export const companyBenefitListQuerySchema = z.object({ status: z.enum(['active', 'inactive']).optional(), search: z.string().optional(), ...pageQuery });

export const companyBenefitSchema = z.object({
  id,
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  tokenCost: z.number().int(),
  availableTokens: z.number().int(),
  limitPerUser: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  requiresApproval: z.boolean(),
  providerUserId: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type CompanyBenefit = z.infer<typeof companyBenefitSchema>;

// ───────── catalogue and redemption (level 3) ─────────

export const blockedReasonSchema = z.enum(['ALREADY_REDEEMED', 'INSUFFICIENT_TOKENS', 'OUT_OF_STOCK']).nullable();

export const catalogueItemSchema = z.object({
  id,
  kind: z.enum(['platform', 'company']),
  title: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  image: z.string().nullable(),
  tokenCost: z.number().int(),
  /** Platform benefits only. */
  type: z.enum(BENEFIT_TYPES).nullable(),
  providerName: z.string().nullable(),
  isHighlighted: z.boolean(),
  /** Units or redemptions left; null = unlimited. */
  remaining: z.number().int().nullable(),
  /** Company benefits: how many times this user redeemed it, and the limit. */
  redeemedCount: z.number().int(),
  limitPerUser: z.number().int().nullable(),
  requiresApproval: z.boolean(),
  canRedeem: z.boolean(),
  /** Why not: 'Ya canjeado', 'Tokens insuficientes' or sold out. */
  blockedReason: blockedReasonSchema,
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueSchema = z.object({
  platform: z.array(catalogueItemSchema),
  company: z.array(catalogueItemSchema),
  balances: z.object({ jobby: z.number().int(), company: z.number().int() }),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export const redeemInputSchema = z.object({
  kind: z.enum(['platform', 'company']),
  benefitId: z.string().uuid(),
  comments: z.string().trim().max(1000).nullish(),
  /**
   * Optional product link of a third-party platform benefit's request (part 2 §3): an http(s)
   * address; the server keeps it for that benefit type only.
   */
  productLink: z.string().trim().max(2000).refine(isProductLink, errorMessage('PRODUCT_LINK_INVALID')).nullish(),
});
export type RedeemInput = z.infer<typeof redeemInputSchema>;

export const codeViewSchema = z.object({
  code: z.string(),
  /** 'expired': unused past its expiry, by the database clock (the device's clock is never asked). */
  status: z.enum(['active', 'used', 'expired']),
  expiresAt: isoDate,
  usedAt: isoDate.nullable(),
});

export const redemptionResultSchema = z.object({
  requestId: id,
  redemptionId: id,
  status: z.enum(REQUEST_STATUSES),
  tokenType: z.enum(['jobby', 'company']),
  tokenCost: z.number().int(),
  /** Present when the request was approved at once. */
  code: codeViewSchema.nullable(),
  balances: z.object({ jobby: z.number().int(), company: z.number().int() }),
});
export type RedemptionResult = z.infer<typeof redemptionResultSchema>;

// ───────── requests and approvals ─────────

export const benefitRequestSchema = z.object({
  id,
  userId: id,
  userName: z.string().nullable(),
  userEmail: z.string().nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  benefitId: id,
  benefitName: z.string(),
  benefitType: z.string().nullable(),
  isBenefitJobby: z.boolean(),
  paidWithTokens: z.boolean(),
  tokenCost: z.number().int(),
  status: z.enum(REQUEST_STATUSES),
  requestDate: isoDate,
  processedDate: isoDate.nullable(),
  adminId: z.string().nullable(),
  /** What the approver tells the employee to do (approval only). */
  adminInstructions: z.string().nullable(),
  /** Why it was rejected, when the processor said so. */
  decisionNote: z.string().nullable(),
  /** The provider that was paid and fulfils it, fixed at redemption; null = none. */
  providerUserId: z.string().nullable(),
  comments: z.string().nullable(),
  productLink: z.string().nullable(),
  code: codeViewSchema.nullable(),
});
export type BenefitRequest = z.infer<typeof benefitRequestSchema>;

/**
 * The tabs of the request screens: 'pending' is every pending status, 'pending_admin' only what
 * awaits the platform ('Requieren Gestión', part 1 §4).
 */
export const REQUEST_FILTERS = ['all', 'pending', 'pending_admin', 'approved', 'rejected'] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];

export const requestListQuerySchema = z.object({
  filter: z.enum(REQUEST_FILTERS).default('all'),
  search: z.string().trim().max(200).optional(),
  ...pageQuery,
});
export const requestListSchema = z.object({
  items: z.array(benefitRequestSchema),
  total: z.number().int(),
  pendingCount: z.number().int(),
  /** Each tab's count, with the search applied (the filter not). */
  counts: z.object({ all: z.number().int(), pending: z.number().int(), pending_admin: z.number().int(), approved: z.number().int(), rejected: z.number().int() }),
});

export const approveInputSchema = z.object({ adminInstructions: z.string().trim().max(2000).nullish() });
export const rejectInputSchema = z.object({ reason: z.string().trim().max(2000).nullish() });

// ───────── token assignment and history ─────────

export const adminTokensInputSchema = z.object({
  userId: z.string({ error: errorMessage('INVALID_TOKEN_QUANTITY') }).min(1, errorMessage('INVALID_TOKEN_QUANTITY')),
  amount: count({ error: errorMessage('INVALID_TOKEN_QUANTITY') })
    .min(ADMIN_TOKEN_QUANTITY_MIN, errorMessage('INVALID_TOKEN_QUANTITY'))
    .max(ADMIN_TOKEN_QUANTITY_MAX, errorMessage('INVALID_TOKEN_QUANTITY')),
  reason: z.string().trim().max(500).nullish(),
});
export type AdminTokensInput = z.input<typeof adminTokensInputSchema>;

export const hrAssignInputSchema = z.object({
  userId: z.string({ error: errorMessage('ASSIGN_FIELDS_REQUIRED') }).min(1, errorMessage('ASSIGN_FIELDS_REQUIRED')),
  amount: count({ error: errorMessage('ASSIGN_FIELDS_REQUIRED') })
    .min(1, errorMessage('ASSIGN_FIELDS_REQUIRED'))
    .max(100_000)
    .default(HR_ASSIGN_DEFAULT_AMOUNT),
  reason: z.string().trim().max(500).nullish(),
});
export type HrAssignInput = z.input<typeof hrAssignInputSchema>;

export const hrBulkAssignInputSchema = z.object({
  userIds: z.array(z.string().min(1)).min(1, errorMessage('BULK_ASSIGN_INVALID')).max(1000),
  amount: count({ error: errorMessage('BULK_ASSIGN_INVALID') }).min(1, errorMessage('BULK_ASSIGN_INVALID')).max(100_000).default(HR_ASSIGN_DEFAULT_AMOUNT),
  reason: z.string().trim().max(500).nullish(),
});
export type HrBulkAssignInput = z.input<typeof hrBulkAssignInputSchema>;

export const assignResultSchema = z.object({ userId: id, tokenType: z.enum(['jobby', 'company']), balanceAfter: z.number().int(), transferId: z.number().int() });
export const bulkAssignResultSchema = z.object({ assigned: z.number().int(), failedUserIds: z.array(z.string()) });
export type BulkAssignResult = z.infer<typeof bulkAssignResultSchema>;

export const employeeBalanceSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(['active', 'inactive']),
  jobby: z.number().int(),
  company: z.number().int(),
  /** Last balance change; null = 'Nunca'. */
  lastUpdated: isoDate.nullable(),
});
export type EmployeeBalance = z.infer<typeof employeeBalanceSchema>;
export const employeeListQuerySchema = z.object({ search: z.string().trim().max(200).optional(), ...pageQuery });

export const historyEntrySchema = z.object({
  id: z.number().int(),
  /** The spec's history types: grant/reward/refund → add, revoke → remove, spend → used. */
  type: z.enum(['add', 'remove', 'used']),
  kind: z.enum(TRANSFER_KINDS),
  tokenType: z.enum(['jobby', 'company']),
  amount: z.number().int(),
  reason: z.string().nullable(),
  actorId: z.string().nullable(),
  actorName: z.string().nullable(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  balanceBefore: z.number().int(),
  balanceAfter: z.number().int(),
  benefitId: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: isoDate,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** A page of history: `total` counts up to HISTORY_COUNT_CAP; past it `totalIsCapped` is true. */
export const historyPageSchema = paged(historyEntrySchema).extend({ totalIsCapped: z.boolean() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
export const historyQuerySchema = z.object({
  userId: z.string().optional(),
  type: z.enum(['all', 'add', 'remove', 'used']).default('all'),
  tokenType: z.enum(['jobby', 'company']).optional(),
  search: z.string().trim().max(200).optional(),
  ...pageQuery,
});

// ───────── codes and the provider portal (level 4) ─────────

export const verifyCodeInputSchema = z.object({
  code: z.string({ error: errorMessage('CODE_REQUIRED') }).trim().min(1, errorMessage('CODE_REQUIRED')).max(32),
});
export const verifyCodeResultSchema = z.object({
  code: z.string(),
  benefitName: z.string(),
  isBenefitJobby: z.boolean(),
  userName: z.string(),
  usedAt: isoDate,
  /** 'Token verificado y procesado correctamente'. */
  message: z.string(),
});
export type VerifyCodeResult = z.infer<typeof verifyCodeResultSchema>;

export const providerHistoryItemSchema = z.object({
  code: z.string(),
  benefitName: z.string(),
  isBenefitJobby: z.boolean(),
  userName: z.string(),
  usedAt: isoDate,
});
export const providerHistorySchema = z.object({
  items: z.array(providerHistoryItemSchema),
  stats: z.object({ total: z.number().int(), month: z.number().int(), today: z.number().int() }),
});
export type ProviderHistory = z.infer<typeof providerHistorySchema>;
