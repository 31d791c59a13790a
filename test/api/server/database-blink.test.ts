/**
 * The server survives PostgreSQL dropping its connections under load (probe R1; decision
 * 343). A real server process (main.ts, as `npm start` runs it) serves concurrent token assignments and
 * balance reads while a separate admin connection terminates every backend of the test's database ten
 * times: the process never exits (an 'error' of a checked-out client used to end it), every request
 * answers 200 or 503 DATABASE_UNAVAILABLE (none hangs: 30 s each at most), and once the database is
 * back every request answers 200. PostgreSQL only: PGlite has no backends to terminate.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage } from '#domain/errors';
import { ORIGIN, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { ledgerViolations } from '../economy/ledger-fixtures';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/** Concurrent callers; one in four assigns tokens (a transaction between statements), the others read balances. */
const CALLERS = 12;
const TERMINATIONS = 10;
/** Longer than this, an answer counts as a hang. */
const HANG_MS = 30_000;

let ctx: TestContext;
let dataDir: string;
let admin: pg.Client;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-blink-'));
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await ctx?.close();
});

type Server = { base: string; child: ChildProcess; exited: Promise<string>; exit: string | null; stderr: () => string };

/** main.ts on the test's database, any free port; resolves once it listens. */
async function startServer(): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: ctx.database.url!,
      DATABASE_OWNER_URL: ctx.ownerUrl!,
      PORT: '0',
      DATA_DIR: dataDir,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'error',
      // The test's app signs the sessions in; the server reads them with the same secret and origin.
      BETTER_AUTH_SECRET: ctx.config.authSecret,
      PUBLIC_URL: ORIGIN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const server: Server = { base: '', child, exit: null, stderr: () => stderr, exited: Promise.resolve('') };
  server.exited = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      server.exit = `exited (${signal ?? code})`;
      resolve(server.exit);
    }),
  );
  const ready = new Promise<string>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /escuchando en 127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    }),
  );
  const started = await Promise.race([ready, server.exited]);
  if (!started.startsWith('http')) throw new Error(`the server did not start: ${started}\n${stderr}`);
  server.base = started;
  return server;
}

/** An answer, with the number of its request in the order they were sent. */
type Outcome = { sent: number; status: number | 'hang' | 'refused'; body: string };
let sentSoFar = 0;

async function call(base: string, request: { method: 'GET' | 'POST'; url: string; cookie: string; body?: unknown }): Promise<Outcome> {
  const sent = (sentSoFar += 1);
  try {
    const response = await fetch(`${base}${request.url}`, {
      method: request.method,
      headers: { cookie: request.cookie, origin: ORIGIN, ...(request.body ? { 'content-type': 'application/json' } : {}) },
      body: request.body ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(HANG_MS),
    });
    return { sent, status: response.status, body: await response.text() };
  } catch (error) {
    return { sent, status: (error as Error).name === 'TimeoutError' ? 'hang' : 'refused', body: String(error) };
  }
}

/** Terminates every backend of the test's database but the admin's own; answers how many. */
async function terminateBackends(): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [new URL(ctx.database.url!).pathname.slice(1)],
  );
  return rows[0].n;
}

describe.skipIf(!onPostgres)('PostgreSQL terminates the server’s connections under load', () => {
  it('the process stays up, every request answers 200 or 503 in time, and all answer 200 once the database is back', async () => {
    const companyId = await createCompany(ctx.db, 'Parpadeo');
    await createUser(ctx.db, { email: 'rrhh@parpadeo.cl', companyId, level: 2 });
    const employees = await Promise.all([0, 1, 2].map((i) => createUser(ctx.db, { email: `e${i}@parpadeo.cl`, companyId })));
    const hr = await signIn(ctx.app, 'rrhh@parpadeo.cl');
    const employee = await signIn(ctx.app, 'e0@parpadeo.cl');
    const assign = (i: number) => ({ method: 'POST' as const, url: '/api/company/tokens/assign', cookie: hr, body: { userId: employees[i % employees.length], amount: 1 } });
    const readBalances = { method: 'GET' as const, url: '/api/me/balances', cookie: employee };

    const server = await startServer();
    const outcomes: Outcome[] = [];
    let loading = true;
    try {
      const callers = Array.from({ length: CALLERS }, async (_, i) => {
        while (loading && !server.exit) outcomes.push(await call(server.base, i % 4 === 0 ? assign(i) : readBalances));
      });
      /** Resolves when a request sent after the `after`-th answered 200; rejects as soon as the server process ends. */
      const served = (after: number) =>
        Promise.race([
          expect.poll(() => outcomes.some((o) => o.sent > after && o.status === 200), { timeout: 60_000, interval: 50 }).toBe(true),
          server.exited.then((how) => Promise.reject(new Error(`the server process ${how}:\n${server.stderr()}`))),
        ]);

      let terminatedAt = 0;
      for (let round = 0; round < TERMINATIONS; round += 1) {
        await served(terminatedAt);
        terminatedAt = sentSoFar;
        expect(await terminateBackends()).toBeGreaterThan(0);
      }
      await served(terminatedAt);
      loading = false;
      await Promise.all(callers);

      expect(server.exit).toBeNull();
      expect(server.stderr()).not.toContain("Unhandled 'error' event");
      const statuses = outcomes.map((o) => o.status);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      for (const refused of outcomes.filter((o) => o.status === 503)) {
        expect(JSON.parse(refused.body)).toEqual({ error: { code: 'DATABASE_UNAVAILABLE', message: errorMessage('DATABASE_UNAVAILABLE') } });
      }

      // The database is back: whatever the pool still held that had died is gone after one answer each.
      const after = await Promise.all(Array.from({ length: 2 * CALLERS }, (_, i) => call(server.base, i % 4 === 0 ? assign(i) : readBalances)));
      expect(after.map((o) => o.status)).toEqual(after.map(() => 200));
      expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
    } finally {
      loading = false;
      if (!server.exit) {
        server.child.kill('SIGTERM');
        await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
        if (!server.exit) server.child.kill('SIGKILL');
      }
    }
  }, 240_000);
});
