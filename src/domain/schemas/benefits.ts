/** Benefits' API contract: platform benefits (level 1) and company benefits (level 2). Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import { nameField, optionalNameField } from './names';
import {
  BENEFIT_TYPES,
  COMPANY_BENEFIT_DEFAULT_AVAILABLE,
  COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER,
  DATE_MAX,
  DATE_MIN,
  PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER,
  PLATFORM_BENEFIT_DEFAULT_STOCK,
  PLATFORM_BENEFIT_DEFAULT_TOKEN_COST,
} from '../constants';
import { errorMessage } from '../errors';
import { count, id, isoDate, optionalText, pageQuery } from './fields';

/** A calendar date inside the range a benefit may name (a real date: 2025-02-30 is refused too). */
const benefitDate = z.iso
  .date()
  .refine((date) => date >= DATE_MIN && date <= DATE_MAX, `La fecha debe estar entre ${DATE_MIN} y ${DATE_MAX}`);

const platformRequired = errorMessage('PLATFORM_BENEFIT_REQUIRED');
const tokenCostField = count().min(1, 'El costo en tokens debe ser al menos 1');
/** 0 means unlimited (spec part 1 §9). */
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
  /** How many times one employee may redeem it; 0 = no limit. */
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

const companyRequired = errorMessage('COMPANY_BENEFIT_REQUIRED');
/** Start and end, when both are known, in order; an edit checks the merged values again in its service. */
const benefitDatesInOrder = (v: { startDate?: string | null; endDate?: string | null }) =>
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
  /** The provider user who fulfils it; then only that provider may redeem its codes. */
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
