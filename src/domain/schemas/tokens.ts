/** Token assignment (levels 1 and 2) and the token history. Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import {
  ADMIN_TOKEN_QUANTITY_MAX,
  ADMIN_TOKEN_QUANTITY_MIN,
  HR_ASSIGN_DEFAULT_AMOUNT,
  TRANSFER_KINDS,
} from '../constants';
import { errorMessage } from '../errors';
import { id, isoDate, paged, pageQuery } from './fields';

/**
 * A whole number of tokens in a JSON body: `missing` for anything that is not a number, and the one
 * message for a decimal (2.5), on every token form (decision 358), whatever its other rules say.
 */
const wholeTokens = (missing: string) => z.number({ error: missing }).int(errorMessage('TOKEN_QUANTITY_NOT_INTEGER'));

/**
 * The second confirmation of a large grant (decision 358, src/domain/grant-threshold.ts): a grant of
 * more than the threshold per person is refused (LARGE_GRANT_UNCONFIRMED) unless it says `true` here.
 */
const confirmLarge = z.boolean().optional();

export const adminTokensInputSchema = z.object({
  userId: z.string({ error: errorMessage('INVALID_TOKEN_QUANTITY') }).min(1, errorMessage('INVALID_TOKEN_QUANTITY')),
  amount: wholeTokens(errorMessage('INVALID_TOKEN_QUANTITY'))
    .min(ADMIN_TOKEN_QUANTITY_MIN, errorMessage('INVALID_TOKEN_QUANTITY'))
    .max(ADMIN_TOKEN_QUANTITY_MAX, errorMessage('INVALID_TOKEN_QUANTITY')),
  reason: z.string().trim().max(500).nullish(),
});

export const hrAssignInputSchema = z.object({
  userId: z.string({ error: errorMessage('ASSIGN_FIELDS_REQUIRED') }).min(1, errorMessage('ASSIGN_FIELDS_REQUIRED')),
  amount: wholeTokens(errorMessage('ASSIGN_FIELDS_REQUIRED'))
    .min(1, errorMessage('ASSIGN_FIELDS_REQUIRED'))
    .max(100_000)
    .default(HR_ASSIGN_DEFAULT_AMOUNT),
  reason: z.string().trim().max(500).nullish(),
  confirmLarge,
});

export const hrBulkAssignInputSchema = z.object({
  userIds: z.array(z.string().min(1)).min(1, errorMessage('BULK_ASSIGN_INVALID')).max(1000),
  amount: wholeTokens(errorMessage('BULK_ASSIGN_INVALID')).min(1, errorMessage('BULK_ASSIGN_INVALID')).max(100_000).default(HR_ASSIGN_DEFAULT_AMOUNT),
  reason: z.string().trim().max(500).nullish(),
  confirmLarge,
});

export const assignResultSchema = z.object({ userId: id, tokenType: z.enum(['jobby', 'company']), balanceAfter: z.number().int(), transferId: z.number().int() });
/** The grant a reversal takes back (decision 359): its transfer id, in the path. */
export const grantParamsSchema = z.object({ transferId: z.string().regex(/^\d{1,15}$/, errorMessage('GRANT_NOT_FOUND')).transform(Number) });
/** A reversal's optional reason; blank means 'Reversión: <the grant's reason>'. */
export const reverseGrantInputSchema = z.object({ reason: z.string().trim().max(500).nullish() }).default({});
export const reverseGrantResultSchema = z.object({
  transferId: z.number().int(),
  reversesTransferId: z.number().int(),
  userId: id,
  tokenType: z.enum(['jobby', 'company']),
  amount: z.number().int(),
  balanceAfter: z.number().int(),
});
export type ReverseGrantResult = z.infer<typeof reverseGrantResultSchema>;
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
  /** The transfer this one takes back (a grant's reversal, a spend's refund); null for most. */
  reversesTransferId: z.number().int().nullable(),
  /** The transfer that took this one back, once it was (a reversed grant, a refunded spend). */
  reversedByTransferId: z.number().int().nullable(),
  createdAt: isoDate,
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
/** A page of history: `total` counts up to HISTORY_COUNT_CAP; past it `totalIsCapped` is true. */
export const historyPageSchema = paged(historyEntrySchema).extend({ totalIsCapped: z.boolean() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
/** The employee's own wallet (decision 203): one token type, filtered by movement type, paged. */
export const walletQuerySchema = z.object({
  tokenType: z.enum(['jobby', 'company']).default('jobby'),
  type: z.enum(['all', 'add', 'remove', 'used']).default('all'),
  ...pageQuery,
});
export type WalletQuery = z.input<typeof walletQuerySchema>;
export const historyQuerySchema = z.object({
  userId: z.string().optional(),
  type: z.enum(['all', 'add', 'remove', 'used']).default('all'),
  tokenType: z.enum(['jobby', 'company']).optional(),
  search: z.string().trim().max(200).optional(),
  ...pageQuery,
});
