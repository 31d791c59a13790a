/**
 * The bot's screens through the API: level 1's access, HR's configuration and its bot
 * request, employees' phones, profiles with conversations, 'Tomar Acción', the analytics.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BOT_INSTRUCTIONS } from '#domain/bot';
import { botAlerts, botRequests, companies, users } from '#server/db/schema';
import { signBody } from '#server/modules/bot/webhook-payload';
import { as, createCompany, createTestContext, createUser, runOutbox, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let andes = '';
let austral = '';
let camila = '';
let sofia = '';
const cookie = { root: '', hr: '', otherHr: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  andes = await createCompany(ctx.db, 'Andes');
  austral = await createCompany(ctx.db, 'Austral');
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andes, name: 'Carolina RR.HH.' });
  await createUser(ctx.db, { email: 'admin@austral.cl', level: 2, companyId: austral });
  camila = await createUser(ctx.db, { email: 'camila@andes.cl', companyId: andes, name: 'Camila Rojas' });
  await createUser(ctx.db, { email: 'diego@andes.cl', companyId: andes, name: 'Diego Soto' });
  sofia = await createUser(ctx.db, { email: 'sofia@austral.cl', companyId: austral });
  cookie.root = await signIn(ctx.app, 'root@jobby.cl');
  cookie.hr = await signIn(ctx.app, 'admin@andes.cl');
  cookie.otherHr = await signIn(ctx.app, 'admin@austral.cl');
});
afterAll(async () => ctx.close());

const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: as(who), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const config = { botEnabled: true, whatsappNumber: '+56 2 2600 0000', analysisFrequency: 'weekly', stressKeywords: ['Turnos ', 'turnos', ''], wellbeingIndicators: ['pausa activa'], instructions: '' };

describe('level 1: bot access per company', () => {
  it('lists companies with the real number of users and the counts', async () => {
    const res = await call(cookie.root, 'GET', '/api/admin/bot/companies?search=and');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, stats: { total: 2, enabled: 0, disabled: 2 }, items: [{ id: andes, name: 'Andes', botEnabled: false, botEnabledAt: null, userCount: 3 }] });
  });

  it('stores the date when turned on and clears it when turned off; an unknown company is 404', async () => {
    const on = await call(cookie.root, 'PUT', `/api/admin/bot/companies/${andes}/access`, { enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().botEnabledAt).not.toBeNull();
    const off = await call(cookie.root, 'PUT', `/api/admin/bot/companies/${austral}/access`, { enabled: false });
    expect(off.json()).toMatchObject({ botEnabled: false, botEnabledAt: null });
    const missing = await call(cookie.root, 'PUT', '/api/admin/bot/companies/00000000-0000-4000-8000-000000000000/access', { enabled: true });
    expect(missing.statusCode).toBe(404);
  });
});

describe('level 2: the configuration', () => {
  it('starts with the default instructions and check-in windows, no request, and says the connection cannot send', async () => {
    const res = await call(cookie.hr, 'GET', '/api/bot/config');
    expect(res.json()).toMatchObject({
      access: true,
      botEnabled: false,
      analysisFrequency: 'weekly',
      instructions: DEFAULT_BOT_INSTRUCTIONS,
      checkInTemplate: '',
      checkInLanguage: 'es',
      checkInWindows: ['10:00-11:00', '15:00-16:00'],
      request: null,
      activeNow: false,
      connection: { canSend: false, lastInboundAt: null, lastOutboundAt: null, lastOutboundFailed: false },
    });
    expect(res.json()).not.toHaveProperty('webhookUrl');
    expect(DEFAULT_BOT_INSTRUCTIONS).toContain('entre las 10:00 y las 11:00 o entre las 15:00 y las 16:00');
    expect(DEFAULT_BOT_INSTRUCTIONS).not.toMatch(/AM|PM/);
  });

  it('records each save as a pending bot request that replaces the earlier one; nothing runs until level 1 answers', async () => {
    const res = await call(cookie.hr, 'PUT', '/api/bot/config', config);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ botEnabled: true, whatsappNumber: '+56226000000', stressKeywords: ['turnos'], wellbeingIndicators: ['pausa activa'], instructions: DEFAULT_BOT_INSTRUCTIONS });
    const second = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, analysisFrequency: 'daily', checkInTemplate: 'bienestar_checkin', checkInWindows: ['09:30 - 10:15', ''] });
    expect(second.json()).toMatchObject({ analysisFrequency: 'daily', checkInTemplate: 'bienestar_checkin', checkInWindows: ['09:30-10:15'], activeNow: false, request: { status: 'pending', decidedAt: null, reason: null } });
    const requests = await ctx.db.select().from(botRequests).where(eq(botRequests.companyId, andes));
    expect(requests).toHaveLength(2);
    expect(requests.every((r) => r.type === 'employee_wellbeing' && r.instructions === DEFAULT_BOT_INSTRUCTIONS)).toBe(true);
    expect(requests.map((r) => [(r.config as { analysisFrequency: string }).analysisFrequency, r.status]).sort()).toEqual([['daily', 'pending'], ['weekly', 'superseded']]);
    const [company] = await ctx.db.select({ botConfig: companies.botConfig }).from(companies).where(eq(companies.id, andes));
    expect(company.botConfig).toBeNull();
  });

  it('refuses a number that is not E.164, a window that is not 24-hour, and turning on without a number or without access', async () => {
    const bad = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, whatsappNumber: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('El número no es válido: usa el formato internacional, por ejemplo +56 9 1234 5678');
    const window = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, checkInWindows: ['3:00 PM-4:00 PM'] });
    expect(window.json().error.message).toBe('Usa horarios de 24 horas como 10:00-11:00, con el fin después del inicio');
    const backwards = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, checkInWindows: ['16:00-15:00'] });
    expect(backwards.statusCode).toBe(400);
    const template = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, checkInTemplate: 'Bienestar Check-in' });
    expect(template.json().error.message).toBe('El nombre de la plantilla solo puede tener minúsculas, números y guiones bajos');
    const none = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, whatsappNumber: '' });
    expect(none.json().error.message).toBe('Ingresa el número de WhatsApp para activar el bot');
    const noAccess = await call(cookie.otherHr, 'PUT', '/api/bot/config', config);
    expect(noAccess.statusCode).toBe(409);
    expect(noAccess.json().error.message).toBe('Tu empresa no tiene habilitado el acceso al bot. Contacta a la administración de Jobby.');
    const [row] = await ctx.db.select({ botConfig: companies.botConfig }).from(companies).where(eq(companies.id, austral));
    expect(row.botConfig).toBeNull();
    expect(await ctx.db.select().from(botRequests).where(eq(botRequests.companyId, austral))).toEqual([]);
  });
});

describe('level 1 answers the bot requests', () => {
  const pendingOf = async () => (await call(cookie.root, 'GET', '/api/admin/bot/requests')).json();
  /** The newest bell notification of `who` after the workers ran, as the bell shows it. */
  const latestBell = async (who: string) => {
    await runOutbox(ctx);
    const [latest] = (await call(who, 'GET', '/api/notifications?limit=1')).json().items;
    return latest as { title: string; body: string; link: string };
  };

  it('lists the pending requests with the configuration they carry', async () => {
    const list = await pendingOf();
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      companyId: andes,
      companyName: 'Andes',
      status: 'pending',
      createdByName: 'Carolina RR.HH.',
      config: { botEnabled: true, whatsappNumber: '+56226000000', analysisFrequency: 'daily', stressKeywords: ['turnos'], checkInTemplate: 'bienestar_checkin', checkInLanguage: 'es', checkInWindows: ['09:30-10:15'] },
      instructions: DEFAULT_BOT_INSTRUCTIONS,
    });
  });

  it('rejects only with a reason; HR sees the status and the reason, and nothing runs', async () => {
    const [request] = (await pendingOf()).items;
    const empty = await call(cookie.root, 'POST', `/api/admin/bot/requests/${request.id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Indica el motivo del rechazo');
    const long = await call(cookie.root, 'POST', `/api/admin/bot/requests/${request.id}/reject`, { reason: 'x'.repeat(501) });
    expect(long.json().error.message).toBe('El motivo puede tener hasta 500 caracteres');
    const rejected = await call(cookie.root, 'POST', `/api/admin/bot/requests/${request.id}/reject`, { reason: 'La plantilla aún no está aprobada por Meta' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'La plantilla aún no está aprobada por Meta', decidedByName: expect.any(String) });
    const again = await call(cookie.root, 'POST', `/api/admin/bot/requests/${request.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta solicitud ya fue respondida');
    const missing = await call(cookie.root, 'POST', '/api/admin/bot/requests/00000000-0000-4000-8000-000000000000/approve');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Solicitud no encontrada');
    const hr = (await call(cookie.hr, 'GET', '/api/bot/config')).json();
    // HR keeps what it saved to correct it; the approved configuration (none yet) is what runs.
    expect(hr).toMatchObject({ analysisFrequency: 'daily', activeNow: false, request: { status: 'rejected', reason: 'La plantilla aún no está aprobada por Meta', decidedAt: expect.any(String) } });
    expect((await pendingOf()).total).toBe(0);
    // Andes's HR hear it in the bell, with the reason; Austral's HR hear nothing of it.
    expect(await latestBell(cookie.hr)).toMatchObject({
      title: 'Configuración del bot rechazada',
      body: "La configuración del bot de bienestar fue rechazada: La plantilla aún no está aprobada por Meta. Revisa 'Bot de bienestar'.",
      link: '/level2/bot-messaging',
    });
    expect((await latestBell(cookie.otherHr))?.title).not.toBe('Configuración del bot rechazada');
  });

  it('approves: the configuration takes effect, HR sees it approved, and the answered list shows both', async () => {
    await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, analysisFrequency: 'daily' });
    const [request] = (await pendingOf()).items;
    const approved = await call(cookie.root, 'POST', `/api/admin/bot/requests/${request.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', reason: null });
    const [company] = await ctx.db.select({ botConfig: companies.botConfig }).from(companies).where(eq(companies.id, andes));
    expect(company.botConfig).toMatchObject({ botEnabled: true, analysisFrequency: 'daily', whatsappNumber: '+56226000000' });
    expect((await call(cookie.hr, 'GET', '/api/bot/config')).json()).toMatchObject({ activeNow: true, botEnabled: true, request: { status: 'approved', reason: null } });
    const decided = (await call(cookie.root, 'GET', '/api/admin/bot/requests?status=decided')).json();
    expect(decided.items.map((r: { status: string }) => r.status)).toEqual(['approved', 'rejected']);
    expect(await latestBell(cookie.hr)).toMatchObject({ title: 'Configuración del bot aprobada', body: 'La configuración del bot de bienestar fue aprobada y ya está en uso.' });
  });
});

describe('level 2: phones, profiles, alerts and analytics', () => {
  it("sets an employee's phone as E.164, refuses one in use, and answers 404 for another company's employee", async () => {
    const ok = await call(cookie.hr, 'PUT', `/api/bot/employees/${camila}/phone`, { phone: '+56 9 8765 4321' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+56987654321', stressScore: null, conversationCount: 0 });
    await ctx.db.update(users).set({ phone: '+56911112222' }).where(eq(users.id, sofia));
    const taken = await call(cookie.hr, 'PUT', `/api/bot/employees/${camila}/phone`, { phone: '+56911112222' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Ese número ya está registrado para otro colaborador');
    const foreign = await call(cookie.hr, 'PUT', `/api/bot/employees/${sofia}/phone`, { phone: '+56933334444' });
    expect(foreign.statusCode).toBe(404);
    expect((await ctx.db.select({ phone: users.phone }).from(users).where(eq(users.id, sofia)))[0].phone).toBe('+56911112222');
  });

  it('shows every employee, "Sin datos" ones with a null score, and after a message the profile, its conversation and the alert', async () => {
    const before = await call(cookie.hr, 'GET', '/api/bot/profiles');
    expect(before.json().total).toBe(2);
    expect(before.json().items.every((p: { stressScore: number | null }) => p.stressScore === null)).toBe(true);

    const raw = JSON.stringify({ from: '56987654321', body: 'No doy más con los turnos, estoy colapsada', timestamp: Math.floor(Date.now() / 1000) });
    const delivered = await ctx.app.inject({ method: 'POST', url: '/webhook/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, ctx.config.whatsapp.appSecret) }, payload: raw });
    expect(delivered.json().stored).toBe(1);
    await runOutbox(ctx);

    const list = await call(cookie.hr, 'GET', '/api/bot/profiles?search=camila');
    expect(list.json().items).toEqual([expect.objectContaining({ userId: camila, stressScore: 10, conversationCount: 1 })]);
    const detail = await call(cookie.hr, 'GET', `/api/bot/profiles/${camila}`);
    expect(detail.statusCode).toBe(200);
    const [conversation] = detail.json().conversations;
    expect(conversation.messages.map((m: { direction: string }) => m.direction)).toEqual(['inbound', 'outbound']);
    expect(conversation.messages[0]).toMatchObject({ stressScore: 10, requiresAttention: true, sentiment: 'negative' });
    expect(conversation.messages[0].detectedKeywords).toContain('turnos');
    expect((await call(cookie.otherHr, 'GET', `/api/bot/profiles/${camila}`)).statusCode).toBe(404);

    const alerts = await call(cookie.hr, 'GET', '/api/bot/alerts');
    expect(alerts.json()).toMatchObject({ total: 1, openCount: 1, items: [{ userId: camila, employeeName: 'Camila Rojas', stressScore: 10, status: 'open' }] });
    expect((await call(cookie.otherHr, 'GET', '/api/bot/alerts')).json().total).toBe(0);

    // The alert's event reaches HR's bell through the outbox worker; the other company's HR hears nothing.
    await runOutbox(ctx);
    // (Its earlier notifications are level 1's answers to its bot configuration.)
    const bell = (await call(cookie.hr, 'GET', '/api/notifications')).json().items.filter((n: { type: string }) => n.type !== 'bot_request_decided');
    expect(bell).toEqual([expect.objectContaining({ type: 'wellbeing_alert', title: 'Alerta de bienestar', link: '/level2/bot-messaging', read: false })]);
    expect(bell[0].body).toContain('Camila Rojas');
    expect((await call(cookie.otherHr, 'GET', '/api/notifications')).json().items).toEqual([]);

    const analytics = await call(cookie.hr, 'GET', '/api/bot/analytics');
    expect(analytics.json()).toMatchObject({ analysisFrequency: 'daily', averageScore: 10, employeesOnAlert: 1, conversationsThisPeriod: 1 });
    expect(analytics.json().trend.at(-1)).toMatchObject({ averageScore: 10, employeesOnAlert: 1, conversations: 1 });
  });

  it("'Tomar Acción' records what HR did, who and when, once; another company's HR gets 404", async () => {
    const [alert] = await ctx.db.select().from(botAlerts).where(eq(botAlerts.userId, camila));
    const foreign = await call(cookie.otherHr, 'POST', `/api/bot/alerts/${alert.id}/action`, { actionTaken: 'Nada' });
    expect(foreign.statusCode).toBe(404);
    const empty = await call(cookie.hr, 'POST', `/api/bot/alerts/${alert.id}/action`, { actionTaken: '  ' });
    expect(empty.json().error.message).toBe('Describe la acción tomada');
    const tooLong = await call(cookie.hr, 'POST', `/api/bot/alerts/${alert.id}/action`, { actionTaken: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toBe('La acción puede tener hasta 2000 caracteres');
    const done = await call(cookie.hr, 'POST', `/api/bot/alerts/${alert.id}/action`, { actionTaken: 'Conversé con Camila y ajustamos sus turnos' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'handled', actionTaken: 'Conversé con Camila y ajustamos sus turnos', handledByName: 'Carolina RR.HH.' });
    expect(done.json().handledAt).not.toBeNull();
    const again = await call(cookie.hr, 'POST', `/api/bot/alerts/${alert.id}/action`, { actionTaken: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Esta alerta ya fue atendida');
  });
});

describe('level 2: turning the bot off', () => {
  it('takes effect at once, while the request that records it waits for level 1', async () => {
    const off = await call(cookie.hr, 'PUT', '/api/bot/config', { ...config, botEnabled: false, analysisFrequency: 'daily' });
    expect(off.json()).toMatchObject({ botEnabled: false, activeNow: false, request: { status: 'pending' } });
    const [company] = await ctx.db.select({ botConfig: companies.botConfig }).from(companies).where(eq(companies.id, andes));
    expect(company.botConfig).toMatchObject({ botEnabled: false, analysisFrequency: 'daily' });
  });
});
