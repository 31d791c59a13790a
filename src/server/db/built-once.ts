/**
 * Statements of the hot paths (a verification at the counter, a redemption) whose SQL text and row
 * mapping drizzle builds ONCE per process, with the values given at each run (decision 324).
 *
 * Building a query — walking its builder, escaping every name, turning each part into text — was a
 * third of the server's CPU per verification (CPU profile of `npm run bench:verify`), and it gave
 * the same text every time. drizzle's own prepared queries build once, but each is tied to the
 * connection it was prepared on; these run on whatever the caller holds: the pool, or the connection
 * of an open transaction (or PGlite, or a PGlite transaction).
 *
 * A statement's text must not depend on its values: everything that varies is a `sql.placeholder`.
 * A text that varies in shape (a list of any length) stays an ordinary drizzle query.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** What drizzle's `.prepare(name)` gives: the built query, run with placeholder values. */
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** drizzle's session of an executor: the one that knows its driver and holds its connection (or the pool). */
type SessionOf = {
  client: unknown;
  prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, isResponseInArrayMode: boolean): Prepared<unknown>;
};

function sessionOf(db: Executor): SessionOf {
  return (db as unknown as { session: SessionOf }).session;
}

/**
 * A statement built by `build` on first use (once per driver: the pool's and a transaction's
 * connections share it) and then run on `db`'s own connection with `values`. `build` ends in
 * drizzle's `.prepare(name)`; the name is the prepared statement's on PostgreSQL: unique in the app.
 */
export function builtOnce<R, V extends Record<string, unknown> = Record<string, unknown>>(
  build: (db: Executor) => Prepared<R>,
): (db: Executor, values: V) => Promise<R> {
  // Keyed by the session's class: node-postgres and PGlite build different query objects.
  const built = new Map<unknown, Prepared<R>>();
  return (db, values) => {
    const session = sessionOf(db);
    let base = built.get(session.constructor);
    if (!base) {
      base = build(db);
      built.set(session.constructor, base);
    }
    // The built query with this caller's connection: drizzle runs a prepared query on its `client`.
    const bound = Object.create(base) as Prepared<R> & { client: unknown };
    bound.client = session.client;
    return bound.execute(values);
  };
}

const dialect = new PgDialect();

/** A raw SQL statement built once (as builtOnce), answering its rows. */
export function rawBuiltOnce<Row extends Record<string, unknown>, V extends Record<string, unknown> = Record<string, unknown>>(
  name: string,
  statement: SQL,
): (db: Executor, values: V) => Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const run = builtOnce<{ rows: Row[] }, V>((db) => sessionOf(db).prepareQuery(query, undefined, name, false) as Prepared<{ rows: Row[] }>);
  return async (db, values) => (await run(db, values)).rows;
}

/** A placeholder of a built-once statement (drizzle's, re-exported so the call sites read as one family). */
export const value = (name: string) => sql.placeholder(name);
