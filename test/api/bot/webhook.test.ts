/** The WhatsApp webhook: signatures, both payload shapes, the handshake, retries, unknown senders, the bot off, size. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAlerts, botMessages, companies, domainEvents, employeeWellbeingProfiles, users } from '#server/db/schema';
import { processPendingEvents } from '#server/event-handlers';
import { cloudApiTransport, NOT_SENT_NOTE, recordingTransport } from '#server/modules/bot/transport';
import { runPeriodicBotAnalysis } from '#server/modules/bot/periodic';
import { signBody } from '#server/modules/bot/webhook-payload';
import { createCompany, createTestContext, createUser, runOutbox, type TestContext } from '../../support/app';

let ctx: TestContext;
let andes: string;
let employee: string;
let offEmployee: string;
const SECRET = 'test-whatsapp-app-secret';

beforeAll(async () => {
  ctx = await createTestContext();
  const config = { botEnabled: true, whatsappNumber: '+56226000000', analysisFrequency: 'weekly' as const, stressKeywords: ['turno de noche'], wellbeingIndicators: [] };
  andes = await createCompany(ctx.db, 'Andes Bot', { botEnabled: true, botEnabledAt: new Date(), botConfig: config });
  const off = await createCompany(ctx.db, 'Austral Bot', { botEnabled: true, botEnabledAt: new Date(), botConfig: { ...config, botEnabled: false } });
  employee = await createUser(ctx.db, { email: 'camila@andes-bot.cl', companyId: andes });
  offEmployee = await createUser(ctx.db, { email: 'sofia@austral-bot.cl', companyId: off });
  await ctx.db.update(users).set({ phone: '+56987654321' }).where(eq(users.id, employee));
  await ctx.db.update(users).set({ phone: '+56911112222' }).where(eq(users.id, offEmployee));
});
afterAll(async () => ctx.close());

function post(body: unknown, options: { secret?: string; raw?: string; signature?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/webhook/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': options.signature ?? signBody(raw, options.secret ?? SECRET) },
    payload: raw,
  });
}

const cloud = (from: string, id: string, body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
  object: 'whatsapp_business_account',
  entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: {}, messages: [{ from, id, timestamp, type: 'text', text: { body } }] } }] }],
});

const inbound = async (userId: string) => ctx.db.select().from(botMessages).where(eq(botMessages.userId, userId));

describe('POST /webhook/whatsapp', () => {
  it('refuses a missing or wrong signature with 401 and stores nothing', async () => {
    const body = { from: '+56987654321', body: 'Estoy muy estresada', timestamp: 1_760_000_000 };
    for (const res of [await post(body, { signature: '' }), await post(body, { secret: 'otro-secreto-cualquiera' }), await post(body, { signature: 'sha256=zz' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Firma del webhook no válida');
    }
    expect(await inbound(employee)).toEqual([]);
  });

  it("takes the spec's payload, analyses it after the commit, updates the profile, raises the alert and records the reply", async () => {
    const res = await post({ from: '+56 9 8765 4321', body: 'Estoy muy estresada, no doy más con el turno de noche', timestamp: Math.floor(Date.now() / 1000) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: 1, stored: 1 });
    await runOutbox(ctx);
    const messages = await inbound(employee);
    const received = messages.find((m) => m.direction === 'inbound')!;
    expect(received).toMatchObject({ stressScore: 10, requiresAttention: true, sentiment: 'negative', companyId: andes });
    expect(received.detectedKeywords).toEqual(expect.arrayContaining(['estres', 'no doy mas', 'turno de noche']));
    const reply = messages.find((m) => m.direction === 'outbound')!;
    expect(reply).toMatchObject({ deliveryStatus: 'not_sent', deliveryNote: NOT_SENT_NOTE });
    const [profile] = await ctx.db.select().from(employeeWellbeingProfiles).where(eq(employeeWellbeingProfiles.userId, employee));
    expect(profile).toMatchObject({ stressScore: 10, conversationCount: 1, companyId: andes });
    const alerts = await ctx.db.select().from(botAlerts).where(eq(botAlerts.userId, employee));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ status: 'open', stressScore: 10 });
  });

  it('takes the Cloud API payload and stores a retried message id once', async () => {
    const body = cloud('56987654321', 'wamid.retry-1', 'Hoy todo bien, tranquila');
    const first = await post(body);
    const second = await post(body);
    expect(first.json()).toEqual({ received: 1, stored: 1 });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: 1, stored: 0 });
    await runOutbox(ctx);
    const stored = (await inbound(employee)).filter((m) => m.externalId === 'wamid.retry-1');
    expect(stored).toHaveLength(1);
    expect(stored[0].stressScore).toBeLessThan(4);
  });

  it('acknowledges an unknown number and an employee whose company has the bot off, storing nothing', async () => {
    const unknown = await post(cloud('56900000000', 'wamid.unknown', 'Hola'));
    const off = await post({ from: '56911112222', body: 'Estoy agotada', timestamp: '2026-01-05T10:00:00Z' });
    expect([unknown.statusCode, off.statusCode]).toEqual([200, 200]);
    expect(unknown.json().stored).toBe(0);
    expect(off.json().stored).toBe(0);
    expect(await inbound(offEmployee)).toEqual([]);
    const [row] = await ctx.db.select().from(botMessages).where(eq(botMessages.externalId, 'wamid.unknown'));
    expect(row).toBeUndefined();
  });

  it('ignores a company whose level 1 access was turned off', async () => {
    await ctx.db.update(companies).set({ botEnabled: false }).where(eq(companies.id, andes));
    const res = await post(cloud('56987654321', 'wamid.no-access', 'Hola'));
    await ctx.db.update(companies).set({ botEnabled: true }).where(eq(companies.id, andes));
    expect(res.json().stored).toBe(0);
  });

  it('refuses a signed body that is neither shape with 400, and a 1 MB body with 413', async () => {
    expect((await post({ hola: 'mundo' })).statusCode).toBe(400);
    expect((await post(null, { raw: 'no es json' })).statusCode).toBe(400);
    const big = JSON.stringify({ from: '56987654321', body: 'x'.repeat(1024 * 1024) });
    const res = await post(null, { raw: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('GET /webhook/whatsapp (verification handshake)', () => {
  it('echoes the challenge for the right token and refuses a wrong one', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: '/webhook/whatsapp?hub.mode=subscribe&hub.verify_token=test-verify-token&hub.challenge=1158201444' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({ method: 'GET', url: '/webhook/whatsapp?hub.mode=subscribe&hub.verify_token=otro&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe('Token de verificación no válido');
  });
});

describe('the webhook rate limit', () => {
  it('answers 429 past WEBHOOK_REQUESTS_PER_MINUTE deliveries from one address, before reading them', async () => {
    const limited = await createTestContext({ whatsapp: { ...ctx.config.whatsapp, requestsPerMinute: 2 } });
    try {
      const raw = JSON.stringify({ from: '56900000001', body: 'Hola' });
      const send = () => limited.app.inject({ method: 'POST', url: '/webhook/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, SECRET) }, payload: raw });
      expect([(await send()).statusCode, (await send()).statusCode]).toEqual([200, 200]);
      const third = await send();
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe('Demasiadas solicitudes. Intenta nuevamente en un momento.');
    } finally {
      await limited.close();
    }
  });
});

describe('the periodic analysis', () => {
  it('runs once per company and period', async () => {
    const now = new Date();
    const first = await runPeriodicBotAnalysis(ctx.db, { now });
    const second = await runPeriodicBotAnalysis(ctx.db, { now });
    expect(first.companiesAnalysed).toBe(1);
    expect(second).toEqual({ companiesAnalysed: 0, alertsRaised: 0 });
  });
});

describe('the analysis on the outbox (decision 112)', () => {
  it('a reply whose sending failed is not lost: the event is retried and the reply sent once', async () => {
    // The replies already in this conversation (earlier tests), so only this message's reply is read:
    // the webhook's timestamps have whole seconds, too coarse to tell replies of the same second apart.
    const outbound = () => ctx.db.select({ id: botMessages.id, deliveryStatus: botMessages.deliveryStatus }).from(botMessages).where(eq(botMessages.direction, 'outbound'));
    const earlier = new Set((await outbound()).map((m) => m.id));
    const raw = JSON.stringify(cloud('56987654321', 'wamid.flaky-send', 'Hola, todo tranquilo'));
    const res = await ctx.app.inject({ method: 'POST', url: '/webhook/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, SECRET) }, payload: raw });
    expect(res.json().stored).toBe(1);
    let calls = 0;
    const flaky = {
      sendText: async () => {
        calls += 1;
        if (calls === 1) throw new Error('WhatsApp no responde');
        return { status: 'sent' as const, note: null };
      },
      sendTemplate: recordingTransport.sendTemplate,
    };
    const failures: unknown[] = [];
    await processPendingEvents(ctx.db, { botTransport: flaky, onError: (error) => failures.push(error) });
    expect(failures).toHaveLength(1);
    // The failed event waits for its retry: make it due now instead of waiting for the back-off.
    await ctx.db.update(domainEvents).set({ availableAt: new Date(0) }).where(isNull(domainEvents.processedAt));
    await processPendingEvents(ctx.db, { botTransport: flaky });
    expect(calls).toBe(2);
    const replies = (await outbound()).filter((m) => !earlier.has(m.id));
    expect(replies.map((r) => r.deliveryStatus)).toEqual(['sent']);
  });
});

describe('the Cloud API transport', () => {
  let server: Server;
  const seen: Array<{ url: string; auth: string | undefined; body: unknown }> = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let data = '';
      request.on('data', (chunk) => (data += chunk));
      request.on('end', () => {
        seen.push({ url: request.url ?? '', auth: request.headers.authorization, body: JSON.parse(data) });
        const fail = request.url?.includes('999');
        response.writeHead(fail ? 400 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(fail ? { error: { message: 'bad' } } : { messages: [{ id: 'wamid.sent' }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts the text to Graph API with the bearer token, and reports a refusal as failed', async () => {
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
    const sent = await cloudApiTransport({ accessToken: 'token-1', phoneNumberId: '123', apiUrl }).sendText('+56 9 8765 4321', 'Hola');
    expect(sent).toEqual({ status: 'sent', note: 'wamid.sent' });
    expect(seen[0]).toEqual({ url: '/v21.0/123/messages', auth: 'Bearer token-1', body: { messaging_product: 'whatsapp', recipient_type: 'individual', to: '56987654321', type: 'text', text: { preview_url: false, body: 'Hola' } } });
    const failed = await cloudApiTransport({ accessToken: 'token-1', phoneNumberId: '999', apiUrl }).sendText('+56987654321', 'Hola');
    expect(failed.status).toBe('failed');
  });
});
