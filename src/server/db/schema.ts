/**
 * The whole data model (spec part 1 §3 and spec part 2 §3), for PGlite and PostgreSQL alike, one file per
 * module under schema/. Money-like values are integers; balances live in the ledger (ARCHITECTURE §4).
 * This file gathers them for drizzle (the adapter, drizzle-kit) and for the code that queries them.
 */
export * from './schema/companies';
export * from './schema/auth';
export * from './schema/rate-limits';
export * from './schema/mail';
export * from './schema/benefits';
export * from './schema/requests';
export * from './schema/ledger';
export * from './schema/achievements';
export * from './schema/surveys';
export * from './schema/bot';
export * from './schema/users';
export * from './schema/events';
export * from './schema/counters';
export * from './schema/legacy';
export * from './schema/webhooks';
export * from './schema/api-keys';
