/**
 * A copy killed (SIGKILL) in the middle of the bot's work loses nothing and repeats nothing
 * (decision 112): the message is analysed, alerted and answered exactly once by the next worker.
 * PostgreSQL only: the dying copy is another process, and PGlite is one process's embedded database.
 */
import { spawn } from 'node:child_process';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botAlerts, botMessages, domainEvents, users } from '#server/db/schema';
import { recordingTransport } from '#server/modules/bot/transport';
import { signBody } from '#server/modules/bot/webhook-payload';
import { processPendingEvents } from '#server/event-handlers';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let company: string;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  const config = { botEnabled: true, whatsappNumber: '+56226000000', analysisFrequency: 'weekly' as const, stressKeywords: ['turno de noche'], wellbeingIndicators: [] };
  company = await createCompany(ctx.db, 'Caída', { botEnabled: true, botEnabledAt: new Date(), botConfig: config });
});
afterAll(async () => ctx?.close());

/** Runs crash-child.ts until it says it hangs at `moment`, then kills it with SIGKILL. */
async function killDuring(moment: 'reply' | 'analysis'): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/api/bot/crash-child.ts', ctx.database.url!, moment], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('HANGING') && resolve());
    child.once('exit', () => reject(new Error('the child ended before hanging')));
  });
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

async function deliver(phone: string, id: string, body: string) {
  const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: {}, messages: [{ from: phone, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }] } }] }] });
  const res = await ctx.app.inject({ method: 'POST', url: '/webhook/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, ctx.config.whatsapp.appSecret) }, payload: raw });
  expect(res.json()).toEqual({ received: 1, stored: 1 });
}

/** The next copy's workers, with a transport that counts what it sends. */
async function recover(): Promise<string[]> {
  const sent: string[] = [];
  // The killed copy's connection is gone; PostgreSQL released its locks and rolled back its transaction.
  await ctx.db.update(domainEvents).set({ availableAt: new Date(0) }).where(isNull(domainEvents.processedAt));
  await processPendingEvents(ctx.db, {
    botTransport: { sendText: async (_to, text) => (sent.push(text), { status: 'sent', note: null }), sendTemplate: recordingTransport.sendTemplate },
    onError: (error) => {
      throw error;
    },
  });
  return sent;
}

async function outcome(userId: string) {
  const messages = await ctx.db.select().from(botMessages).where(eq(botMessages.userId, userId));
  return {
    analysed: messages.filter((m) => m.direction === 'inbound' && m.analyzedAt !== null).length,
    replies: messages.filter((m) => m.direction === 'outbound').map((m) => m.deliveryStatus),
    alerts: (await ctx.db.select().from(botAlerts).where(and(eq(botAlerts.userId, userId), eq(botAlerts.status, 'open')))).length,
    pendingEvents: await ctx.db.$count(domainEvents, isNull(domainEvents.processedAt)),
  };
}

describe.skipIf(!onPostgres)('a copy killed during the bot work', () => {
  it('killed while sending the reply: the next worker sends it once; one analysis, one alert', async () => {
    const employee = await createUser(ctx.db, { email: 'ines@caida.cl', companyId: company });
    await ctx.db.update(users).set({ phone: '+56955550001' }).where(eq(users.id, employee));
    await deliver('56955550001', 'wamid.kill-reply', 'Estoy muy estresada, no doy más con el turno de noche');
    await killDuring('reply');
    // The analysis had committed before the send began: only the reply is left.
    expect(await outcome(employee)).toMatchObject({ analysed: 1, replies: [null], alerts: 1 });
    const sent = await recover();
    expect(sent).toHaveLength(1);
    expect(await outcome(employee)).toEqual({ analysed: 1, replies: ['sent'], alerts: 1, pendingEvents: 0 });
  });

  it('killed before the analysis committed: nothing of it remains, and the next worker does it all once', async () => {
    const employee = await createUser(ctx.db, { email: 'tomas@caida.cl', companyId: company });
    await ctx.db.update(users).set({ phone: '+56955550002' }).where(eq(users.id, employee));
    await deliver('56955550002', 'wamid.kill-analysis', 'Estoy muy estresado, no doy más con el turno de noche');
    await killDuring('analysis');
    expect(await outcome(employee)).toMatchObject({ analysed: 0, replies: [], alerts: 0 });
    const sent = await recover();
    expect(sent).toHaveLength(1);
    expect(await outcome(employee)).toEqual({ analysed: 1, replies: ['sent'], alerts: 1, pendingEvents: 0 });
  });
});
