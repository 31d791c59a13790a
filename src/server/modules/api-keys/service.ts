/**
 * API keys (issue 22 §1): HR creates, lists and revokes its company's keys, level 1 the platform's.
 * The secret exists in clear only in the answer of its creation; the row keeps its SHA-256.
 * Key management is for people only: no route here declares an API scope, so a key cannot make keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { API_KEY_PREFIX, API_SCOPES_BY_AUDIENCE, type ApiKeyAudience, type ApiScope } from '../../../domain/api-keys';
import { APP_TIME_ZONE } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { ApiKey, ApiKeyList, CreatedApiKey } from '../../../domain/schemas/api-keys';
import type { Executor } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';

type ApiKeyCommand = { name: string; scopes: ApiScope[]; expiresOn?: string | null };

const santiagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whose keys the caller manages: level 1 the platform's (no company), HR its company's. */
function ownerOf(actor: Actor): { audience: ApiKeyAudience; companyId: string | null; where: SQL } {
  if (actor.level === 1) return { audience: 'platform', companyId: null, where: isNull(apiKeys.companyId) };
  const companyId = companyOf(actor);
  return { audience: 'company', companyId, where: eq(apiKeys.companyId, companyId) };
}

/** The stored form of a key's secret part. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  publicId: apiKeys.publicId,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  /** By the database clock, the one that refuses it (authenticate.ts). */
  expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
};

type ViewRow = { id: string; name: string; publicId: string; scopes: string[]; createdAt: Date; expiresAt: Date | null; lastUsedAt: Date | null; revokedAt: Date | null; expired: boolean };

function toApiKey(row: ViewRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_PREFIX}${row.publicId}`,
    scopes: row.scopes as ApiScope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expired ? 'expired' : 'active',
  };
}

/** The caller's keys (its company's, or the platform's), newest first; revoked ones too. @throws NO_COMPANY_ASSIGNED. */
export async function listApiKeys(db: Executor, actor: Actor): Promise<ApiKeyList> {
  const rows = await db.select(viewColumns).from(apiKeys).where(ownerOf(actor).where).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return { items: rows.map(toApiKey) };
}

/**
 * A new key for the caller's company (HR) or the platform (level 1). `expiresOn` is the last day it
 * works, in Santiago time: it is refused from the next midnight there. The secret is 32 random bytes;
 * the public id, 6 more, is what finds the row.
 * @throws NO_COMPANY_ASSIGNED; API_KEY_SCOPE_NOT_OFFERED (users:write on a platform key);
 *   API_KEY_EXPIRY_PAST (a day before today).
 */
export async function createApiKey(db: Executor, input: ApiKeyCommand, actor: Actor): Promise<CreatedApiKey> {
  const owner = ownerOf(actor);
  const offered = API_SCOPES_BY_AUDIENCE[owner.audience];
  if (input.scopes.some((scope) => !offered.includes(scope))) throw new AppError('API_KEY_SCOPE_NOT_OFFERED');
  const scopes = offered.filter((scope) => input.scopes.includes(scope));
  let expiresAt: SQL | null = null;
  if (input.expiresOn) {
    // ISO dates compare as text; 'en-CA' formats a day as YYYY-MM-DD.
    if (input.expiresOn < santiagoToday.format(new Date())) throw new AppError('API_KEY_EXPIRY_PAST');
    expiresAt = sql`((${input.expiresOn}::date + 1)::timestamp at time zone ${APP_TIME_ZONE})`;
  }
  const publicId = randomBytes(6).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(apiKeys)
    .values({ publicId, secretHash: hashSecret(secret), name: input.name, scopes, companyId: owner.companyId, createdBy: actor.id, ...(expiresAt ? { expiresAt } : {}) })
    .returning(viewColumns);
  return { key: toApiKey(row), secret: `${API_KEY_PREFIX}${publicId}_${secret}` };
}

/**
 * Revokes one of the caller's keys: its next request is refused (authenticate.ts reads the row on
 * every request). Revoking a revoked key changes nothing. @throws NO_COMPANY_ASSIGNED; API_KEY_NOT_FOUND
 * (also another owner's key).
 */
export async function revokeApiKey(db: Executor, id: string, actor: Actor): Promise<ApiKey> {
  const mine = and(eq(apiKeys.id, id), ownerOf(actor).where);
  await db.update(apiKeys).set({ revokedAt: sql`now()`, revokedBy: actor.id }).where(and(mine, isNull(apiKeys.revokedAt)));
  const [row] = await db.select(viewColumns).from(apiKeys).where(mine);
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return toApiKey(row);
}
