/**
 * The monthly allowance, the bell and the live stream: two app instances sharing one
 * database run the monthly job together and each wallet gets one grant; a month missed while no
 * server ran is granted at start; 'Asignar ahora' does nothing the second time and says so; the
 * grant reaches the bell; and the SSE stream of a caller carries its own company's changes only.
 */
import { throwingLogger } from '../../support/logger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { buildApp, type App } from '#server/app';
import { openDatabase, type Database } from '#server/db/client';
import { companies, ledgerTransfers, monthlyGrants } from '#server/db/schema';
import { dueMonth, grantCompanyMonth, grantMonth, monthlyReason } from '#server/modules/allowance/service';
import { startJobs } from '#server/jobs';
import { monthLabel } from '#domain/dates';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { balancesOf, ledgerViolations } from '../economy/ledger-fixtures';
import { drainOutbox } from './fixtures';
import { recordEvent } from '#server/modules/events/outbox';
import { webhookSecretKey } from '#server/modules/webhooks/secret-box';

let ctx: TestContext;
/** A second server copy on the same database (on PGlite, which is one process, the same client). */
let second: { database: Database; owned: boolean };

beforeAll(async () => {
  ctx = await createTestContext();
  second = ctx.database.url ? { database: await openDatabase({ url: ctx.database.url }), owned: true } : { database: ctx.database, owned: false };
});
afterAll(async () => {
  if (second.owned) await second.database.close();
  await ctx.close();
});

async function staffOf(name: string, n: number) {
  const companyId = await createCompany(ctx.db, name);
  const domain = `${name.toLowerCase()}.cl`;
  const ids = await Promise.all(Array.from({ length: n }, (_, i) => createUser(ctx.db, { email: `e${i}@${domain}`, companyId })));
  return { companyId, domain, ids };
}

const grantsOf = (userId: string, month: string) =>
  ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.walletUserId, userId), eq(ledgerTransfers.reason, monthlyReason(month))));

describe('the monthly allowance', () => {
  const grantedByCopies = (together: boolean) => async () => {
    const { companyId, domain, ids } = await staffOf(together ? 'Mensual' : 'Seguida', 12);
    const inactive = await createUser(ctx.db, { email: `baja@${domain}`, companyId, status: 'inactive' });
    const hr = await createUser(ctx.db, { email: `admin@${domain}`, companyId, level: 2 });
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 10, monthlyJobbyTokens: 3 }).where(eq(companies.id, companyId));
    const month = '2026-10';

    const runs = [() => grantMonth(ctx.db, month), () => grantMonth(second.database.db, month), () => grantMonth(ctx.db, month), () => grantMonth(second.database.db, month)];
    if (together) await Promise.all(runs.map((run) => run()));
    else for (const run of runs) await run();

    for (const id of ids) {
      const grants = await grantsOf(id, month);
      expect(grants.map((g) => `${g.tokenType}:${g.amount}:${g.kind}`).sort()).toEqual(['company:10:grant', 'jobby:3:grant']);
    }
    expect(await grantsOf(inactive, month)).toEqual([]);
    expect(await grantsOf(hr, month)).toEqual([]);
    const rows = await ctx.db.select().from(monthlyGrants).where(eq(monthlyGrants.companyId, companyId));
    expect(rows.map((r) => `${r.month}:${r.tokenType}:${r.employees}`).sort()).toEqual(['2026-10:company:12', '2026-10:jobby:12']);
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
  };
  it('granted by two copies one after another: one grant per wallet and token type, active employees only', grantedByCopies(false));
  raceTest('granted by two copies at once: one grant per wallet and token type, active employees only', grantedByCopies(true));

  it('a month missed while no server ran is granted when one starts; the reason names the month', async () => {
    const { companyId, ids } = await staffOf('Atrasada', 2);
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 7 }).where(eq(companies.id, companyId));
    const month = dueMonth(new Date());

    const jobs = await startJobs(ctx.database, throwingLogger, { botTransport: ctx.app.deps.bot.transport, webhookPolicy: { allowPrivate: false }, webhookSecretKey: webhookSecretKey(ctx.config.authSecret), mail: ctx.app.deps.mail, publicUrl: ctx.config.publicUrl });
    await jobs.stop();

    const [grant] = await grantsOf(ids[0], month);
    expect(grant).toMatchObject({ amount: 7, kind: 'grant', reason: `Asignación mensual ${monthLabel(month)}` });
    expect(grant.reason).toMatch(/^Asignación mensual [a-z]+ \d{4}$/);
    expect((await balancesOf(ctx.db, ids[1])).company).toBe(7);
  });

  it("'Asignar ahora' of HR grants this month once, then answers that it was done; the employee's bell says so", async () => {
    const { domain, ids } = await staffOf('Ahora', 1);
    const hrEmail = `admin@${domain}`;
    const { companyId } = (await ctx.db.select({ companyId: companies.id }).from(companies).where(eq(companies.name, 'Ahora')))[0];
    await createUser(ctx.db, { email: hrEmail, companyId, level: 2 });
    const hr = await signIn(ctx.app, hrEmail);
    const label = monthLabel(dueMonth(new Date()));

    const none = await ctx.app.inject({ method: 'POST', url: '/api/company/monthly-allowance/grant', headers: as(hr) });
    expect(none.json()).toMatchObject({ granted: false, message: `No hay una asignación mensual configurada para ${label}` });
    const set = await ctx.app.inject({ method: 'PUT', url: '/api/company/monthly-allowance', headers: as(hr), payload: { amount: 15 } });
    expect(set.json()).toMatchObject({ amount: 15, grantedThisMonth: false, activeEmployees: 1 });
    const refused = await ctx.app.inject({ method: 'PUT', url: '/api/company/monthly-allowance', headers: as(hr), payload: { amount: -1 } });
    expect(refused.statusCode).toBe(400);

    const first = await ctx.app.inject({ method: 'POST', url: '/api/company/monthly-allowance/grant', headers: as(hr) });
    expect(first.json()).toMatchObject({ granted: true, employees: 1, amountEach: 15, message: `Asignación mensual de ${label} realizada: 1 empleado recibió 15 tokens` });
    const again = await ctx.app.inject({ method: 'POST', url: '/api/company/monthly-allowance/grant', headers: as(hr) });
    expect(again.json()).toMatchObject({ granted: false, message: `La asignación mensual de ${label} ya se realizó` });
    expect((await balancesOf(ctx.db, ids[0])).company).toBe(15);

    await drainOutbox(ctx.db);
    const employee = await signIn(ctx.app, `e0@${domain}`);
    const count = await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as(employee) });
    expect(count.json()).toEqual({ unread: 1 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: as(employee) });
    const [item] = list.json().items;
    expect(item).toMatchObject({
      type: 'tokens_received',
      title: 'Tokens recibidos',
      body: `Recibiste 15 tokens de empresa: Asignación mensual ${label}.`,
      link: '/level3/dashboard',
      read: false,
    });
    // Another user cannot read it; its owner marks it read, then all.
    const other = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${item.id}/read`, headers: as(hr) });
    expect(other.statusCode).toBe(404);
    const read = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${item.id}/read`, headers: as(employee) });
    expect(read.json()).toMatchObject({ id: item.id, read: true });
    const all = await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: as(employee) });
    expect(all.json()).toEqual({ updated: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: as(employee) })).json()).toEqual({ unread: 0 });
  });

  it("an inactive company gets nothing: the job skips it and level 1's 'Asignar ahora' refuses it in Spanish", async () => {
    const { companyId, ids } = await staffOf('Dormida', 2);
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 6, monthlyJobbyTokens: 4, status: 'inactive' }).where(eq(companies.id, companyId));
    await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
    const operator = await signIn(ctx.app, 'root@jobby.cl');
    const month = dueMonth(new Date());

    await grantMonth(ctx.db, month);
    const res = await ctx.app.inject({ method: 'POST', url: `/api/companies/${companyId}/monthly-allowance/grant`, headers: as(operator) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'ALLOWANCE_COMPANY_INACTIVE', message: 'La empresa está inactiva: no recibe la asignación mensual' });
    for (const id of ids) expect(await grantsOf(id, month)).toEqual([]);
    expect(await ctx.db.select().from(monthlyGrants).where(eq(monthlyGrants.companyId, companyId))).toEqual([]);

    // Active again, the same route grants.
    await ctx.db.update(companies).set({ status: 'active' }).where(eq(companies.id, companyId));
    const granted = await ctx.app.inject({ method: 'POST', url: `/api/companies/${companyId}/monthly-allowance/grant`, headers: as(operator) });
    expect(granted.json()).toMatchObject({ granted: true, employees: 2, amountEach: 4 });
  });
});

/** Reads an SSE stream into a list of topics, resolving `until` when one matches. */
function openStream(url: string, cookie: string | null) {
  const topics: string[] = [];
  const waiters: { topic: string; resolve: () => void }[] = [];
  const controller = new AbortController();
  const ready = (async () => {
    const res = await fetch(url, { headers: { accept: 'text/event-stream', ...(cookie ? { cookie } : {}) }, signal: controller.signal });
    return res;
  })();
  const done = ready.then(async (res) => {
    if (res.status !== 200 || !res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (block.includes('event: ready')) topics.push('ready');
          else if (data && block.includes('event: change')) topics.push((JSON.parse(data.slice(6)) as { topic: string }).topic);
          for (const waiter of [...waiters]) {
            if (topics.includes(waiter.topic)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve();
            }
          }
        }
      }
    } catch {
      // aborted
    }
  });
  return {
    ready,
    topics,
    until: (topic: string) => (topics.includes(topic) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ topic, resolve }))),
    close: async () => {
      controller.abort();
      await done;
    },
  };
}

describe('GET /api/events on a listening server', () => {
  let app: App;
  let base: string;
  beforeAll(async () => {
    app = await buildApp({ config: ctx.config, database: ctx.database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => app.close());

  it('answers 401 without a session', async () => {
    const res = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe('Debes iniciar sesión para continuar');
  });

  it("streams a caller's own changes after the commit, and never another company's", async () => {
    const a = await staffOf('Vivo', 1);
    const b = await staffOf('Ajena', 1);
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 2 }).where(eq(companies.id, a.companyId));
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 2 }).where(eq(companies.id, b.companyId));
    const hrB = `admin@${b.domain}`;
    await createUser(ctx.db, { email: hrB, companyId: b.companyId, level: 2 });
    const employeeA = openStream(`${base}/api/events`, await signIn(ctx.app, `e0@${a.domain}`));
    const hrOfB = openStream(`${base}/api/events`, await signIn(ctx.app, hrB));
    expect((await employeeA.ready).headers.get('content-type')).toContain('text/event-stream');
    await Promise.all([employeeA.until('ready'), hrOfB.until('ready')]);

    // A's company first: B's HR hears its own grant after A's would have reached it (one LISTEN, commit order).
    await grantCompanyMonth(ctx.db, { companyId: a.companyId, month: '2026-08', tokenType: 'company' }, null);
    await grantCompanyMonth(ctx.db, { companyId: b.companyId, month: '2026-08', tokenType: 'company' }, null);
    await employeeA.until('balances');
    await hrOfB.until('balances');
    // B's HR heard only its own company's grant: one change, after its ready.
    expect(hrOfB.topics).toEqual(['ready', 'balances']);
    expect(employeeA.topics).toEqual(['ready', 'balances']);
    await Promise.all([employeeA.close(), hrOfB.close()]);
  });

  it("a wellbeing alert tells its own company's HR only, with the topic and nothing else (decision 118)", async () => {
    const a = await staffOf('Alerta', 1);
    const b = await staffOf('Calma', 1);
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 2 }).where(eq(companies.id, a.companyId));
    await ctx.db.update(companies).set({ monthlyCompanyTokens: 2 }).where(eq(companies.id, b.companyId));
    await createUser(ctx.db, { email: `admin@${a.domain}`, companyId: a.companyId, level: 2 });
    await createUser(ctx.db, { email: `admin@${b.domain}`, companyId: b.companyId, level: 2 });
    const hrOfA = openStream(`${base}/api/events`, await signIn(ctx.app, `admin@${a.domain}`));
    const employeeA = openStream(`${base}/api/events`, await signIn(ctx.app, `e0@${a.domain}`));
    const hrOfB = openStream(`${base}/api/events`, await signIn(ctx.app, `admin@${b.domain}`));
    await Promise.all([hrOfA.until('ready'), employeeA.until('ready'), hrOfB.until('ready')]);

    await recordEvent(ctx.db, { type: 'wellbeing.alert', payload: { companyId: a.companyId, alerts: [] } });
    // Then a change every stream hears: what came before it on each stream is all it heard of the alert.
    await grantCompanyMonth(ctx.db, { companyId: a.companyId, month: '2026-09', tokenType: 'company' }, null);
    await grantCompanyMonth(ctx.db, { companyId: b.companyId, month: '2026-09', tokenType: 'company' }, null);
    await Promise.all([hrOfA.until('balances'), employeeA.until('balances'), hrOfB.until('balances')]);
    expect(hrOfA.topics).toEqual(['ready', 'wellbeing', 'balances']);
    expect(employeeA.topics).toEqual(['ready', 'balances']);
    expect(hrOfB.topics).toEqual(['ready', 'balances']);
    await Promise.all([hrOfA.close(), employeeA.close(), hrOfB.close()]);
  });
});
