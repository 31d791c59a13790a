/**
 * Webhooks out: a receiver on loopback gets a redemption and an approval within
 * seconds from the running workers, signed per Standard Webhooks (checked with the `standardwebhooks`
 * library); a failed delivery is retried with backoff and every attempt logged; a rolled-back change
 * sends nothing; no wellbeing content ever leaves; a day of failures disables the endpoint and rings
 * its owners' bell; a rotated secret signs beside the new one; the URL rules refuse what could reach
 * inside. The delivery step is driven directly with an injected clock where time matters.
 */
import { throwingLogger } from '../../support/logger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_EVENT_TYPES } from '#domain/webhooks';
import { createPasswordAccount } from '#server/accounts/create-account';
import { notifications, webhookDeliveries, webhookEndpoints } from '#server/db/schema';
import { recordEvent } from '#server/modules/events/outbox';
import { startJobs } from '#server/jobs';
import { checkEndpointUrl } from '#server/modules/webhooks/addresses';
import { backoffMs, deliverDueWebhooks } from '#server/modules/webhooks/delivery';
import { webhookMessagesOf } from '#server/modules/webhooks/fan-out';
import { createCompany, createTestContext, runOutbox, type TestContext } from '../../support/app';
import { createCompanyBenefit, employee, fund, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';
import { startReceiver, type Receiver } from './receiver';
import { openSecret, sealPlainSecrets, sealSecret, webhookSecretKey } from '#server/modules/webhooks/secret-box';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let andes: string;
let austral: string;
let root: EmployeeSession;
let hr: EmployeeSession;
let hrAustral: EmployeeSession;
let ana: EmployeeSession;
let dayOff: { id: string };
let receiver: Receiver;
let australReceiver: Receiver;

/** The receivers listen on loopback: this file runs with WEBHOOKS_ALLOW_PRIVATE=on (addresses.test.ts runs without). */
const policy = { allowPrivate: true };
/** Sends what is due, as the worker would, at `at` (the clock of claims, backoff and signatures). */
const deliver = (at = new Date()) => deliverDueWebhooks(ctx.db, { policy, secretKey: webhookSecretKey(ctx.config.authSecret), now: () => at });

type Endpoint = { id: string; status: string; disabledReason: string | null };

async function register(who: EmployeeSession, url: string, events: readonly string[] = WEBHOOK_EVENT_TYPES): Promise<Endpoint & { secret: string }> {
  const res = await post('/api/webhooks/endpoints', who.cookie, { url, description: 'Nómina', events });
  expect(res.statusCode, res.body).toBe(200);
  const endpoint = res.json() as Endpoint;
  const secret = (await get(`/api/webhooks/endpoints/${endpoint.id}/secret`, who.cookie)).json().secret as string;
  return { ...endpoint, secret };
}

type Delivery = { id: string; eventType: string; status: string; attempts: number; lastResponseCode: number | null; nextAttemptAt: string | null; lastError: string | null; attemptLog: { responseCode: number | null; error: string | null }[] };
async function deliveriesOf(who: EmployeeSession, endpointId: string): Promise<Delivery[]> {
  const res = await get(`/api/webhooks/endpoints/${endpointId}/deliveries?limit=100`, who.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Delivery[];
}

/** Turns every endpoint off after each test, so each test counts only its own. */
async function quiet() {
  await ctx.db.update(webhookEndpoints).set({ status: 'inactive' });
}

async function redeemDayOff(): Promise<string> {
  const res = await post('/api/redemptions', ana.cookie, { kind: 'company', benefitId: dayOff.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().requestId as string;
}

beforeAll(async () => {
  ctx = await createTestContext({ webhooksAllowPrivate: true });
  post = poster(ctx);
  get = getter(ctx);
  andes = await createCompany(ctx.db, 'Andes');
  austral = await createCompany(ctx.db, 'Austral');
  root = await employee(ctx, 'root@jobby.cl', null, 1);
  hr = await employee(ctx, 'rrhh@andes.cl', andes, 2);
  hrAustral = await employee(ctx, 'rrhh@austral.cl', austral, 2);
  ana = await employee(ctx, 'ana@andes.cl', andes, 3);
  dayOff = await createCompanyBenefit(ctx.db, andes, { title: 'Día libre', tokenCost: 1, availableTokens: 100, limitPerUser: 100, requiresApproval: true });
  await fund(ctx.db, { userId: ana.id, companyId: andes }, 'company', 100);
  await runOutbox(ctx);
  receiver = await startReceiver();
  australReceiver = await startReceiver();
});
afterEach(async () => {
  await quiet();
  receiver.answer();
});
afterAll(async () => {
  await receiver?.close();
  await australReceiver?.close();
  await ctx.close();
});

describe('a redemption and an approval reach the receiver, signed', () => {
  it('the running workers deliver both within seconds; standardwebhooks verifies them; another company hears nothing', async () => {
    const endpoint = await register(hr, `${receiver.url}/jobby`, ['request.created', 'request.approved']);
    const platform = await register(root, `${receiver.url}/plataforma`, ['request.approved']);
    const other = await register(hrAustral, `${australReceiver.url}/austral`);
    const jobs = await startJobs(ctx.database, throwingLogger, { botTransport: ctx.app.deps.bot.transport, webhookPolicy: policy, webhookSecretKey: webhookSecretKey(ctx.config.authSecret), mail: ctx.app.deps.mail, publicUrl: ctx.config.publicUrl });
    try {
      const created = receiver.next('request.created', 10_000);
      const requestId = await redeemDayOff();
      const createdMessage = await created;

      const approved = receiver.next('request.approved', 10_000);
      const decided = await post(`/api/requests/${requestId}/approve`, hr.cookie, {});
      expect(decided.statusCode, decided.body).toBe(200);
      const approvedMessage = await approved;

      // Verified with the library the integrator uses, with the secret shown to the owner.
      const wh = new Webhook(endpoint.secret);
      expect(wh.verify(createdMessage.body, createdMessage.headers)).toMatchObject({
        type: 'request.created',
        data: { requestId, employeeId: ana.id, companyId: andes, benefitName: 'Día libre', status: 'pending' },
      });
      expect(createdMessage.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(createdMessage.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      // The approval: to the company's endpoint and to the platform's (which chose only approvals).
      await expect(
        (async () => {
          while (receiver.received.filter((r) => r.type === 'request.approved').length < 2) await receiver.next('request.approved', 10_000);
        })(),
      ).resolves.toBeUndefined();
      const approvals = receiver.received.filter((r) => r.type === 'request.approved');
      const verified = approvals.map((r) => {
        for (const secret of [endpoint.secret, platform.secret]) {
          try {
            return new Webhook(secret).verify(r.body, r.headers) as { data: { requestId: string; status: string } };
          } catch {
            // the other endpoint's message
          }
        }
        throw new Error('a message no secret verifies');
      });
      expect(verified.map((v) => v.data)).toEqual([
        expect.objectContaining({ requestId, status: 'approved' }),
        expect.objectContaining({ requestId, status: 'approved' }),
      ]);
      expect(approvedMessage.headers['webhook-id']).not.toBe(createdMessage.headers['webhook-id']);
      // A wrong secret does not verify.
      expect(() => new Webhook(other.secret).verify(createdMessage.body, createdMessage.headers)).toThrow();
    } finally {
      await jobs.stop();
    }
    expect(australReceiver.received).toEqual([]);
    expect(await deliveriesOf(hrAustral, other.id)).toEqual([]);
    const log = await deliveriesOf(hr, endpoint.id);
    expect(log.map((d) => [d.eventType, d.status, d.lastResponseCode])).toEqual([
      ['request.approved', 'delivered', 200],
      ['request.created', 'delivered', 200],
    ]);
  });
});

describe('retries and the log', () => {
  it('a receiver that answers 500 first: logged with its code and next try, retried after the backoff, delivered', async () => {
    const endpoint = await register(hr, `${receiver.url}/reintento`, ['request.created']);
    receiver.answer(500);
    await redeemDayOff();
    await runOutbox(ctx);
    const t0 = new Date();
    expect(await deliver(t0)).toBe(1);
    let [delivery] = await deliveriesOf(hr, endpoint.id);
    expect(delivery).toMatchObject({ eventType: 'request.created', status: 'pending', attempts: 1, lastResponseCode: 500 });
    expect(delivery.lastError).toContain('500');
    expect(new Date(delivery.nextAttemptAt!).getTime()).toBe(t0.getTime() + backoffMs(1));

    // Not due before its time; due after it.
    expect(await deliver(new Date(t0.getTime() + backoffMs(1) - 1000))).toBe(0);
    const second = receiver.next('request.created');
    expect(await deliver(new Date(t0.getTime() + backoffMs(1)))).toBe(1);
    const message = await second;
    [delivery] = await deliveriesOf(hr, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, lastResponseCode: 200, nextAttemptAt: null, lastError: null });
    expect(delivery.attemptLog.map((a) => a.responseCode)).toEqual([500, 200]);
    // Both attempts carried the same webhook-id: the receiver can drop a repeat.
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === message.headers['webhook-id']);
    expect(attempts).toHaveLength(2);

    // 'Reintentar' sends it again at once, and the log keeps the new attempt.
    const again = receiver.next('request.created');
    const retried = await post(`/api/webhooks/endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`, hr.cookie, {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending' });
    await deliver();
    await again;
    [delivery] = await deliveriesOf(hr, endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('a redirect is not followed: it counts as a failure', async () => {
    const endpoint = await register(hr, `${receiver.url}/redirige`, ['request.created']);
    receiver.answer(302);
    const before = receiver.received.length;
    await redeemDayOff();
    await runOutbox(ctx);
    await deliver();
    expect(receiver.received.length).toBe(before + 1);
    const [delivery] = await deliveriesOf(hr, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', lastResponseCode: 302 });
    expect(delivery.lastError).toContain('Redirección (302) no seguida');
  });

  it('the test event goes to one endpoint, signed, whatever it subscribed to', async () => {
    const endpoint = await register(hr, `${receiver.url}/prueba`, ['code.used']);
    const arrived = receiver.next('webhook.test');
    const res = await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventType: 'webhook.test', eventLabel: 'Evento de prueba', status: 'pending' });
    await deliver();
    const message = await arrived;
    expect(new Webhook(endpoint.secret).verify(message.body, message.headers)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect((await deliveriesOf(hr, endpoint.id))[0]).toMatchObject({ status: 'delivered', lastResponseCode: 200 });
  });
});

describe('what is never sent', () => {
  it('a rolled-back change sends nothing; the same change committed does', async () => {
    const endpoint = await register(hr, `${receiver.url}/altas`, ['employee.created']);
    const account = (email: string) => ({ name: 'Nueva Persona', email, password: 'secreto123', level: 3 as const, companyId: andes, createdBy: hr.id });
    await expect(
      ctx.db.transaction(async (tx) => {
        await createPasswordAccount(tx, account('revertida@andes.cl'));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await runOutbox(ctx);
    expect(await deliver()).toBe(0);
    expect(await deliveriesOf(hr, endpoint.id)).toEqual([]);

    const arrived = receiver.next('employee.created');
    await createPasswordAccount(ctx.db, account('confirmada@andes.cl'));
    await runOutbox(ctx);
    await deliver();
    expect(JSON.parse((await arrived).body)).toMatchObject({ type: 'employee.created', data: { email: 'confirmada@andes.cl', companyId: andes } });
    expect(receiver.received.some((r) => r.body.includes('revertida@andes.cl'))).toBe(false);
  });

  it('no wellbeing or bot event becomes a webhook, even for an endpoint of every event', async () => {
    expect(WEBHOOK_EVENT_TYPES.filter((t) => /bot|wellbeing|bienestar|stress/i.test(t))).toEqual([]);
    const endpoint = await register(hr, `${receiver.url}/todo`);
    await recordEvent(ctx.db, { type: 'wellbeing.alert', payload: { companyId: andes, alerts: [{ alertId: crypto.randomUUID(), userId: ana.id, stressScore: 9 }] } });
    expect(webhookMessagesOf({ type: 'bot.message.received', payload: { messageId: crypto.randomUUID() } })).toEqual([]);
    expect(webhookMessagesOf({ type: 'bot.reply.due', payload: { messageId: crypto.randomUUID() } })).toEqual([]);
    await runOutbox(ctx);
    expect(await deliver()).toBe(0);
    expect(await deliveriesOf(hr, endpoint.id)).toEqual([]);
  });
});

describe('an endpoint failing for a day', () => {
  it('is disabled, its waiting deliveries given up, and its HR admins told in the bell', async () => {
    const endpoint = await register(hr, `${receiver.url}/caido`, ['request.created']);
    receiver.answer(...Array(20).fill(503));
    await redeemDayOff();
    await runOutbox(ctx);
    const t0 = new Date();
    await deliver(t0);
    // Almost a day later, still failing: still active.
    await ctx.db.update(webhookDeliveries).set({ nextAttemptAt: t0 }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await deliver(new Date(t0.getTime() + 23 * 3600_000));
    expect((await get('/api/webhooks/endpoints', hr.cookie)).json().find((e: Endpoint) => e.id === endpoint.id)).toMatchObject({ status: 'active' });
    // A day after the first failure, another failure disables it.
    await ctx.db.update(webhookDeliveries).set({ nextAttemptAt: t0 }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    await deliver(new Date(t0.getTime() + 24 * 3600_000 + 60_000));
    const after = (await get('/api/webhooks/endpoints', hr.cookie)).json().find((e: Endpoint) => e.id === endpoint.id);
    expect(after).toMatchObject({ status: 'inactive', disabledReason: 'failing' });
    expect((await deliveriesOf(hr, endpoint.id))[0]).toMatchObject({ status: 'failed' });
    await runOutbox(ctx);
    const bell = await ctx.db.select().from(notifications).where(eq(notifications.type, 'webhook_disabled'));
    expect(bell.map((n) => n.userId)).toEqual([hr.id]);
    const items = (await get('/api/notifications', hr.cookie)).json().items as { type: string; title: string; link: string }[];
    expect(items.find((n) => n.type === 'webhook_disabled')).toMatchObject({ title: 'Webhook desactivado', link: '/level2/integrations' });
    // Disabled: no test event, no retry, until its owner enables it again.
    expect((await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {})).json().error.code).toBe('WEBHOOK_ENDPOINT_INACTIVE');
    const enabled = await post(`/api/webhooks/endpoints/${endpoint.id}/status`, hr.cookie, { status: 'active' });
    expect(enabled.json()).toMatchObject({ status: 'active', disabledReason: null });
  });
});

describe('the secret and its rotation', () => {
  it('after a rotation each message carries two signatures: the old secret and the new one both verify', async () => {
    const endpoint = await register(hr, `${receiver.url}/rotacion`, ['request.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    const rotated = await post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, hr.cookie, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { secret, previousSecretUntil } = rotated.json() as { secret: string; previousSecretUntil: string };
    expect(secret).not.toBe(endpoint.secret);
    expect(new Date(previousSecretUntil).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const arrived = receiver.next('request.created');
    await redeemDayOff();
    await runOutbox(ctx);
    await deliver();
    const message = await arrived;
    expect(message.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(new Webhook(secret).verify(message.body, message.headers)).toMatchObject({ type: 'request.created' });
    expect(new Webhook(endpoint.secret).verify(message.body, message.headers)).toMatchObject({ type: 'request.created' });
    // Past the grace period only the new secret signs.
    const late = receiver.next('webhook.test');
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    await deliver(new Date(Date.now() + 25 * 3600_000));
    expect((await late).headers['webhook-signature'].split(' ')).toHaveLength(1);
  });
});

describe('the secrets are sealed in the database (decision 307)', () => {
  it('the stored value is not the secret; the owner sees it and deliveries are signed with it', async () => {
    const endpoint = await register(hr, `${receiver.url}/sellado`, ['request.created']);
    const [stored] = await ctx.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored.secret).toMatch(/^sealed:v1:/);
    expect(stored.secret).not.toContain(endpoint.secret.slice('whsec_'.length));
    const arrived = receiver.next('request.created');
    await redeemDayOff();
    await runOutbox(ctx);
    await deliver();
    const message = await arrived;
    expect(new Webhook(endpoint.secret).verify(message.body, message.headers)).toMatchObject({ type: 'request.created' });
  });

  it('a secret stored plain before sealing keeps signing, and is sealed at the next start', async () => {
    const endpoint = await register(hr, `${receiver.url}/antiguo`, ['code.used']);
    const plain = 'whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtMDEyMzQ1Ng==';
    await ctx.db.update(webhookEndpoints).set({ secret: plain }).where(eq(webhookEndpoints.id, endpoint.id));
    const before = receiver.next('webhook.test');
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    await deliver();
    expect(new Webhook(plain).verify((await before).body, (await before).headers)).toMatchObject({ type: 'webhook.test' });

    expect(await sealPlainSecrets(ctx.db, webhookSecretKey(ctx.config.authSecret))).toBeGreaterThanOrEqual(1);
    const [stored] = await ctx.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(stored.secret).toMatch(/^sealed:v1:/);
    expect((await get(`/api/webhooks/endpoints/${endpoint.id}/secret`, hr.cookie)).json().secret).toBe(plain);
    const after = receiver.next('webhook.test');
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    await deliver();
    expect(new Webhook(plain).verify((await after).body, (await after).headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('after BETTER_AUTH_SECRET changed, deliveries fail until a rotation, which brings them back at once', async () => {
    const endpoint = await register(hr, `${receiver.url}/nueva-clave`, ['code.used']);
    const otherKey = webhookSecretKey('otro-secreto-otro-secreto-otro-secreto');
    // What the rows look like to a server started with another BETTER_AUTH_SECRET.
    await ctx.db.update(webhookEndpoints).set({ secret: sealSecret('whsec_b2xk', otherKey) }).where(eq(webhookEndpoints.id, endpoint.id));
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    await deliver();
    const [failed] = await deliveriesOf(hr, endpoint.id);
    expect(failed.lastError).toContain('¿cambió BETTER_AUTH_SECRET?');
    const shown = await get(`/api/webhooks/endpoints/${endpoint.id}/secret`, hr.cookie);
    expect(shown.statusCode).toBe(409);
    expect(shown.json().error.message).toBe('No se pudo abrir el secreto de un webhook: ¿cambió BETTER_AUTH_SECRET? Rota el secreto del endpoint.');

    const rotated = await post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, hr.cookie, {});
    expect(rotated.statusCode, rotated.body).toBe(200);
    const arrived = receiver.next('webhook.test');
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    await deliver();
    const message = await arrived;
    expect(message.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.json().secret).verify(message.body, message.headers)).toMatchObject({ type: 'webhook.test' });
  });

  it('under another server key a sealed secret does not open', () => {
    const sealed = sealSecret('whsec_abc', webhookSecretKey(ctx.config.authSecret));
    expect(openSecret(sealed, webhookSecretKey(ctx.config.authSecret))).toBe('whsec_abc');
    expect(() => openSecret(sealed, webhookSecretKey('otro-secreto-otro-secreto-otro-secreto'))).toThrow(/BETTER_AUTH_SECRET/);
  });
});

describe('where a webhook may go', () => {
  it('https:// is required; http:// only to this machine outside production; the reason is in Spanish', async () => {
    const refused = await post('/api/webhooks/endpoints', hr.cookie, { url: 'http://example.com/hook', events: ['code.used'] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'WEBHOOK_URL_NOT_ALLOWED' });
    expect(refused.json().error.message).toContain('debe comenzar con https://');
    expect((await post('/api/webhooks/endpoints', hr.cookie, { url: 'ftp://example.com/hook', events: ['code.used'] })).statusCode).toBe(400);
    expect((await post('/api/webhooks/endpoints', hr.cookie, { url: 'https://example.com/hook', events: [] })).json().error.code).toBe('VALIDATION');
    expect((await post('/api/webhooks/endpoints', hr.cookie, { url: 'https://example.com/hook', events: ['wellbeing.alert'] })).json().error.code).toBe('VALIDATION');
  });

  it('with WEBHOOKS_ALLOW_PRIVATE=on http:// reaches only this machine', () => {
    expect(checkEndpointUrl('http://localhost:4000/x', policy)).toBe('http://localhost:4000/x');
    expect(checkEndpointUrl('http://[::1]:4000/x', policy)).toBe('http://[::1]:4000/x');
    expect(() => checkEndpointUrl('http://10.0.0.1/x', policy)).toThrow(/debe comenzar con https:\/\//);
  });
});

describe('whose endpoints', () => {
  it('HR of another company and level 1 cannot see or touch a company endpoint or its deliveries', async () => {
    const endpoint = await register(hr, `${receiver.url}/propio`, ['request.created']);
    await post(`/api/webhooks/endpoints/${endpoint.id}/test`, hr.cookie, {});
    const [delivery] = await deliveriesOf(hr, endpoint.id);
    for (const stranger of [hrAustral, root]) {
      expect((await get('/api/webhooks/endpoints', stranger.cookie)).json().map((e: Endpoint) => e.id)).not.toContain(endpoint.id);
      expect((await get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`, stranger.cookie)).statusCode).toBe(404);
      expect((await get(`/api/webhooks/endpoints/${endpoint.id}/secret`, stranger.cookie)).statusCode).toBe(404);
      expect((await post(`/api/webhooks/endpoints/${endpoint.id}/deliveries/${delivery.id}/retry`, stranger.cookie, {})).statusCode).toBe(404);
      expect((await post(`/api/webhooks/endpoints/${endpoint.id}/rotate-secret`, stranger.cookie, {})).statusCode).toBe(404);
      const edit = await ctx.app.inject({ method: 'PUT', url: `/api/webhooks/endpoints/${endpoint.id}`, headers: { cookie: stranger.cookie, origin: 'http://localhost:3000' }, payload: { url: 'https://example.com', events: ['code.used'] } });
      expect(edit.statusCode).toBe(404);
    }
    // A delivery of another endpoint under this endpoint's path is not found either.
    const own = await register(hrAustral, `${australReceiver.url}/x`, ['code.used']);
    expect((await post(`/api/webhooks/endpoints/${own.id}/deliveries/${delivery.id}/retry`, hrAustral.cookie, {})).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.url).toBe(`${receiver.url}/propio`);
  });
});
