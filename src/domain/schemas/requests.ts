/** Benefit requests and their approval (levels 1 and 2, and the employee's own). Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import { REQUEST_STATUSES } from '../constants';
import { id, isoDate, pageQuery } from './fields';
import { codePlaceFields, codeViewSchema } from './redemptions';


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
  /** With where to use it; the approver's instructions are the request's adminInstructions. */
  code: codeViewSchema.extend(codePlaceFields).nullable(),
});
export type BenefitRequest = z.infer<typeof benefitRequestSchema>;

/**
 * The tabs of the request screens: 'pending' is every pending status, 'pending_admin' only what
 * awaits the platform ('Requieren Gestión', spec part 1 §4).
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
