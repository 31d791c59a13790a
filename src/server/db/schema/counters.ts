/**
 * Running totals that a dashboard would otherwise count over millions of rows (decision 110). Only
 * the outbox workers change them, once per event, so no request ever waits on one of these rows.
 */
import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

export const platformCounters = pgTable('platform_counters', {
  /** A COUNTER_NAMES value (modules/counters). */
  name: text('name').primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * How many accounts each company has at each level (decision 111): kept by a trigger on `users`
 * (migration 0011), so level 1's counts per level, the users without level or company and the
 * companies over their maximum read a few hundred rows instead of every account. A null company or
 * level is a row of its own (the unique key treats null as a value).
 */
export const userTallies = pgTable(
  'user_tallies',
  {
    companyId: uuid('company_id'),
    level: smallint('level'),
    users: integer('users').notNull(),
  },
  (t) => [uniqueIndex('user_tallies_key').on(sql`coalesce(${t.companyId}, '00000000-0000-0000-0000-000000000000'::uuid)`, sql`coalesce(${t.level}, 0)`)],
);
