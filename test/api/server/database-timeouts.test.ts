/**
 * A request never waits on PostgreSQL without bound (decision 343): one that gets no
 * pooled connection within the acquire timeout, or whose statement runs past the statement timeout (here
 * waiting on a lock), answers 503 DATABASE_UNAVAILABLE in Spanish, and the same request answers 200 once
 * the database is free again. PostgreSQL only: PGlite has neither a pool nor other sessions.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app';
import { openDatabase, type Database } from '#server/db/client';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Far beyond both limits below: an answer later than this is a hang. */
const HANG_MS = 10_000;

let ctx: TestContext;
/** The server under test: ONE pooled connection, 300 ms to get it, 500 ms per statement. */
let bounded: Database;
let app: App;
let cookie: string;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  bounded = await openDatabase({ url: ctx.database.url, poolSize: 1, acquireTimeoutMs: 300, statementTimeoutMs: 500 });
  app = await buildApp({ config: ctx.config, database: bounded });
  await app.ready();
  const companyId = await createCompany(ctx.db, 'Plazo');
  await createUser(ctx.db, { email: 'ana@plazo.cl', companyId });
  cookie = await signIn(ctx.app, 'ana@plazo.cl');
});
afterAll(async () => {
  await app?.close();
  await bounded?.close();
  await ctx?.close();
});

/** GET /api/me/balances on the bounded server: its status and body, or 'hang'. */
async function readBalances(): Promise<{ status: number | 'hang'; body: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<'hang'>((resolve) => (timer = setTimeout(() => resolve('hang'), HANG_MS)));
  const answer = await Promise.race([app.inject({ method: 'GET', url: '/api/me/balances', headers: as(cookie) }), hang]);
  clearTimeout(timer);
  return answer === 'hang' ? { status: 'hang', body: null } : { status: answer.statusCode, body: answer.json() };
}

/**
 * Runs `meanwhile` while the bounded pool's only connection is taken by a transaction (and, with `lock`,
 * while the test's own pool keeps every read of users waiting on a lock), then frees it: answers what
 * `meanwhile` answered.
 */
async function whileDatabaseBusy<T>(how: 'pool' | 'lock', meanwhile: () => Promise<T>): Promise<T> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let busy = () => undefined as void;
  const isBusy = new Promise<void>((resolve) => (busy = resolve));
  const holder = (how === 'pool' ? bounded.db : ctx.db).transaction(async (tx) => {
    await tx.execute(how === 'pool' ? sql`select 1` : sql`lock table users in access exclusive mode`);
    busy();
    await released;
  });
  await isBusy;
  try {
    return await meanwhile();
  } finally {
    release();
    await holder;
  }
}

const unavailable = { error: { code: 'DATABASE_UNAVAILABLE', message: 'El servicio no está disponible en este momento. Intenta de nuevo en unos segundos.' } };

describe.skipIf(!onPostgres)('PostgreSQL timeouts', () => {
  it('no pooled connection within the acquire timeout: 503, then 200 once the connection is free', async () => {
    const refused = await whileDatabaseBusy('pool', readBalances);
    expect(refused).toEqual({ status: 503, body: unavailable });
    expect((await readBalances()).status).toBe(200);
  });

  it('a statement past the statement timeout (waiting on a lock): 503, then 200 once the lock is gone', async () => {
    // Another session (the test's own pool) keeps every read of users waiting.
    const refused = await whileDatabaseBusy('lock', readBalances);
    expect(refused).toEqual({ status: 503, body: unavailable });
    expect((await readBalances()).status).toBe(200);
  });

  it("better-auth's own routes answer the same 503 when the database is out of reach, not a 500", async () => {
    const probes = await whileDatabaseBusy('pool', () =>
      Promise.all([
        app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: 'ana@plazo.cl', redirectTo: '/reset-password' } }),
        app.inject({ method: 'GET', url: '/api/auth/get-session', headers: as(cookie) }),
      ]),
    );
    for (const probe of probes) expect({ status: probe.statusCode, body: probe.json() }).toEqual({ status: 503, body: unavailable });
  });
});
