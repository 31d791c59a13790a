/** The catalogue and a redemption (level 3). Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import { BENEFIT_TYPES, REQUEST_STATUSES } from '../constants';
import { errorMessage } from '../errors';
import { id, isoDate } from './fields';
import { isProductLink } from '../product-link';

const blockedReasonSchema = z.enum(['ALREADY_REDEEMED', 'INSUFFICIENT_TOKENS', 'OUT_OF_STOCK']).nullable();

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
  /**
   * Where to use it: the provider account that redeems its codes, else a platform benefit's
   * free-text provider; null for a company benefit that names none (its HR redeems it).
   */
  providerName: z.string().nullable(),
  /** A platform benefit's stated value ('2x1', '20% de descuento'); null when none. */
  value: z.string().nullable(),
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

/** How the catalogue orders each section: as published (highlighted first, newest), or by cost. */
export const CATALOGUE_SORTS = ['featured', 'cost_asc', 'cost_desc'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/**
 * The catalogue's finders (decision 273), applied by the server to both sections: a name search, the
 * order, and 'Me alcanza' — only what the section's own balance covers (flexible benefits against
 * the flexible balance, company benefits against the company balance).
 */
export const catalogueQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  sort: z.enum(CATALOGUE_SORTS).default('featured'),
  affordable: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

export const redeemInputSchema = z.object({
  kind: z.enum(['platform', 'company']),
  benefitId: z.string().uuid(),
  comments: z.string().trim().max(1000).nullish(),
  /**
   * Optional product link of a third-party platform benefit's request (spec part 2 §3): an http(s)
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

/**
 * Where an active code is used: the provider that redeems it (null: the company's HR),
 * and the address and standing instructions that provider gave, when it gave them.
 */
export const codePlaceFields = {
  providerName: z.string().nullable(),
  providerAddress: z.string().nullable(),
  providerInstructions: z.string().nullable(),
};

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
