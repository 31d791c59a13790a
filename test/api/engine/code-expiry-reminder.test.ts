/**
 * The bell's reminder before an unused code lapses ("vence en 3 días"), run by the
 * hourly job with an injected clock. Exactly once per code — two copies at once and later runs
 * included (the database's key decides) — and never for a used or expired code. With
 * TEST_DATABASE_URL the job runs on real PostgreSQL connections.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { benefitCodes, codeExpiryReminders, notifications } from '#server/db/schema';
import { remindExpiringCodes } from '#server/modules/codes/expiry-reminder';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { activeCode, drainOutbox, usedCodeAt } from './fixtures';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let ctx: TestContext;
let companyId: string;
let providerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Recordatorios');
  providerId = await createUser(ctx.db, { email: 'cafe@jobby.sup', level: 4 });
});
afterAll(async () => ctx.close());

async function owner(name: string) {
  const email = `${name}@recordatorios.cl`;
  const userId = await createUser(ctx.db, { email, companyId });
  return { userId, companyId, email };
}

async function expiryOf(codeId: string): Promise<Date> {
  const [row] = await ctx.db.select({ expiresAt: benefitCodes.expiresAt }).from(benefitCodes).where(eq(benefitCodes.id, codeId));
  return row.expiresAt;
}

const remindersOf = (codeId: string) => ctx.db.$count(codeExpiryReminders, eq(codeExpiryReminders.codeId, codeId));

/** What the owner's bell shows, as the API answers it. */
async function bellOf(email: string) {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/notifications?limit=50', headers: as(await signIn(ctx.app, email)) });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { type: string; title: string; body: string; link: string }[]).filter((n) => n.type === 'code_expiring');
}

describe('the reminder before an unused code lapses', () => {
  it('reminds once, three days before, in the owner\'s bell — not earlier, and not again whoever runs the job', async () => {
    const ana = await owner('ana');
    const code = await activeCode(ctx.db, ana, providerId);
    const expiresAt = await expiryOf(code.id);

    await remindExpiringCodes(ctx.db, new Date(expiresAt.getTime() - 3 * DAY - HOUR));
    expect(await remindersOf(code.id)).toBe(0);

    const now = new Date(expiresAt.getTime() - 3 * DAY + 60_000);
    // Two server copies at the same tick, then the next hours' runs.
    await Promise.all([remindExpiringCodes(ctx.db, now), remindExpiringCodes(ctx.db, now)]);
    await remindExpiringCodes(ctx.db, new Date(now.getTime() + HOUR));
    await remindExpiringCodes(ctx.db, new Date(now.getTime() + 2 * DAY));
    expect(await remindersOf(code.id)).toBe(1);
    await drainOutbox(ctx.db);

    const bell = await bellOf(ana.email);
    expect(bell).toHaveLength(1);
    expect(bell[0].title).toBe('Tu código vence pronto');
    expect(bell[0].body).toMatch(/^Tu código de "Almuerzo" vence en 3 días \(vence el \d{2}\/\d{2}\/\d{4}\)\. Úsalo antes de que expire\.$/);
    expect(bell[0].link).toBe('/level3/requests');
    expect(await ctx.db.$count(notifications, eq(notifications.userId, ana.userId))).toBe(1);
  });

  it('says how many days are left when the code is first seen closer to its expiry', async () => {
    const beto = await owner('beto');
    const code = await activeCode(ctx.db, beto, providerId);
    const expiresAt = await expiryOf(code.id);
    await remindExpiringCodes(ctx.db, new Date(expiresAt.getTime() - 20 * HOUR));
    await drainOutbox(ctx.db);
    expect((await bellOf(beto.email)).map((n) => n.body)).toEqual([expect.stringContaining('vence en 1 día (vence el')]);
  });

  it('never reminds a used code, an expired one, or one used after the job saw it', async () => {
    const carla = await owner('carla');
    const used = await usedCodeAt(ctx.db, carla, providerId, new Date());
    const expired = await activeCode(ctx.db, carla, providerId);
    // Lapsed an hour ago, unused (the clock the job is given is past it).
    await ctx.db.update(benefitCodes).set({ expiresAt: new Date(Date.now() - HOUR) }).where(eq(benefitCodes.id, expired.id));
    const usedMeanwhile = await activeCode(ctx.db, carla, providerId);

    await remindExpiringCodes(ctx.db, new Date((await expiryOf(usedMeanwhile.id)).getTime() - DAY));
    await remindExpiringCodes(ctx.db, new Date());
    expect(await remindersOf(used.id)).toBe(0);
    expect(await remindersOf(expired.id)).toBe(0);
    expect(await remindersOf(usedMeanwhile.id)).toBe(1);
    await ctx.db.update(benefitCodes).set({ status: 'used', usedBy: providerId, usedAt: new Date() }).where(eq(benefitCodes.id, usedMeanwhile.id));
    await drainOutbox(ctx.db);
    expect(await bellOf(carla.email)).toEqual([]);
  });
});
