import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
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

/** Marks a connection whose transaction runLastAndCommit has committed. */
const COMMITTED = Symbol('jobby.committed');

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
    [COMMITTED] = false;

    override query(...args: unknown[]): never {
      const [config, values] = args as [{ name?: unknown; text?: unknown; values?: unknown } | string, unknown];
      if (this[COMMITTED]) {
        // runLastAndCommit has committed this connection's transaction: its owner's COMMIT (or
        // ROLLBACK) has nothing left to end, and would be a round trip for a warning.
        this[COMMITTED] = false;
        const text = typeof config === 'string' ? config : config?.text;
        if (text === 'commit' || text === 'rollback') return Promise.resolve({ command: text.toUpperCase(), rowCount: null, oid: null, rows: [], fields: [] }) as never;
      }
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

const dialect = new PgDialect();

/**
 * Whether a transaction is the connection's own, not a savepoint inside another (a redemption made
 * inside the demo seed's transaction): only that one may be committed early. drizzle keeps the depth
 * in `nestedIndex` (0 for the outermost), a protected field; test/api/economy/last-and-commit.test.ts
 * fails if it changes.
 */
function isOutermost(tx: object): boolean {
  return (tx as unknown as { nestedIndex: number }).nestedIndex === 0;
}

/**
 * Runs a transaction's FINAL statement; on PostgreSQL its COMMIT travels with it, in one round trip
 * (decision 323). The rows that statement locks — a popular benefit's stock, a company's spend
 * account — are then held inside PostgreSQL only, until its commit, instead of also across a round
 * trip back to this process and its turn in the event loop, which under load was most of the hold.
 * Inside a savepoint (a transaction within another), it only runs the statement: the outer
 * transaction is not this caller's to commit.
 * So `statement` must refuse by raising (jobby_refuse_unless) rather than by answering false: an
 * error skips the COMMIT that follows it in the same message, and the transaction rolls back as
 * after any error. The two travel as one simple query, which takes no parameters, so the statement's
 * values are written into its text as literals — only numbers, booleans, NULL and strings of
 * letters, digits and `-_:.@+ ` (the server's ids, amounts, dates and SQLSTATEs); any other value
 * and the statement runs alone, as before, with its COMMIT a round trip later. The transaction's
 * own COMMIT that drizzle sends afterwards is then answered by the connection without a round trip
 * (NamedStatementsClient, decision 326): nothing is left to end. PGlite runs the statement alone and
 * commits as usual (one process: no round trip to save).
 */
export async function runLastAndCommit(tx: Executor, statement: SQL): Promise<void> {
  if (!(tx instanceof NodePgTransaction) || !isOutermost(tx)) {
    await tx.execute(statement);
    return;
  }
  const { sql: text, params } = dialect.sqlToQuery(statement);
  const literals = params.map(literalOf);
  if (literals.some((literal) => literal === null)) {
    await tx.execute(statement);
    return;
  }
  const inlined = text.replace(/\$(\d+)\b/g, (_, position: string) => literals[Number(position) - 1]!);
  await tx.execute(sql.raw(`${inlined};\ncommit`));
  // The transaction's own COMMIT, which drizzle sends next, is answered by the connection itself.
  (tx as unknown as { session: { client: { [COMMITTED]: boolean } } }).session.client[COMMITTED] = true;
}

/** A value as a SQL literal, or null when it is not one of the plain shapes runLastAndCommit writes into a text. */
export function literalOf(value: unknown): string | null {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return /^[\w\-:.@+ ]*$/.test(value) ? `'${value}'` : null;
  return null;
}
