/** Codes: their verification and the provider portal's history (levels 2 and 4). Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import { errorMessage } from '../errors';
import { isoDate } from './fields';

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

/**
 * `POST /api/codes/lookup` (issue 21 §2): what a scanned code is for, before the provider confirms
 * ('Confirmar canje'); nothing is redeemed. The same refusals as verification; a code this provider
 * already redeemed answers `used` with when (to that provider only).
 */
export const codeLookupSchema = z.object({
  code: z.string(),
  benefitName: z.string(),
  isBenefitJobby: z.boolean(),
  /** The employee's first name only: enough to greet them at the counter. */
  firstName: z.string(),
  expiresAt: isoDate,
  status: z.enum(['active', 'used']),
  /** When this provider redeemed it (status 'used'); null while active. */
  usedAt: isoDate.nullable(),
});
export type CodeLookup = z.infer<typeof codeLookupSchema>;
