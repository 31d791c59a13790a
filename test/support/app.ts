/**
 * Test harness: a fresh database per test file (in-memory PGlite, or a new database on the
 * PostgreSQL of TEST_DATABASE_URL), copied from the run's migrated one (global-setup.ts; on PGlite the
 * worker's copy reset between files, pglite-pool.ts), with the real Fastify app on top (`app.inject`).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '../../src/server/app';
import { passwordHashing, useTestPasswordHashing } from '../../src/server/accounts/password';
import { testConfig, type AppConfig } from '../../src/server/config';
import { migrateDatabase, openDatabase, type Database, type Db } from '../../src/server/db/client';
import { takePglite } from './pglite-pool';
import { accounts as authAccounts, companies, users } from '../../src/server/db/schema';
import { processPendingEvents } from '../../src/server/event-handlers';

// A cheap salted hash instead of scrypt for every account the tests create and sign in (decision 125).
useTestPasswordHashing();

export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'secreto123';

export type TestContext = {
  app: App;
  /** The app's connection: on PostgreSQL the serving role's, which may read and write rows only (decision 378). */
  db: Db;
  /** The owner's connection, for what only the owner may (DDL, ANALYZE, the ledger guard's own refusal); `db` on PGlite. */
  owner: Db;
  /** PostgreSQL: this file's database as its owner (DATABASE_OWNER_URL of a server a test starts); null on PGlite. */
  ownerUrl: string | null;
  database: Database;
  config: AppConfig;
  close: () => Promise<void>;
};

async function createPostgresDatabase(baseUrl: string): Promise<{ url: string; servingUrl: string; drop: () => Promise<void> }> {
  const name = `jobby_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  // A copy of the run's migrated template (test/support/global-setup.ts), when there is one.
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  // The app connects as the run's serving role (test/support/global-setup.ts), when there is one.
  const serving = inject('postgresServingRole');
  const servingUrl = new URL(url);
  if (serving) {
    servingUrl.username = serving.user;
    servingUrl.password = serving.password;
  }
  return {
    url: url.toString(),
    servingUrl: servingUrl.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export async function createTestContext(overrides: Partial<AppConfig> = {}, options: { logStream?: NodeJS.WritableStream } = {}): Promise<TestContext> {
  const config = testConfig(overrides);
  let drop: (() => Promise<void>) | null = null;
  let database: Database;
  let owner: Database | null = null;
  let ownerUrl: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
    drop = created.drop;
    ownerUrl = created.url;
    database = await openDatabase({ url: created.servingUrl, poolSize: 40 });
    await migrateDatabase(database, { ownerUrl });
    owner = created.servingUrl === created.url ? database : await openDatabase({ url: ownerUrl, poolSize: 2 });
  } else {
    const dump = inject('pgliteDump');
    if (!dump) throw new Error('No migrated PGlite: the API tests need test/support/global-setup.ts (vitest.config.ts)');
    database = await takePglite(() => new Blob([readFileSync(dump)]));
  }
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    db: database.db,
    owner: (owner ?? database).db,
    ownerUrl,
    database,
    config,
    close: async () => {
      await app.close();
      if (owner && owner !== database) await owner.close();
      await database.close();
      if (drop) await drop();
    },
  };
}

let cachedHash: string | null = null;

export type CreateUserOptions = {
  email: string;
  name?: string;
  level?: 1 | 2 | 3 | 4 | null;
  companyId?: string | null;
  status?: 'active' | 'inactive';
  userType?: 'A' | 'B';
  surveyCompleted?: boolean;
};

/** Inserts a user with password PASSWORD straight into the database (fast: one hash per file). */
export async function createUser(db: Db, options: CreateUserOptions): Promise<string> {
  cachedHash ??= await passwordHashing.hash(PASSWORD);
  const id = randomUUID();
  await db.insert(users).values({
    id,
    name: options.name ?? options.email.split('@')[0],
    email: options.email.toLowerCase(),
    emailVerified: true,
    level: options.level === undefined ? 3 : options.level,
    companyId: options.companyId ?? null,
    status: options.status ?? 'active',
    userType: options.userType ?? 'A',
    surveyCompleted: options.surveyCompleted ?? true,
  });
  await db.insert(authAccounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: cachedHash });
  return id;
}

export async function createCompany(db: Db, name: string, extra: Partial<typeof companies.$inferInsert> = {}): Promise<string> {
  const [row] = await db.insert(companies).values({ name, ...extra }).returning({ id: companies.id });
  return row.id;
}

export async function userRow(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Signs in through the real endpoint and returns the Cookie header to send. */
export async function signIn(app: App, email: string, password = PASSWORD): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
  const cookies = response.cookies.map((c) => `${c.name}=${c.value}`);
  return cookies.join('; ');
}

/** Headers of an authenticated JSON call. */
export function as(cookie: string, extra: Record<string, string> = {}) {
  return { cookie, origin: ORIGIN, ...extra };
}

/**
 * Runs the outbox workers until no event is due, as a server copy would after the commits (the test
 * app runs none on its own), with the app's bot transport; a failing handler fails the test.
 */
export function runOutbox(ctx: Pick<TestContext, 'app' | 'db'>): Promise<number> {
  return processPendingEvents(ctx.db, {
    botTransport: ctx.app.deps.bot.transport,
    onError: (error) => {
      throw error;
    },
  });
}
