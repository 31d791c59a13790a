/** Codes: their verification and the provider portal's history (levels 2 and 4). Part of the token economy's contract (./economy.ts). */
import { z } from './zod';
import { errorMessage } from '../errors';
import { isoDate, pageQuery } from './fields';

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
  /** The codes that match the search and dates (all pages); `stats` count every code, unfiltered. */
  total: z.number().int(),
  stats: z.object({ total: z.number().int(), month: z.number().int(), today: z.number().int() }),
});
export type ProviderHistory = z.infer<typeof providerHistorySchema>;

/** A calendar day as the date fields send it, 'YYYY-MM-DD' (a real date: 2026-02-30 is refused). */
const calendarDay = z.iso.date({ error: 'La fecha no es válida' });
/**
 * The provider history's filters: text found in the code, the benefit or the employee's
 * name, and a range of calendar days in Santiago, both ends included.
 */
const providerHistoryFilters = z.object({
  search: z.string().trim().max(100).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
});
const datesInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const datesInOrderError = { path: ['to'], message: 'La fecha final no puede ser anterior a la inicial' };
export const providerHistoryExportQuerySchema = providerHistoryFilters.refine(datesInOrder, datesInOrderError);
export type ProviderHistoryFilters = z.infer<typeof providerHistoryExportQuerySchema>;
export const providerHistoryQuerySchema = providerHistoryFilters.extend(pageQuery).refine(datesInOrder, datesInOrderError);
export type ProviderHistoryQuery = z.infer<typeof providerHistoryQuerySchema>;

/**
 * `POST /api/codes/lookup` (decisions 170 and 171): what a scanned code is for, before the provider confirms
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
