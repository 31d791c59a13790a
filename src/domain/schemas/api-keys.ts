/** API keys (decision 220): the contract of /api/api-keys, shared by the server and the integrations screen. */
import { z } from './zod';
import { API_KEY_STATUSES, API_SCOPES } from '../api-keys';
import { DATE_MAX } from '../constants';
import { errorMessage } from '../errors';
import { nameField } from './names';

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `jobby_<public id>`: enough to tell keys apart, never the secret. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdAt: z.string(),
  /** The last instant the key works, or null (no expiry). */
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** The key's company, or null: a platform key (level 1's list shows both). */
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  /** Who created it; null when that account no longer exists. */
  createdByName: z.string().nullable(),
  /** Whose rights it rests on (decision 352): who confirmed it last, or else its creator; null when that account no longer exists. */
  responsibleName: z.string().nullable(),
  /** When someone confirmed it after its responsible lost access (null: never). */
  confirmedAt: z.string().nullable(),
  /** `suspended`: its responsible lost access; refused until another HR admin (or level 1) confirms it. */
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });

/** Level 1's filter of its list of every key: one company's, or the platform's ('platform'); none: all. */
export const apiKeyListQuerySchema = z.object({ company: z.union([z.literal('platform'), z.string().uuid()]).optional() });
export type ApiKeyListQuery = z.infer<typeof apiKeyListQuerySchema>;
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

export const API_KEY_NAME_MAX = 80;

export const apiKeyInputSchema = z.object({
  name: nameField({ required: errorMessage('API_KEY_NAME_REQUIRED'), max: API_KEY_NAME_MAX }),
  scopes: z
    .array(z.enum(API_SCOPES))
    .min(1, { message: errorMessage('API_KEY_SCOPES_REQUIRED') })
    .max(API_SCOPES.length),
  /** The last day the key works (YYYY-MM-DD, Santiago), or none (null, or '' from an empty date field). */
  expiresOn: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: 'Usa una fecha con el formato AAAA-MM-DD' })
    // A day that exists ('2026-02-30' does not): read back, it must be the same day.
    .refine((day) => day === '' || (!Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day)), { message: 'La fecha no existe' })
    .refine((day) => day === '' || day <= DATE_MAX, { message: `La fecha debe ser anterior a ${DATE_MAX}` })
    .nullish(),
});
export type ApiKeyInput = z.input<typeof apiKeyInputSchema>;

/** The one answer that carries the secret: shown once, never stored in clear. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
