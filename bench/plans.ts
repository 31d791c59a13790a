/**
 * The query plans behind a screen: the app's own service function runs on a drizzle instance whose
 * logger keeps every statement it sends, and each statement is then run again under
 * EXPLAIN (ANALYZE, BUFFERS) with the same parameters. No SQL is copied into the bench, so the plans
 * are those of the code that serves the screen.
 */
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { Logger } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../src/server/db/client';
import * as schema from '../src/server/db/schema';

type Statement = { text: string; params: unknown[] };
export type ScreenPlans = { statements: number; plans: string[]; executionMs: number[] };

/**
 * Runs `work` (a service call) and explains what it sent. On PostgreSQL it opens its own two
 * connections; on PGlite it shares the bench's client (the server must not be running on it).
 */
export async function explainScreen(database: Database, work: (db: Db) => Promise<unknown>): Promise<ScreenPlans> {
  const statements: Statement[] = [];
  const logger: Logger = { logQuery: (text, params) => void statements.push({ text, params }) };
  let explain: (statement: Statement) => Promise<string[]>;
  let close = async () => {};
  if (database.pglite) {
    const client = database.pglite;
    await work(drizzlePglite(client, { schema, logger }) as unknown as Db);
    explain = async ({ text, params }) => (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params)).rows.map((r) => r['QUERY PLAN']);
  } else {
    const pool = new pg.Pool({ connectionString: database.url ?? undefined, max: 2 });
    close = () => pool.end();
    await work(drizzlePg(pool, { schema, logger }) as unknown as Db);
    explain = async ({ text, params }) => (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params as unknown[])).rows.map((r) => r['QUERY PLAN']);
  }
  try {
    const plans: string[] = [];
    const executionMs: number[] = [];
    for (const statement of statements) {
      const lines = await explain(statement);
      const time = lines.map((line) => /^Execution Time: ([\d.]+) ms/.exec(line.trim())).find(Boolean);
      executionMs.push(time ? Number(time[1]) : Number.NaN);
      plans.push([statement.text, ...lines].join('\n'));
    }
    return { statements: statements.length, plans, executionMs };
  } finally {
    await close();
  }
}
