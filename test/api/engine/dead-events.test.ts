/**
 * No event is dropped (decision 364): a handler whose dependency is down for longer than the old
 * budget (5 tries in about a minute) is retried later, then its event is dead — listed for level 1
 * with its error and rung in level 1's bell, never processed — and 'Reintentar' handles it once the
 * dependency is back. A payload that fails its schema is dead at once with the schema's message.
 * Time is advanced through the row (attempts, available_at), not waited for.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { domainEvents, notifications } from '#server/db/schema';
import { outboxOptions } from '#server/event-handlers';
import { recordingTransport } from '#server/modules/bot/transport';
import { deadEventCount } from '#server/modules/events/dead';
import type { EventHandler } from '#server/modules/events/handlers';
import { recordEvent } from '#server/modules/events/outbox';
import { processPendingEvents, RETRY_POLICY, retryDelaySeconds } from '#server/outbox-worker';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { drainOutbox } from './fixtures';

let ctx: TestContext;
let companyId: string;
let otherCompanyId: string;
let cookies: Record<'L1' | 'L2' | 'L3' | 'L4' | 'L2x', string>;
let adminId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Fallidos');
  otherCompanyId = await createCompany(ctx.db, 'Otra de fallidos');
  adminId = await createUser(ctx.db, { email: 'root@fallidos.cl', level: 1 });
  await createUser(ctx.db, { email: 'rrhh@fallidos.cl', level: 2, companyId });
  await createUser(ctx.db, { email: 'ana@fallidos.cl', level: 3, companyId });
  await createUser(ctx.db, { email: 'cine@fallidos.sup', level: 4 });
  await createUser(ctx.db, { email: 'rrhh@otra.cl', level: 2, companyId: otherCompanyId });
  cookies = {
    L1: await signIn(ctx.app, 'root@fallidos.cl'),
    L2: await signIn(ctx.app, 'rrhh@fallidos.cl'),
    L3: await signIn(ctx.app, 'ana@fallidos.cl'),
    L4: await signIn(ctx.app, 'cine@fallidos.sup'),
    L2x: await signIn(ctx.app, 'rrhh@otra.cl'),
  };
  await drainOutbox(ctx.db);
});
afterAll(async () => ctx.close());

/** The webhooks' fan-out with its dependency switched off while `down` is true. */
let down = false;
const failures: unknown[] = [];
function workerOptions() {
  const options = outboxOptions({ botTransport: recordingTransport, onError: (error) => failures.push(error) });
  const handlers = options.handlers.map((handler): EventHandler =>
    handler.name === 'webhooks.fanOut'
      ? {
          ...handler,
          handle: async (tx, event, eventCtx) => {
            if (down) throw new Error('El servicio de webhooks no responde');
            return handler.handle(tx, event, eventCtx);
          },
        }
      : handler,
  );
  return { ...options, handlers };
}
const work = () => processPendingEvents(ctx.db, workerOptions());
const rowOf = async (id: number) => (await ctx.db.select().from(domainEvents).where(eq(domainEvents.id, id)))[0];
/** Time passes: the event is due now, after `attempts` failures. */
const advance = (id: number, attempts: number) => ctx.db.update(domainEvents).set({ attempts, availableAt: sql`now() - interval '1 second'` }).where(eq(domainEvents.id, id));
const lastEventId = async () => (await ctx.db.select({ id: sql<number>`max(${domainEvents.id})::int` }).from(domainEvents))[0].id;
const listDead = (cookie: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/admin/events/dead${query}`, headers: as(cookie) });
const retry = (cookie: string | null, id: number | string) => ctx.app.inject({ method: 'POST', url: `/api/admin/events/${id}/retry`, headers: cookie ? as(cookie) : { origin: 'http://localhost:3000' } });

describe('dead events', () => {
  it('the back-off doubles from 10 s, is capped at an hour with up to 10 % jitter, and gives up after about a day', () => {
    expect([1, 2, 3].map((n) => retryDelaySeconds(n, 0))).toEqual([10, 20, 40]);
    expect(retryDelaySeconds(20, 0)).toBe(3600);
    expect(retryDelaySeconds(20, 0.999)).toBeLessThanOrEqual(3960);
    let total = 0;
    for (let n = 1; n < RETRY_POLICY.deadAfterAttempts; n++) total += retryDelaySeconds(n, 0);
    expect(total).toBeGreaterThanOrEqual(24 * 3600);
  });

  it('retries a handler whose dependency is down past the old budget, then marks it dead, lists it and rings level 1; Reintentar handles it', async () => {
    down = true;
    await recordEvent(ctx.db, { type: 'bot.request.decided', payload: { requestId: randomUUID(), companyId, approved: false, reason: 'Falta la plantilla' } });
    const id = await lastEventId();

    await work();
    let row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 1, processedAt: null, deadAt: null });
    expect(row.availableAt.getTime()).toBeGreaterThan(Date.now());

    // Past the old budget of five tries: still retried, later and later — not processed, not dead.
    await advance(id, 5);
    await work();
    row = await rowOf(id);
    expect(row).toMatchObject({ attempts: 6, processedAt: null, deadAt: null });
    expect(row.availableAt.getTime() - Date.now()).toBeGreaterThan(5 * 60_000);
    expect(row.lastError).toBe('webhooks.fanOut: El servicio de webhooks no responde');

    // A day of failures later: dead.
    await advance(id, RETRY_POLICY.deadAfterAttempts - 1);
    await work();
    row = await rowOf(id);
    expect(row.processedAt).toBeNull();
    expect(row.deadAt).not.toBeNull();
    expect(row.attempts).toBe(RETRY_POLICY.deadAfterAttempts);
    expect(await deadEventCount(ctx.db)).toBe(1);

    // Dead is not due: the workers leave it.
    await advance(id, RETRY_POLICY.deadAfterAttempts);
    const before = failures.length;
    await work();
    expect(failures.length).toBe(before);
    expect((await rowOf(id)).processedAt).toBeNull();

    const list = await listDead(cookies.L1);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 1,
      nextCursor: null,
      items: [{ id, type: 'bot.request.decided', companyName: 'Fallidos', attempts: RETRY_POLICY.deadAfterAttempts, lastError: 'webhooks.fanOut: El servicio de webhooks no responde' }],
    });

    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: as(cookies.L1) });
    expect(bell.json().items).toContainEqual(
      expect.objectContaining({ type: 'event_dead', title: 'Un evento de fondo falló definitivamente', link: '/level1/events/dead', read: false }),
    );
    // Nobody else's bell rings for it.
    expect(await ctx.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.type, 'event_dead'))).toEqual([{ userId: adminId }]);

    // The dependency is back; level 1 asks for another try.
    down = false;
    const retried = await retry(cookies.L1, id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toEqual({ id, retried: true });
    await work();
    row = await rowOf(id);
    expect(row.processedAt).not.toBeNull();
    expect(row.deadAt).toBeNull();
    expect((await listDead(cookies.L1)).json()).toMatchObject({ total: 0, items: [] });

    // Not dead any more (or never there): the catalogue's 404.
    for (const target of [id, 999_999_999]) {
      const again = await retry(cookies.L1, target);
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toEqual({ code: 'DEAD_EVENT_NOT_FOUND', message: 'Evento fallido no encontrado' });
    }
  });

  it('marks a payload that fails its schema dead at once, with the schema message, without retrying it', async () => {
    const [bad] = await ctx.db.insert(domainEvents).values({ type: 'code.used', payload: { codeId: 7, userId: 'u' } }).returning({ id: domainEvents.id });
    const [unknown] = await ctx.db.insert(domainEvents).values({ type: 'nadie.lo.conoce', payload: {} }).returning({ id: domainEvents.id });
    await work();
    const row = await rowOf(bad.id);
    expect(row).toMatchObject({ attempts: 1, processedAt: null });
    expect(row.deadAt).not.toBeNull();
    // zod's own Spanish messages, one per field, with no English around them.
    expect(row.lastError?.split('\n')).toEqual(expect.arrayContaining(['codeId: Entrada inválida: se esperaba texto, recibido número', 'providerUserId: Entrada inválida: se esperaba texto, recibido indefinido']));
    expect(await rowOf(unknown.id)).toMatchObject({ attempts: 1, processedAt: null, lastError: 'Tipo de evento desconocido: nadie.lo.conoce' });

    const page = (await listDead(cookies.L1, '?limit=1')).json();
    expect(page.total).toBe(2);
    expect(page.items.map((item: { id: number }) => item.id)).toEqual([unknown.id]);
    const next = (await listDead(cookies.L1, `?limit=1&cursor=${encodeURIComponent(page.nextCursor)}`)).json();
    expect(next.items.map((item: { id: number }) => item.id)).toEqual([bad.id]);
    expect(next.nextCursor).toBeNull();
  });

  // A race needs connections that run at once: PGlite's single connection cannot race.
  it.skipIf(!process.env.TEST_DATABASE_URL)('four copies failing events at their last attempt at once: each dies once and rings each level 1 once (PostgreSQL)', async () => {
    down = true;
    const before = await deadEventCount(ctx.db);
    for (let i = 0; i < 6; i++) await recordEvent(ctx.db, { type: 'bot.request.decided', payload: { requestId: randomUUID(), companyId, approved: true, reason: null } });
    const last = await lastEventId();
    const ids = Array.from({ length: 6 }, (_, i) => last - 5 + i);
    await ctx.db.update(domainEvents).set({ attempts: RETRY_POLICY.deadAfterAttempts - 1, availableAt: sql`now() - interval '1 second'` }).where(sql`${domainEvents.id} in ${ids}`);
    await Promise.all(Array.from({ length: 4 }, () => processPendingEvents(ctx.db, workerOptions())));
    down = false;
    const rows = await Promise.all(ids.map(rowOf));
    expect(rows.map((row) => [row.attempts, row.deadAt !== null, row.processedAt])).toEqual(ids.map(() => [RETRY_POLICY.deadAfterAttempts, true, null]));
    expect(await deadEventCount(ctx.db)).toBe(before + 6);
    const rung = await ctx.db.select({ eventId: notifications.eventId }).from(notifications).where(and(eq(notifications.type, 'event_dead'), inArray(notifications.eventId, ids)));
    expect(rung.map((row) => row.eventId).sort((a, b) => a - b)).toEqual(ids);
    await ctx.db.update(domainEvents).set({ deadAt: null, processedAt: new Date() }).where(inArray(domainEvents.id, ids));
  });

  it('lets only level 1 list and retry dead events', async () => {
    const [dead] = await ctx.db
      .insert(domainEvents)
      .values({ type: 'bot.request.decided', payload: { requestId: randomUUID(), companyId, approved: true, reason: null }, attempts: 33, deadAt: new Date(), lastError: 'caído' })
      .returning({ id: domainEvents.id });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/events/dead' })).statusCode).toBe(401);
    expect((await retry(null, dead.id)).statusCode).toBe(401);
    for (const caller of ['L2', 'L3', 'L4', 'L2x'] as const) {
      expect((await listDead(cookies[caller])).statusCode).toBe(403);
      expect((await retry(cookies[caller], dead.id)).statusCode).toBe(403);
    }
    expect((await rowOf(dead.id)).deadAt).not.toBeNull();
  });
});
