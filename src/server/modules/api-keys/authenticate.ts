/**
 * A request's `Authorization: Bearer jobby_…` becomes an Actor (http/access.ts calls this instead of
 * reading the session). One indexed read per request, so a revoked or expired key is refused on its
 * very next request, and so is a key whose responsible lost access (decision 352: the same read joins
 * that person's row by its primary key and reads the key's `suspended_at`); the last-used time is written at most once a minute per key, so a busy
 * integration does not turn every read into a write.
 */
import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN, apiKeyActorName, type ApiScope } from '#domain/api-keys';
import type { Executor } from '../../db/client';
import { AppError } from '#domain/errors';
import { apiKeys, companies } from '../../db/schema';
import type { Actor } from '../../actor';
import { hashSecret, keyInForce, keyResponsible, responsibleIdOf } from './service';

/**
 * The Actor of a key's secret, or null when it is malformed, unknown, wrong, revoked or expired.
 * @throws API_KEY_SUSPENDED (the right secret of a key whose responsible lost access); nothing else.
 */
export async function actorOfApiKey(db: Executor, token: string): Promise<Actor | null> {
  const parts = API_KEY_PATTERN.exec(token);
  if (!parts) return null;
  const [, publicId, secret] = parts;
  const [row] = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      secretHash: apiKeys.secretHash,
      scopes: apiKeys.scopes,
      companyId: apiKeys.companyId,
      companyName: companies.name,
      companyStatus: companies.status,
      createdAt: apiKeys.createdAt,
      usable: sql<boolean>`${apiKeys.revokedAt} is null and (${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      inForce: keyInForce,
    })
    .from(apiKeys)
    .leftJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(keyResponsible, eq(keyResponsible.id, responsibleIdOf))
    .where(eq(apiKeys.publicId, publicId));
  if (!row || !row.usable || !sameHash(row.secretHash, hashSecret(secret))) return null;
  if (!row.inForce) throw new AppError('API_KEY_SUSPENDED');
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
  const name = apiKeyActorName(row.name);
  return {
    id: `apikey:${row.id}`,
    name,
    email: '',
    level: row.companyId ? 2 : 1,
    companyId: row.companyId,
    companyName: row.companyName,
    companyActive: row.companyStatus === 'active',
    userType: 'A',
    status: 'active',
    themePreference: 'light',
    surveyCompleted: true,
    phone: null,
    department: null,
    createdAt: row.createdAt,
    apiKey: { id: row.id, name: row.name, scopes: row.scopes as ApiScope[] },
  };
}

/** Compares two hex digests in constant time. */
function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
