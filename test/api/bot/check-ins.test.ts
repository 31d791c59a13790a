/**
 * The bot checks in on its own (decision 240): time is advanced by handing the job its
 * clock, never by waiting. Through a day's windows each eligible employee receives exactly one
 * template message; nobody without a phone, who wrote within a day, already checked in this period,
 * of a company whose bot is off, or outside the window. Two runs at the same instant send once.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCheckIns, domainEvents, users } from '#server/db/schema';
import type { BotConfig } from '#server/db/schema';
import { runCheckIns, santiagoClock } from '#server/modules/bot/check-ins';
import { ingestInbound } from '#server/modules/bot/ingest';
import { periodStartSql } from '#server/modules/bot/periodic';
import type { BotTransport, TemplateMessage } from '#server/modules/bot/transport';
import { signBody } from '#server/modules/bot/webhook-payload';
import { processPendingEvents } from '#server/event-handlers';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';

let ctx: TestContext;

/** A transport that keeps every template message it is handed, as WhatsApp would receive it. */
function capturingTransport() {
  const templates: TemplateMessage[] = [];
  const transport: BotTransport = {
    sendText: async () => ({ status: 'sent', note: null }),
    sendTemplate: async (message) => {
      templates.push(message);
      return { status: 'sent', note: `wamid.${templates.length}` };
    },
  };
  return { templates, transport };
}

const sendAll = (transport: BotTransport) =>
  processPendingEvents(ctx.db, {
    botTransport: transport,
    onError: (error) => {
      throw error;
    },
  });

const onConfig = (extra: Partial<BotConfig> = {}): BotConfig => ({ botEnabled: true, whatsappNumber: '+56226000000', analysisFrequency: 'daily', checkInTemplate: 'bienestar_checkin', checkInLanguage: 'es', ...extra });

let phoneCounter = 0;
/** An employee of `companyId`, with a unique Chilean mobile unless `phone` is null. */
async function employee(companyId: string, name: string, options: { phone?: null; status?: 'inactive' } = {}) {
  const id = await createUser(ctx.db, { email: `${name.toLowerCase().replace(/\W/g, '')}-${phoneCounter}@${companyId.slice(0, 8)}.cl`, name, companyId, status: options.status });
  phoneCounter += 1;
  const phone = options.phone === null ? null : `+5691${String(phoneCounter).padStart(7, '0')}`;
  if (phone) await ctx.db.update(users).set({ phone }).where(eq(users.id, id));
  return { id, name, phone };
}

type Person = Awaited<ReturnType<typeof employee>>;

/** 5-minute ticks of the job from `from` to `to` (UTC instants), as pg-boss's cron would run it. */
async function tick(from: string, to: string) {
  const times: Date[] = [];
  for (let at = new Date(from).getTime(); at <= new Date(to).getTime(); at += 5 * 60_000) {
    times.push(new Date(at));
    await runCheckIns(ctx.db, { now: new Date(at) });
  }
  return times;
}

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('the check-in job', () => {
  // Tuesday 24 November 2026: Chile is on summer time (UTC−3), so 10:00 in Santiago is 13:00 UTC.
  const TUESDAY_0955 = '2026-11-24T12:55:00Z';

  it('reads the Santiago clock in 24-hour time, summer and winter', () => {
    expect(santiagoClock(new Date('2026-11-24T13:00:00Z'))).toEqual({ weekday: 2, minutes: 600 });
    expect(santiagoClock(new Date('2026-06-23T14:30:00Z'))).toEqual({ weekday: 2, minutes: 630 });
    expect(santiagoClock(new Date('2026-11-28T13:00:00Z')).weekday).toBe(6);
  });

  it('through a day of windows, each eligible employee receives exactly one template message, spread over the window; the others none', async () => {
    const on = await createCompany(ctx.db, 'Cordillera', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig() });
    const off = await createCompany(ctx.db, 'Pacífico', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig({ botEnabled: false }) });
    const eligible: Person[] = [];
    for (const name of ['Ana Reyes', 'Bruno Díaz', 'Carmen Soto', 'Daniel Vera', 'Elisa Mora', 'Felipe Rojas', 'Gabriela Luna', 'Hugo Paz']) eligible.push(await employee(on, name));
    const noPhone = await employee(on, 'Inés Sinfono', { phone: null });
    const inactive = await employee(on, 'Jaime Inactivo', { status: 'inactive' });
    const wroteYesterday = await employee(on, 'Karen Escribió');
    const alreadyCheckedIn = await employee(on, 'Luis Contactado');
    const botOff = await employee(off, 'Marta Apagada');
    // Karen wrote at 17:00 the day before (Santiago): within a day of the whole window.
    const wrote = await ingestInbound(ctx.db, { from: wroteYesterday.phone!.slice(1), externalId: 'karen-1', sentAt: new Date('2026-11-23T20:00:00Z'), body: 'Todo bien' });
    expect(wrote.stored).toBe(true);
    // Luis had this period's check-in already (another copy, earlier today).
    const earlier = new Date('2026-11-24T11:00:00Z');
    await ctx.db.insert(botCheckIns).values({ userId: alreadyCheckedIn.id, periodStart: periodStartSql('daily', earlier), companyId: on, phoneNumber: alreadyCheckedIn.phone!, template: 'bienestar_checkin', language: 'es', payload: {}, createdAt: earlier, deliveryStatus: 'sent' });
    const { templates, transport } = capturingTransport();

    // Before the window: nothing.
    expect((await runCheckIns(ctx.db, { now: new Date(TUESDAY_0955) })).checkIns).toBe(0);
    // The morning window, 10:00 to 10:55 every five minutes, then 11:00 (the window has closed).
    const morning = await tick('2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z');
    await sendAll(transport);
    // The afternoon window of the same period (15:00–16:00) asks nobody again.
    await tick('2026-11-24T18:00:00Z', '2026-11-24T19:00:00Z');
    await sendAll(transport);

    expect(templates.map((t) => t.to).sort()).toEqual(eligible.map((e) => e.phone!.slice(1)).sort());
    for (const message of templates) {
      expect(message).toMatchObject({ messaging_product: 'whatsapp', type: 'template', template: { name: 'bienestar_checkin', language: { code: 'es' } } });
      const person = eligible.find((e) => e.phone!.slice(1) === message.to)!;
      expect(message.template.components).toEqual([{ type: 'body', parameters: [{ type: 'text', text: person.name.split(' ')[0] }] }]);
    }
    const rows = await ctx.db.select().from(botCheckIns).where(inArray(botCheckIns.userId, [...eligible.map((e) => e.id), noPhone.id, inactive.id, wroteYesterday.id, botOff.id]));
    expect(rows.map((r) => r.userId).sort()).toEqual(eligible.map((e) => e.id).sort());
    expect(rows.every((r) => r.deliveryStatus === 'sent')).toBe(true);
    // Spread: not everyone at the first tick, and all inside the morning window.
    const moments = new Set(rows.map((r) => r.createdAt.getTime()));
    expect(moments.size).toBeGreaterThan(1);
    expect(rows.every((r) => r.createdAt >= morning[0] && r.createdAt < morning[morning.length - 1])).toBe(true);

    // The next working day is a new period: everyone eligible is asked once more (Karen too, now).
    await tick('2026-11-25T13:00:00Z', '2026-11-25T14:00:00Z');
    await sendAll(transport);
    expect(templates).toHaveLength(eligible.length * 2 + 2);
  });

  it('asks nobody on a weekend, nor in a company without a template', async () => {
    const company = await createCompany(ctx.db, 'Sábado', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig() });
    const noTemplate = await createCompany(ctx.db, 'Sin plantilla', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig({ checkInTemplate: '' }) });
    const person = await employee(company, 'Nora Finde');
    const other = await employee(noTemplate, 'Óscar Plantilla');
    await tick('2026-11-28T13:00:00Z', '2026-11-28T14:00:00Z');
    await tick('2026-11-24T13:00:00Z', '2026-11-24T14:00:00Z');
    const rows = await ctx.db.select().from(botCheckIns).where(inArray(botCheckIns.userId, [person.id, other.id]));
    // Nora's company is on: only the Tuesday window reached her, once; Óscar's never did.
    expect(rows.map((r) => [r.userId, santiagoClock(r.createdAt).weekday])).toEqual([[person.id, 2]]);
  });

  raceTest('two runs of the job at the same instant claim and send each check-in once', async () => {
    const company = await createCompany(ctx.db, 'Duplicada', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig() });
    const people: Person[] = [];
    for (const name of ['Pía Uno', 'Raúl Dos', 'Sara Tres', 'Tito Cuatro']) people.push(await employee(company, name));
    // 10:59:59 in Santiago: everyone's moment of the window has come.
    const now = new Date('2026-11-24T13:59:59Z');
    await Promise.all([runCheckIns(ctx.db, { now }), runCheckIns(ctx.db, { now })]);
    const events = await ctx.db.select().from(domainEvents).where(eq(domainEvents.type, 'bot.checkin.due'));
    const mine = await ctx.db.select({ id: botCheckIns.id }).from(botCheckIns).where(eq(botCheckIns.companyId, company));
    expect(mine).toHaveLength(people.length);
    const claimedHere = new Set(mine.map((m) => m.id));
    expect(events.filter((e) => claimedHere.has((e.payload as { checkInId: string }).checkInId))).toHaveLength(people.length);
    const { templates, transport } = capturingTransport();
    await Promise.all([sendAll(transport), sendAll(transport)]);
    expect(templates.filter((t) => people.some((p) => p.phone!.slice(1) === t.to))).toHaveLength(people.length);
  });
});

describe("HR's profiles show the last check-in and whether it was answered", () => {
  it('answered after a reply, not answered without one', async () => {
    const company = await createCompany(ctx.db, 'Respuestas', { botEnabled: true, botEnabledAt: new Date(), botConfig: onConfig() });
    await createUser(ctx.db, { email: 'admin@respuestas.cl', level: 2, companyId: company });
    const replies = await employee(company, 'Ulises Responde');
    const silent = await employee(company, 'Vera Calla');
    const never = await employee(company, 'Walter Nuevo', { phone: null });
    await runCheckIns(ctx.db, { now: new Date('2026-11-24T13:59:59Z') });
    await sendAll(capturingTransport().transport);
    const raw = JSON.stringify({ from: replies.phone!.slice(1), body: 'Bien, gracias por preguntar', timestamp: Math.floor(Date.now() / 1000) });
    const delivered = await ctx.app.inject({ method: 'POST', url: '/webhook/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, ctx.config.whatsapp.appSecret) }, payload: raw });
    expect(delivered.json().stored).toBe(1);

    const cookie = await signIn(ctx.app, 'admin@respuestas.cl');
    const list = (await ctx.app.inject({ url: '/api/bot/profiles', headers: as(cookie) })).json();
    const byId = new Map(list.items.map((p: { userId: string }) => [p.userId, p]));
    expect(byId.get(replies.id)).toMatchObject({ lastCheckInAt: expect.any(String), lastCheckInAnswered: true });
    expect(byId.get(silent.id)).toMatchObject({ lastCheckInAt: expect.any(String), lastCheckInAnswered: false });
    expect(byId.get(never.id)).toMatchObject({ lastCheckInAt: null, lastCheckInAnswered: null });
    const detail = (await ctx.app.inject({ url: `/api/bot/profiles/${silent.id}`, headers: as(cookie) })).json();
    expect(detail.checkIns).toEqual([expect.objectContaining({ template: 'bienestar_checkin', language: 'es', deliveryStatus: 'sent', answered: false })]);
  });
});
