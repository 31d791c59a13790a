/**
 * Decision 357: check-ins go out Monday to Friday, 08:00–21:00 in Chile. HR cannot save
 * a window outside those hours (a Spanish message), and the job keeps to them whatever a stored
 * configuration says (one saved before the rule): no check-in at 02:00, none before 08:00 or after
 * 21:00 of a window that runs past them. Time moves by handing the job its clock.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCheckIns, users } from '#server/db/schema';
import type { BotConfig } from '#server/db/schema';
import { runCheckIns, santiagoClock } from '#server/modules/bot/check-ins';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let hr = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const andes = await createCompany(ctx.db, 'Andes', { botEnabled: true, botEnabledAt: new Date() });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andes });
  hr = await signIn(ctx.app, 'admin@andes.cl');
});
afterAll(async () => ctx.close());

const OUTSIDE = 'Los horarios de contacto deben estar entre las 08:00 y las 21:00 (hora de Chile); los check-ins salen solo de lunes a viernes';
const config = { botEnabled: false, whatsappNumber: '+56 2 2600 0000', analysisFrequency: 'daily', stressKeywords: [], wellbeingIndicators: [], instructions: '', checkInTemplate: 'bienestar_checkin' };
const save = (checkInWindows: string[]) => ctx.app.inject({ method: 'PUT', url: '/api/bot/config', headers: as(hr), payload: { ...config, checkInWindows } });

describe("HR's windows must fit 08:00–21:00", () => {
  it('refuses a night window, one starting before 08:00 or ending after 21:00, and the whole day', async () => {
    for (const windows of [['02:00-03:30'], ['07:30-09:00'], ['20:00-21:30'], ['00:00-24:00'], ['10:00-11:00', '21:00-22:00']]) {
      const res = await save(windows);
      expect(res.statusCode, windows.join()).toBe(400);
      expect(res.json().error.message, windows.join()).toBe(OUTSIDE);
    }
  });

  it('accepts windows from 08:00 to 21:00 exactly', async () => {
    const res = await save(['08:00-09:00', '20:00-21:00']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checkInWindows).toEqual(['08:00-09:00', '20:00-21:00']);
  });
});

describe('the job keeps to the hours whatever is stored', () => {
  const stored = (checkInWindows: string[]): BotConfig => ({ botEnabled: true, whatsappNumber: '+56226000000', analysisFrequency: 'daily', checkInTemplate: 'bienestar_checkin', checkInLanguage: 'es', checkInWindows });
  let counter = 0;
  async function staff(name: string, windows: string[], people = 4) {
    const company = await createCompany(ctx.db, name, { botEnabled: true, botEnabledAt: new Date(), botConfig: stored(windows) });
    const ids: string[] = [];
    for (let i = 0; i < people; i++) {
      counter += 1;
      const id = await createUser(ctx.db, { email: `p${counter}@${company.slice(0, 8)}.cl`, name: `Persona ${counter}`, companyId: company });
      await ctx.db.update(users).set({ phone: `+5692${String(counter).padStart(7, '0')}` }).where(eq(users.id, id));
      ids.push(id);
    }
    return ids;
  }
  /** 5-minute ticks from `from` to `to` (UTC), as the cron runs it. */
  async function tick(from: string, to: string) {
    for (let at = new Date(from).getTime(); at <= new Date(to).getTime(); at += 5 * 60_000) await runCheckIns(ctx.db, { now: new Date(at) });
  }
  const claimedAt = async (ids: string[]) =>
    (await ctx.db.select({ createdAt: botCheckIns.createdAt }).from(botCheckIns).where(inArray(botCheckIns.userId, ids))).map((r) => santiagoClock(r.createdAt));

  it('a stored 02:00–03:30 window claims nothing on a Monday night (the probe: 7 check-ins at 03:25)', async () => {
    const ids = await staff('Noche', ['02:00-03:30']);
    // Monday 30 November 2026, 02:00–03:30 in Santiago (UTC−3).
    await tick('2026-11-30T05:00:00Z', '2026-11-30T06:30:00Z');
    expect(await claimedAt(ids)).toEqual([]);
  });

  it('a stored 07:00–09:00 window claims only from 08:00, and 20:30–22:00 only until 21:00; everyone still gets one', async () => {
    const early = await staff('Temprano', ['07:00-09:00']);
    const late = await staff('Tarde', ['20:30-22:00']);
    // Tuesday 1 December 2026, 06:55–22:05 in Santiago.
    await tick('2026-12-01T09:55:00Z', '2026-12-01T10:10:00Z');
    await tick('2026-12-01T10:55:00Z', '2026-12-01T12:05:00Z');
    await tick('2026-12-01T23:25:00Z', '2026-12-02T01:05:00Z');
    const earlyTimes = await claimedAt(early);
    const lateTimes = await claimedAt(late);
    expect(earlyTimes).toHaveLength(early.length);
    expect(lateTimes).toHaveLength(late.length);
    for (const clock of [...earlyTimes, ...lateTimes]) {
      expect(clock.weekday).toBe(2);
      expect(clock.minutes).toBeGreaterThanOrEqual(8 * 60);
      expect(clock.minutes).toBeLessThan(21 * 60);
    }
  });
});
