/**
 * API keys (decision 220): HR creates, lists, revokes and confirms its company's keys; level 1 creates
 * the platform's and lists, revokes and confirms every key (decision 352).
 * The secret exists in clear only in the answer of its creation; the row keeps its SHA-256.
 * Key management is for people only: no route here declares an API scope, so a key cannot make keys.
 *
 * A key belongs to its company (or the platform) and rests on the rights of one person, its
 * responsible: its creator, or whoever confirmed it last. While that person has no access to manage
 * it (disabled, level changed, moved to another company, account deleted) the key is suspended:
 * authenticate.ts refuses it, reading `responsibleHasAccess` in the same statement that finds the key,
 * so no path that changes a user has to remember the keys. Another HR admin of the company (or level
 * 1) confirms it and becomes its responsible.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_KEY_PREFIX, API_SCOPES_BY_AUDIENCE, type ApiKeyAudience, type ApiScope } from '#domain/api-keys';
import { APP_TIME_ZONE } from '#domain/dates';
import { AppError } from '#domain/errors';
import type { ApiKey, ApiKeyList, ApiKeyListQuery, CreatedApiKey } from '#domain/schemas/api-keys';
import type { Db, Executor } from '../../db/client';
import { apiKeys, companies, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';

type ApiKeyCommand = { name: string; scopes: ApiScope[]; expiresOn?: string | null };

const santiagoToday = new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Whose keys the caller creates: level 1 the platform's (no company), HR its company's. */
function ownerOf(actor: Actor): { audience: ApiKeyAudience; companyId: string | null } {
  if (actor.level === 1) return { audience: 'platform', companyId: null };
  return { audience: 'company', companyId: companyOf(actor) };
}

/** The keys the caller manages (lists, revokes, confirms): level 1 every key, HR its company's. @throws NO_COMPANY_ASSIGNED. */
function managedBy(actor: Actor): SQL | undefined {
  return actor.level === 1 ? undefined : eq(apiKeys.companyId, companyOf(actor));
}

/** The stored form of a key's secret part. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The person a key rests on; joined by `coalesce(confirmed_by, created_by)` (users' primary key). */
export const keyResponsible = alias(users, 'key_responsible');
const keyCreator = alias(users, 'key_creator');
export const responsibleIdOf = sql`coalesce(${apiKeys.confirmedBy}, ${apiKeys.createdBy})`;

/**
 * Whether the key's responsible may still manage it: an active level 1 person (any key), or an
 * active HR admin (level 2) of the key's company. False when the account no longer exists. Read
 * with `keyResponsible` left-joined on `responsibleIdOf`.
 */
const responsibleHasAccess = sql<boolean>`coalesce(${keyResponsible.status} = 'active' and (${keyResponsible.level} = 1 or (${keyResponsible.level} = 2 and ${keyResponsible.companyId} = ${apiKeys.companyId})), false)`;

/**
 * Whether the key works on its responsible's rights: they hold them now (`responsibleHasAccess`), and
 * have not lost them since the key was made or last confirmed (`suspended_at`, set by the users trigger
 * of migration 0033 when a level, status or company changes — so a person who got access back does not
 * revive the key by themselves). Read with `keyResponsible` left-joined on `responsibleIdOf`.
 */
export const keyInForce = sql<boolean>`(${apiKeys.suspendedAt} is null and ${responsibleHasAccess})`;

const viewColumns = {
  id: apiKeys.id,
  name: apiKeys.name,
  publicId: apiKeys.publicId,
  scopes: apiKeys.scopes,
  createdAt: apiKeys.createdAt,
  expiresAt: apiKeys.expiresAt,
  lastUsedAt: apiKeys.lastUsedAt,
  revokedAt: apiKeys.revokedAt,
  companyId: apiKeys.companyId,
  companyName: companies.name,
  createdBy: apiKeys.createdBy,
  createdByName: keyCreator.name,
  responsibleName: keyResponsible.name,
  confirmedAt: apiKeys.confirmedAt,
  inForce: keyInForce,
  /** By the database clock, the one that refuses it (authenticate.ts). */
  expired: sql<boolean>`coalesce(${apiKeys.expiresAt} <= now(), false)`,
};

/** The keys with what the list shows of each: company, creator and responsible. */
function selectViews(db: Executor) {
  return db
    .select(viewColumns)
    .from(apiKeys)
    .leftJoin(companies, eq(companies.id, apiKeys.companyId))
    .leftJoin(keyCreator, eq(keyCreator.id, apiKeys.createdBy))
    .leftJoin(keyResponsible, eq(keyResponsible.id, responsibleIdOf));
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];

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
    companyId: row.companyId,
    companyName: row.companyName,
    createdByName: row.createdByName,
    responsibleName: row.responsibleName,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    status: row.revokedAt ? 'revoked' : row.expired ? 'expired' : row.inForce ? 'active' : 'suspended',
  };
}

/**
 * The keys the caller manages, newest first, revoked ones too: HR its company's; level 1 every key,
 * or one company's (`company`), or the platform's (`company: 'platform'`). @throws NO_COMPANY_ASSIGNED.
 */
export async function listApiKeys(db: Executor, actor: Actor, query: ApiKeyListQuery = {}): Promise<ApiKeyList> {
  const filter = actor.level !== 1 || !query.company ? undefined : query.company === 'platform' ? isNull(apiKeys.companyId) : eq(apiKeys.companyId, query.company);
  const rows = await selectViews(db)
    .where(and(managedBy(actor), filter))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
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
  const [{ id }] = await db
    .insert(apiKeys)
    .values({ publicId, secretHash: hashSecret(secret), name: input.name, scopes, companyId: owner.companyId, createdBy: actor.id, ...(expiresAt ? { expiresAt } : {}) })
    .returning({ id: apiKeys.id });
  return { key: await managedKey(db, id, actor), secret: `${API_KEY_PREFIX}${publicId}_${secret}` };
}

/** One key the caller manages. @throws API_KEY_NOT_FOUND (also another company's key, for HR). */
async function managedRow(db: Executor, id: string, actor: Actor): Promise<ViewRow> {
  const [row] = await selectViews(db).where(and(eq(apiKeys.id, id), managedBy(actor)));
  if (!row) throw new AppError('API_KEY_NOT_FOUND');
  return row;
}

const managedKey = async (db: Executor, id: string, actor: Actor) => toApiKey(await managedRow(db, id, actor));

/**
 * Revokes a key the caller manages (level 1: any key): its next request is refused (authenticate.ts
 * reads the row on every request). Revoking a revoked key changes nothing. @throws NO_COMPANY_ASSIGNED;
 * API_KEY_NOT_FOUND (also another company's key, for HR).
 */
export async function revokeApiKey(db: Executor, id: string, actor: Actor): Promise<ApiKey> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()`, revokedBy: actor.id })
    .where(and(eq(apiKeys.id, id), managedBy(actor), isNull(apiKeys.revokedAt)));
  return managedKey(db, id, actor);
}

/**
 * 'Confirmar' (decision 352): the caller takes responsibility for a suspended key, which works again
 * on its next request, resting now on the caller's rights. Only a suspended key (not revoked, not
 * expired) is confirmed, and never by its creator: a person whose access lapsed does not vouch for
 * their own key again. The key's row is locked, so two confirmations at once end with one responsible.
 * @throws NO_COMPANY_ASSIGNED; API_KEY_NOT_FOUND; API_KEY_CONFIRM_OWN; API_KEY_NOT_SUSPENDED.
 */
export async function confirmApiKey(db: Db, id: string, actor: Actor): Promise<ApiKey> {
  await db.transaction(async (tx) => {
    await tx.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.id, id), managedBy(actor))).for('update');
    const row = await managedRow(tx, id, actor);
    if (row.createdBy === actor.id) throw new AppError('API_KEY_CONFIRM_OWN');
    if (toApiKey(row).status !== 'suspended') throw new AppError('API_KEY_NOT_SUSPENDED');
    await tx.update(apiKeys).set({ confirmedBy: actor.id, confirmedAt: sql`now()`, suspendedAt: null }).where(eq(apiKeys.id, id));
  });
  return managedKey(db, id, actor);
}
