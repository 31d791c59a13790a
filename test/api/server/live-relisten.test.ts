/**
 * The LISTEN connections come back after PostgreSQL drops them (probe R2; decision 344).
 * A live stream stays open while the server's LISTEN backends are terminated: the stream is told to
 * refetch everything (a second `ready`, what the web does after its own reconnection), and the next
 * change reaches it; the outbox's LISTEN comes back too, and wakes its worker, so the bell hears an
 * assignment made meanwhile without the 30 s sweep. PostgreSQL only: PGlite listens in-process.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '#server/app';
import { startJobs } from '#server/jobs';
import { listenerFor } from '#server/modules/events/live';
import { webhookSecretKey } from '#server/modules/webhooks/secret-box';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Bound of every wait below: the LISTEN's first retry is due after about 250 ms. */
const WITHIN_MS = 10_000;

let ctx: TestContext;
let app: App;
let base: string;
let admin: pg.Client;
let companyId: string;
let hr: string;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  app = await buildApp({ config: ctx.config, database: ctx.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  companyId = await createCompany(ctx.db, 'Escucha');
  await createUser(ctx.db, { email: 'rrhh@escucha.cl', companyId, level: 2 });
  hr = await signIn(ctx.app, 'rrhh@escucha.cl');
});
afterAll(async () => {
  await admin?.end();
  await app?.close();
  await ctx?.close();
});

type ServerEvent = { event: string; data: string };

/** Opens /api/events and collects its events; `next` waits (bounded) for the first one after those already seen that matches. */
async function openStream(cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream', cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const events: ServerEvent[] = [];
  const reading = (async () => {
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += Buffer.from(chunk).toString();
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) => block.split('\n').find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) events.push({ event, data: field('data') ?? '' });
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  let seen = 0;
  return {
    events,
    next: async (matches: (e: ServerEvent) => boolean) => {
      await expect.poll(() => events.slice(seen).some(matches), { timeout: WITHIN_MS, interval: 20 }).toBe(true);
      seen = seen + events.slice(seen).findIndex(matches) + 1;
    },
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

const databaseName = () => new URL(ctx.database.url!).pathname.slice(1);

/** Terminates the backends of the test's database that LISTEN (their last statement; `channel`, or any); answers how many. */
async function terminateListeners(channel = '%'): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and query like $2',
    [databaseName(), `LISTEN ${channel}`],
  );
  return rows[0].n;
}

const assign = (userId: string) => ctx.app.inject({ method: 'POST', url: '/api/company/tokens/assign', headers: as(hr), payload: { userId, amount: 1 } });
const isReady = (e: ServerEvent) => e.event === 'ready';
const isBalances = (e: ServerEvent) => e.event === 'change' && JSON.parse(e.data).topic === 'balances';

describe.skipIf(!onPostgres)('the LISTEN connections after PostgreSQL ends them', () => {
  it('an open stream is told to refetch everything, then hears the next change', async () => {
    const employee = await createUser(ctx.db, { email: 'vivo@escucha.cl', companyId });
    const stream = await openStream(await signIn(ctx.app, 'vivo@escucha.cl'));
    try {
      await stream.next(isReady);
      expect((await assign(employee)).statusCode).toBe(200);
      await stream.next(isBalances);

      expect(await terminateListeners()).toBeGreaterThan(0);
      // Committed while nobody listens, perhaps: the refetch below shows it anyway.
      expect((await assign(employee)).statusCode).toBe(200);
      await stream.next(isReady);
      expect((await assign(employee)).statusCode).toBe(200);
      await stream.next(isBalances);
    } finally {
      await stream.close();
    }
  });

  it("the outbox's LISTEN comes back and wakes its worker: the bell hears an assignment made meanwhile", async () => {
    const employee = await createUser(ctx.db, { email: 'campana@escucha.cl', companyId });
    const cookie = await signIn(ctx.app, 'campana@escucha.cl');
    const unread = async () => (await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as(cookie) })).json<{ unread: number }>().unread;
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const jobs = await startJobs(ctx.database, log, { botTransport: ctx.app.deps.bot.transport, webhookPolicy: { allowPrivate: true }, webhookSecretKey: webhookSecretKey(ctx.config.authSecret), mail: ctx.app.deps.mail, publicUrl: ctx.config.publicUrl });
    try {
      expect(await terminateListeners()).toBeGreaterThan(0);
      expect((await assign(employee)).statusCode).toBe(200);
      // Well before the 30 s sweep: the NOTIFY, if the LISTEN was back, or the wake-up when it came back.
      await expect.poll(unread, { timeout: WITHIN_MS, interval: 50 }).toBe(1);
    } finally {
      await jobs.stop();
    }
  });

  it('PostgreSQL refusing connections for a while: the LISTEN keeps trying, and listens again once it accepts', async () => {
    const channel = 'jobby_relisten_test';
    const failures: string[] = [];
    const heard: string[] = [];
    let resumed = 0;
    const listen = listenerFor(ctx.database, { info: () => undefined, error: (message) => failures.push(message) });
    const stop = await listen(channel, (payload) => heard.push(payload), () => (resumed += 1));
    try {
      await admin.query(`alter database ${databaseName()} with allow_connections false`);
      expect(await terminateListeners(channel)).toBe(1);
      await expect.poll(() => failures.some((m) => m.includes('no se pudo restablecer')), { timeout: WITHIN_MS }).toBe(true);
      expect(resumed).toBe(0);
      await admin.query(`alter database ${databaseName()} with allow_connections true`);
      await expect.poll(() => resumed, { timeout: WITHIN_MS }).toBe(1);
      await ctx.db.execute(sql`select pg_notify(${channel}, 'otra vez')`);
      await expect.poll(() => heard, { timeout: WITHIN_MS }).toEqual(['otra vez']);
    } finally {
      await admin.query(`alter database ${databaseName()} with allow_connections true`);
      await stop();
    }
  });
});
