/**
 * The bench's own database access: a fresh database per run (a temp PGlite folder, or a new
 * database on the PostgreSQL of DATABASE_URL) and raw SQL on top of the app's openDatabase().
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';

export type Driver = 'pglite' | 'postgres';

/** Where the server and the bench find the database, and how to throw it away. */
export type BenchDatabase = {
  driver: Driver;
  /** PostgreSQL URL of the bench database (postgres only). */
  url: string | null;
  /** The DATA_DIR given to the server; PGlite lives in DATA_DIR/pglite, like `npm start`. */
  dataDir: string;
  pgliteDir: string | null;
  dispose: () => Promise<void>;
};

export async function createBenchDatabase(baseUrl: string | undefined): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-bench-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (!baseUrl) {
    return { driver: 'pglite', url: null, dataDir, pgliteDir: path.join(dataDir, 'pglite'), dispose: async () => removeDir() };
  }
  const name = `jobby_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    driver: 'postgres',
    url: url.toString(),
    dataDir,
    pgliteDir: null,
    dispose: async () => {
      try {
        // FORCE: a server killed mid-run may leave connections behind.
        await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        removeDir();
      }
    },
  };
}

/** One statement on the server of `baseUrl` (CREATE / DROP DATABASE), on its own connection. */
export async function adminQuery(baseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Opens the bench database with the app's own code, so the schema is exactly the app's migrations. */
export async function openBenchDatabase(target: BenchDatabase, migrate = false): Promise<Database> {
  // poolSize 2: the bench runs one statement at a time and must not take connections from the server.
  const database = await openDatabase({ url: target.url, pgliteDir: target.pgliteDir, poolSize: 2 });
  if (migrate) await migrateDatabase(database);
  return database;
}

/** Runs raw SQL and returns its rows (both drivers answer `{ rows }`). */
export async function query<T extends Record<string, unknown>>(database: Database, text: string): Promise<T[]> {
  const result = (await database.db.execute(sql.raw(text))) as unknown as { rows: T[] };
  return result.rows;
}

/** Quotes a string literal for the SQL the seeder builds (all inputs are the bench's own constants and ids). */
export function literal(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * PostgreSQL only: waits until no other session of this database is running a statement. A timed
 * load run ends with requests still executing on the server (autocannon only drops the sockets);
 * reading balances, or taking the locks a bulk load needs, before they finish would race them.
 */
export async function waitForIdleServer(database: Database, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await query<{ busy: string | number }>(
      database,
      `SELECT count(*) AS busy FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND state IS DISTINCT FROM 'idle'`,
    );
    if (Number(row.busy) === 0) return;
    if (Date.now() > deadline) throw new Error(`the server still runs ${row.busy} statements after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
