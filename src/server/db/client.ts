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
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { currentRole, grantServingRole, installJobSchema } from './roles';
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
  /**
   * PostgreSQL: the longest one statement of this pool may run (ms; PostgreSQL's `statement_timeout`,
   * sent at connection start); unset or 0: no limit. The server passes DATABASE_STATEMENT_TIMEOUT_MS.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: the longest a caller waits for a pooled connection, opening one included (ms; pg-pool's
   * `connectionTimeoutMillis`); unset or 0: no limit. The server passes DATABASE_ACQUIRE_TIMEOUT_MS.
   */
  acquireTimeoutMs?: number;
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
function namedStatementsClient(onConnectionError: (error: Error) => void): typeof pg.Client {
  const names = new Map<string, string>();
  const nameOf = (text: string, params: number): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || params > NAMED_PARAMS_MAX || text.length > NAMED_TEXT_MAX || names.size >= NAMED_TEXTS_MAX) return known;
    const name = `jobby_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  return class NamedStatementsClient extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // For the connection's whole life (probe R1): pg-pool listens only while a client is
      // idle, and a checked-out client whose backend ends (a failover, a restart, pg_terminate_backend)
      // emits 'error' on itself; unheard, Node ends the process. Its caller's query fails on its own
      // (the error handler answers 503), and the pool drops the client when it is released.
      this.on('error', onConnectionError);
    }

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
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? POOL_SIZE,
      Client: namedStatementsClient((error) => console.error(`Conexión a PostgreSQL perdida: ${error.message}`)),
      ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}),
      ...(options.acquireTimeoutMs ? { connectionTimeoutMillis: options.acquireTimeoutMs } : {}),
    });
    // An idle connection closed by the server is discarded by the pool (its own listener above logged
    // it); the pool re-emits the error here, and an unheard 'error' would end the process.
    pool.on('error', () => undefined);
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

type MigrateOptions = {
  /**
   * PostgreSQL: the owner's URL (DATABASE_OWNER_URL, decision 378); unset → the database's own. The
   * owner migrates, installs pg-boss's schema and grants the database's role (the serving one) its rights.
   */
  ownerUrl?: string | null;
};

/**
 * Runs the migrations (as the owner on PostgreSQL). Answers whether the serving role may alter the tables,
 * and so lift the ledger's guard: it owns them (PGlite; PostgreSQL without a DATABASE_OWNER_URL of another
 * role) or it is a superuser.
 */
export async function migrateDatabase(database: Database, options: MigrateOptions = {}): Promise<{ servingMayAlter: boolean }> {
  if (database.driver === 'postgres') {
    const ownerUrl = options.ownerUrl ?? database.url ?? undefined;
    // On a connection of its own, outside the pool's statement timeout: a migration that rebuilds an
    // index of a large table may take longer than any request should.
    const client = new pg.Client({ connectionString: ownerUrl });
    client.on('error', (error) => console.error(`Conexión a PostgreSQL perdida durante la migración: ${error.message}`));
    await client.connect();
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      const [serving] = await queryRows<{ role: string; superuser: boolean }>(
        database.db,
        sql`select current_user as role, rolsuper as superuser from pg_roles where rolname = current_user`,
      );
      // One role for all (development): pg-boss installs its schema itself at its first start.
      if (serving.role === (await currentRole(client))) return { servingMayAlter: true };
      await installJobSchema(ownerUrl!);
      await grantServingRole(client, serving.role);
      return { servingMayAlter: serving.superuser };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  await migratePglite(database.db as never, { migrationsFolder });
  return { servingMayAlter: true };
}

/** PostgreSQL's SQLSTATEs of a connection that ended or could not start, and of a statement cancelled (its timeout). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57014', // query_canceled: the statement timeout
  '53300', // too_many_connections
]);
/** Node's socket errors of a connection to the database that went away. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);
/** pg's and pg-pool's own errors (they carry no code): a connection lost, closed, or not had in time. */
const UNAVAILABLE_MESSAGES = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect|Query read timeout)/;

/**
 * Whether an error means the database could not be reached or answered in time: a lost
 * connection (SQLSTATE class 08, 57P0x, a reset socket, pg's "Connection terminated"), no pooled
 * connection within DATABASE_ACQUIRE_TIMEOUT_MS, or a statement cut by DATABASE_STATEMENT_TIMEOUT_MS.
 * Looks through wrappers (drizzle's DrizzleQueryError keeps the driver's error as `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
  }
  return false;
}

/** Rows of a raw SQL query, on either driver (both answer `{ rows }`). */
export async function queryRows<T extends Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
