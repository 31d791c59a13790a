/**
 * A role that serves and one that owns (decision 378, docs/operations.md). A real server process
 * (main.ts, as `npm start` runs it) starts on a fresh, empty database with DATABASE_OWNER_URL (the
 * harness's superuser) and DATABASE_URL (a login role made for this run): the owner migrates, installs
 * pg-boss's schema, grants the serving role its rights and seeds the demo (its dated history), and the
 * server, its jobs included, runs as the serving role; a token assignment and a redemption write
 * through the ledger. On the serving role's own connection the database refuses to disable the
 * ledger's triggers, to delete, update or truncate its transfers, or to alter a table.
 * PostgreSQL only: PGlite has one role, a superuser.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, queryRows } from '#server/db/client';
import { ORIGIN, createTestContext } from '../../support/app';

const baseUrl = process.env.TEST_DATABASE_URL;
const onPostgres = Boolean(baseUrl);
const DEMO_PASSWORD = 'demo-roles-1234';

const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
const databaseName = `jobby_roles_${suffix}`;
const servingRole = `jobby_app_${suffix}`;
const servingPassword = randomUUID();

let admin: pg.Client;
let ownerUrl: string;
let servingUrl: string;
let serving: pg.Client;
let dataDir: string;
let server: { base: string; child: ChildProcess; exited: Promise<unknown>; stderr: () => string } | null = null;

function urlOf(database: string, role?: { user: string; password: string }): string {
  const url = new URL(baseUrl!);
  url.pathname = `/${database}`;
  if (role) {
    url.username = role.user;
    url.password = role.password;
  }
  return url.toString();
}

async function startServer(): Promise<NonNullable<typeof server>> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATABASE_URL: servingUrl,
      DATABASE_OWNER_URL: ownerUrl,
      PORT: '0',
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      DEMO_PASSWORD,
      LOG_LEVEL: 'error',
      PUBLIC_URL: ORIGIN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(`exited (${signal ?? code})`)));
  const ready = new Promise<string>((resolve) =>
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const port = /escuchando en 127\.0\.0\.1:(\d+)/.exec(stdout)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    }),
  );
  const started = await Promise.race([ready, exited]);
  if (!started.startsWith('http')) throw new Error(`the server did not start: ${started}\n${stderr}`);
  return { base: started, child, exited, stderr: () => stderr };
}

beforeAll(async () => {
  if (!onPostgres) return;
  admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.query(`create role ${servingRole} login password '${servingPassword}'`);
  ownerUrl = urlOf(databaseName);
  servingUrl = urlOf(databaseName, { user: servingRole, password: servingPassword });
  dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-roles-'));
  server = await startServer();
  serving = new pg.Client({ connectionString: servingUrl });
  await serving.connect();
}, 120_000);

afterAll(async () => {
  await serving?.end();
  if (server) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
    server.child.kill('SIGKILL');
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (admin) {
    await admin.query(`drop database if exists ${databaseName} with (force)`);
    await admin.query(`drop role if exists ${servingRole}`);
    await admin.end();
  }
});

/** The SQLSTATE and message a statement fails with on the serving role's connection (null: it ran). */
async function refusal(statement: string): Promise<{ code: string; message: string } | null> {
  try {
    await serving.query(statement);
    return null;
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

async function post(base: string, url: string, cookie: string, body: unknown) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const title = onPostgres
  ? 'the serving role and the owner'
  : 'the serving role and the owner — skipped: PGlite has one role, a superuser (set TEST_DATABASE_URL)';

describe(title, () => {
  it.skipIf(!onPostgres)('the serving role may not disable the ledger’s triggers, delete, update or truncate its transfers, nor alter a table', async () => {
    const { rows } = await serving.query<{ owner: string; transfers: number }>(
      "select tableowner as owner, (select count(*)::int from ledger_transfers) as transfers from pg_tables where tablename = 'ledger_transfers'",
    );
    // The demo's transfers are there (read by the serving role), and the table is not the serving role's.
    expect(rows[0].transfers).toBeGreaterThan(0);
    expect(rows[0].owner).not.toBe(servingRole);

    expect(await refusal('alter table ledger_transfers disable trigger all')).toMatchObject({ code: '42501', message: expect.stringContaining('must be owner') });
    expect(await refusal('alter table ledger_transfers disable trigger ledger_transfers_no_update_delete')).toMatchObject({ code: '42501' });
    expect(await refusal('delete from ledger_transfers')).toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') });
    expect(await refusal('update ledger_transfers set amount = amount + 1')).toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') });
    // The one column it may name in an UPDATE is there for row locks (reversing a grant): the trigger refuses the UPDATE.
    expect(await refusal('update ledger_transfers set id = id')).toMatchObject({ code: '23001' });
    expect(await refusal('truncate ledger_transfers cascade')).toMatchObject({ code: '42501', message: expect.stringContaining('permission denied') });
    expect(await refusal('alter table users add column taken boolean')).toMatchObject({ code: '42501', message: expect.stringContaining('must be owner') });
    expect(await refusal('drop table ledger_transfers')).toMatchObject({ code: '42501' });
    const { rows: after } = await serving.query<{ transfers: number }>('select count(*)::int as transfers from ledger_transfers');
    expect(after[0].transfers).toBe(rows[0].transfers);
  });

  it.skipIf(!onPostgres)('the demo’s history was dated by the owner at seeding: transfers weeks old, the guard back on', async () => {
    const { rows } = await serving.query<{ oldest_days: number; triggers_on: number }>(
      `select (extract(epoch from now() - min(created_at)) / 86400)::int as oldest_days,
              (select count(*)::int from pg_trigger where tgrelid = 'ledger_transfers'::regclass and not tgisinternal and tgenabled = 'O') as triggers_on
       from ledger_transfers`,
    );
    expect(rows[0].oldest_days).toBeGreaterThan(20);
    expect(rows[0].triggers_on).toBe(2);
  });

  it.skipIf(!onPostgres)('the server, running as the serving role, assigns tokens and redeems a benefit through the ledger', async () => {
    const base = server!.base;
    const { rows: people } = await serving.query<{ id: string }>("select id from users where email = 'camila@andes.cl'");
    const hr = await signIn(base, 'admin@andes.cl');
    const assigned = await post(base, '/api/company/tokens/assign', hr, { userId: people[0].id, amount: 2 });
    expect(assigned.status).toBe(200);

    const { rows: benefits } = await serving.query<{ id: string }>(
      "select id from platform_benefits where type = 'automatic' and token_cost <= 5 and (stock_remaining is null or stock_remaining > 0) order by token_cost limit 1",
    );
    const camila = await signIn(base, 'camila@andes.cl');
    const redeemed = await post(base, '/api/redemptions', camila, { kind: 'platform', benefitId: benefits[0].id });
    expect(redeemed).toMatchObject({ status: 200, body: { status: 'approved' } });
    const { rows: spent } = await serving.query<{ n: number }>('select count(*)::int as n from ledger_transfers where request_id = $1', [redeemed.body.requestId]);
    expect(spent[0].n).toBe(1);
  });

  it.skipIf(!onPostgres)('migrating again (a restart) grants again without error, and the serving pool still may not delete a transfer', async () => {
    const database = await openDatabase({ url: servingUrl, poolSize: 1 });
    try {
      await migrateDatabase(database, { ownerUrl });
      expect(await refusal('delete from ledger_transfers')).toMatchObject({ code: '42501' });
      // pg-boss's tables are the owner's; the serving role reads and writes its rows.
      const { rows } = await serving.query<{ n: number }>('select count(*)::int as n from pgboss.queue');
      expect(rows[0].n).toBeGreaterThan(0);
      expect(await refusal('drop table pgboss.job')).toMatchObject({ code: '42501' });
    } finally {
      await database.close();
    }
  });

  it.skipIf(!onPostgres)('the suite’s own app (test/support/app.ts) serves as a role of the same kind: the owner’s tables, no DELETE on transfers', async () => {
    const ctx = await createTestContext();
    try {
      const [app] = await queryRows<{ role: string }>(ctx.db, sql`select current_user as role`);
      const [owner] = await queryRows<{ role: string }>(ctx.owner, sql`select current_user as role`);
      expect(app.role).not.toBe(owner.role);
      await expect(ctx.db.execute(sql`delete from ledger_transfers`)).rejects.toMatchObject({ cause: { code: '42501' } });
    } finally {
      await ctx.close();
    }
  });
});
