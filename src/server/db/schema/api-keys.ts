/** API keys (decision 220): server-to-server credentials of a company (HR's) or of the platform (level 1's). */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { API_SCOPES } from '#domain/api-keys';
import { createdAt, ts } from './columns';
import { companies } from './companies';

/**
 * One row per key. The secret is never stored: `secret_hash` is the SHA-256 of its random part, found
 * through `public_id` (the unique index), so checking a key is one indexed read, never a scan. A
 * revoked key keeps its row (who did what with it stays explained in the histories that name it).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The key's visible part (`jobby_<public id>_…`): 12 hex characters. */
    publicId: text('public_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** Null: a platform key (level 1). A company's keys go with the company. */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    /** The person who made it (a users.id, no foreign key: the row outlives the account). */
    createdBy: text('created_by').notNull(),
    /**
     * Who confirmed it last after its responsible lost access (decision 352), or null. The key's
     * responsible — whose rights it rests on — is this person, or else its creator.
     */
    confirmedBy: text('confirmed_by'),
    confirmedAt: ts('confirmed_at'),
    /**
     * When its responsible lost access (set by the users trigger of migration 0033, decision 352); the
     * key stays refused until someone else confirms it, even if that person's access comes back.
     */
    suspendedAt: ts('suspended_at'),
    createdAt: createdAt(),
    /** The key is refused from this instant on; null: no expiry. */
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('api_keys_public_id_key').on(t.publicId),
    // The integrations screen lists one owner's keys, newest first.
    index('api_keys_company_created_idx').on(t.companyId, t.createdAt),
    // The users trigger finds a person's keys by their responsible (migration 0033), never by a scan.
    index('api_keys_responsible_idx').on(sql`coalesce(${t.confirmedBy}, ${t.createdBy})`).where(sql`${t.revokedAt} is null`),
    check('api_keys_scopes_check', sql`${t.scopes} <@ array[${sql.raw(API_SCOPES.map((scope) => `'${scope}'`).join(', '))}]::text[] and cardinality(${t.scopes}) > 0`),
  ],
);
