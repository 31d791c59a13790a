import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** The embedded client (LISTEN, the job engine's adapter); null on PostgreSQL. */
  pglite: PGlite | null;
  /** The PostgreSQL URL (a LISTEN needs its own connection); null on PGlite. */
  url: string | null;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

type OpenDatabaseOptions = {
  /** A PostgreSQL URL; null → PGlite. */
  url: string | null;
  /** PGlite folder; null → in memory. */
  pgliteDir?: string | null;
  /** An in-memory PGlite starts from this dumped data folder (`dumpDataDir`): the tests' migrated copy. */
  pgliteDataDirDump?: Blob | null;
  /** Connections this process may open to PostgreSQL; POOL_SIZE unless told. */
  poolSize?: number;
};

/** A server's connections to PostgreSQL, shared out among its processes (decision 318). */
export const POOL_SIZE = 20;

/** The extensions the migrations create (PostgreSQL has them in contrib; PGlite loads them here). */
const PGLITE_EXTENSIONS = { pg_trgm };

/** Longest statement text given a name: bulk inserts and other long one-off texts are parsed each time. */
const NAMED_TEXT_MAX = 4_000;
/** Most parameters of a named statement: more are lists of varying length (IN lists, rows), each length its own text. */
const NAMED_PARAMS_MAX = 32;
/**
 * Distinct texts a pool names at most (so at most this many prepared statements per connection): the
 * app's own statements are a few hundred; beyond the cap, a new text is parsed each time as before.
 */
const NAMED_TEXTS_MAX = 500;

/**
 * A connection class whose connections run every parameterised statement as a named (prepared)
 * statement (decision 321): PostgreSQL then parses and analyses it once per connection, and may keep a
 * generic plan, where before every call of every request (the session read, a verification's
 * UPDATE) was parsed, analysed and planned again. Statements without parameters (BEGIN, COMMIT) stay
 * simple queries. The names are the pool's: one name stands for one text on all its connections.
 */
function namedStatementsClient(): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string, params: number): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || params > NAMED_PARAMS_MAX || text.length > NAMED_TEXT_MAX || names.size >= NAMED_TEXTS_MAX) return known;
    const name = `jobby_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return class NamedStatementsClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args as [{ name?: unknown; text?: unknown; values?: unknown } | string, unknown];
      if (config && typeof config === 'object' && config.name === undefined && typeof config.text === 'string') {
        const params = Array.isArray(values) ? values : config.values;
        const name = Array.isArray(params) && params.length > 0 ? nameOf(config.text, params.length) : undefined;
        if (name) args[0] = { ...config, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? POOL_SIZE, Client: namedStatementsClient() });
    // An idle connection closed by the server (restart, failover, a dropped test database) must not
    // crash the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`Conexión a PostgreSQL cerrada: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, driver: 'postgres', pglite: null, url: options.url, close: () => pool.end() };
  }
  let client: PGlite;
  if (options.pgliteDir) {
    // PGlite fails with ENOENT when the parent folder is missing (STACK-NOTES).
    mkdirSync(options.pgliteDir, { recursive: true });
    client = await PGlite.create(options.pgliteDir, { extensions: PGLITE_EXTENSIONS });
  } else if (options.pgliteDataDirDump) {
    client = await PGlite.create({ loadDataDir: options.pgliteDataDirDump, extensions: PGLITE_EXTENSIONS });
  } else {
    client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, driver: 'pglite', pglite: client, url: null, close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
