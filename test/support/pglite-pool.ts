/**
 * One migrated PGlite per test worker, reset between files (decision 168).
 *
 * Loading the run's migrated dump (global-setup.ts) costs seconds per file: PGlite unpacks a 40 MB
 * data folder and starts PostgreSQL again. The API project runs with `isolate: false`, so this module
 * lives as long as its worker: a database a file has closed comes back here, is reset to the migrated
 * state, and serves the next file. The reset puts back exactly what the migrations left (the rows of
 * the tables they fill, every sequence's position) and drops what a file added (tables, schemas such as
 * pg-boss's, session settings), so no file sees another's data.
 */
import { drizzle } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database, type Db } from '../../src/server/db/client';
import * as schema from '../../src/server/db/schema';

type Snapshot = {
  schemas: Set<string>;
  tables: string[];
  rows: { table: string; blob: Blob }[];
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
};

const SCHEMAS = `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema'`;
const TABLES = `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname NOT LIKE 'pg\\_%' AND n.nspname <> 'information_schema' ORDER BY 1`;
const SEQUENCES = `SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences ORDER BY 1`;

async function names(pg: PGlite, query: string): Promise<string[]> {
  return (await pg.query<{ name: string }>(query)).rows.map((r) => r.name);
}

/** What the migrations left, read from an untouched copy. */
async function takeSnapshot(pg: PGlite): Promise<Snapshot> {
  const tables = await names(pg, TABLES);
  const rows: Snapshot['rows'] = [];
  for (const table of tables) {
    const copied = await pg.query(`COPY ${table} TO '/dev/blob'`);
    if (copied.blob && copied.blob.size > 0) rows.push({ table, blob: copied.blob });
  }
  const sequences: Snapshot['sequences'] = [];
  for (const name of await names(pg, SEQUENCES)) {
    const [row] = (await pg.query<{ last_value: string; is_called: boolean }>(`SELECT last_value::text, is_called FROM ${name}`)).rows;
    sequences.push({ name, lastValue: row.last_value, isCalled: row.is_called });
  }
  return { schemas: new Set(await names(pg, SCHEMAS)), tables, rows, sequences };
}

async function reset(pg: PGlite, snapshot: Snapshot) {
  if (pg.isInTransaction()) await pg.exec('ROLLBACK');
  // Session state: settings, prepared statements, temporary tables, advisory locks, LISTENs.
  await pg.exec('DISCARD ALL');
  for (const schema of await names(pg, SCHEMAS)) {
    if (!snapshot.schemas.has(schema)) await pg.exec(`DROP SCHEMA "${schema.replace(/"/g, '""')}" CASCADE`);
  }
  const known = new Set(snapshot.tables);
  for (const table of await names(pg, TABLES)) {
    if (!known.has(table)) await pg.exec(`DROP TABLE ${table} CASCADE`);
  }
  await pg.transaction(async (tx) => {
    // Replica role: no trigger fires, so the append-only ledger's TRUNCATE guard lets the reset through
    // and the restored rows are written as they were.
    await tx.exec(`SET LOCAL session_replication_role = replica; TRUNCATE ${snapshot.tables.join(', ')}`);
    for (const { table, blob } of snapshot.rows) await tx.query(`COPY ${table} FROM '/dev/blob'`, [], { blob });
    for (const s of snapshot.sequences) await tx.query(`SELECT setval($1, $2::bigint, $3)`, [s.name, s.lastValue, s.isCalled]);
  });
}

type Pool = { dump: Blob; snapshot: Promise<Snapshot> | null; idle: Database[] };
let pool: Pool | null = null;

/**
 * A migrated in-memory database: an idle one of this worker, reset, or a new one loaded from the dump.
 * Its `close()` gives it back for the next file.
 */
export async function takePglite(dump: () => Blob): Promise<Database> {
  pool ??= { dump: dump(), snapshot: null, idle: [] };
  const current = pool;
  let database = current.idle.pop();
  if (!database) {
    database = await openDatabase({ url: null, pgliteDir: null, pgliteDataDirDump: current.dump });
    // The first copy of the worker is untouched: it tells what "migrated" looks like.
    current.snapshot ??= takeSnapshot(database.pglite!);
    await current.snapshot;
  }
  const taken = database;
  let released = false;
  return {
    ...taken,
    // A Drizzle handle of its own per file: anything keyed by the handle (a fixture's WeakMap<Db>
    // cache) must not hand one file's rows, gone after the reset, to the next file.
    db: drizzle(taken.pglite!, { schema }) as unknown as Db,
    close: async () => {
      if (released) return;
      released = true;
      const pg = taken.pglite!;
      if (pg.closed) return;
      try {
        await reset(pg, await current.snapshot!);
        current.idle.push(taken);
      } catch (error) {
        await taken.close();
        throw error;
      }
    },
  };
}
