/**
 * The achievements engine: each condition type grants exactly the users it should, once,
 * when 20 qualifying uses happen at once and several workers consume their events together; the
 * reward is a 'reward' transfer from platform:jobby with its bonus record, and the ledger still adds up.
 * The rules' outcomes are checked with the uses one after another everywhere; the same uses at once, with
 * four workers, only on PostgreSQL, where they race (decision 382).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { achievementRules, ledgerTransfers, notifications, tokenBonuses, userAchievements } from '#server/db/schema';
import { createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
import { balancesOf, ledgerViolations, poster } from '../economy/ledger-fixtures';
import { activeCode, createRule, drainOutbox, pendingEvents, usedCodeAt } from './fixtures';

const USERS = 20;

let ctx: TestContext;
let post: ReturnType<typeof poster>;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
});
afterAll(async () => ctx.close());
// Each test's rule alone decides what its uses earn.
afterEach(async () => {
  await ctx.db.update(achievementRules).set({ status: 'inactive' });
});

async function employees(prefix: string, companyId: string, n = USERS) {
  return Promise.all(Array.from({ length: n }, async (_, i) => ({ userId: await createUser(ctx.db, { email: `${prefix}${i}@${prefix}.cl`, companyId }), companyId })));
}

async function provider(name: string) {
  const email = `${name}@jobby.sup`;
  const id = await createUser(ctx.db, { email, level: 4 });
  return { id, cookie: await signIn(ctx.app, email) };
}

async function grantedUsers(ruleId: string): Promise<string[]> {
  const rows = await ctx.db.select({ userId: userAchievements.userId }).from(userAchievements).where(eq(userAchievements.ruleId, ruleId));
  return rows.map((r) => r.userId).sort();
}

/** Verifies every code at once, as the provider's API calls would arrive, or one after another. */
async function verifyAll(cookie: string, codes: string[], together = true) {
  const responses = together ? await Promise.all(codes.map((code) => post('/api/codes/verify', cookie, { code }))) : [];
  if (!together) for (const code of codes) responses.push(await post('/api/codes/verify', cookie, { code }));
  for (const res of responses) expect(res.statusCode).toBe(200);
}

describe('achievement rules', () => {
  const sameProviderTimeframe = (together: boolean) => async () => {
    const tag = together ? '' : '-seguidos';
    const rule = await createRule(ctx.db, { conditionType: 'same_provider_timeframe', conditionValue: 40, conditionMinUsers: 2, rewardTokens: 5 });
    const companyId = await createCompany(ctx.db, `Juntos${tag}`);
    const otherCompanyId = await createCompany(ctx.db, `Otros${tag}`);
    const team = await employees(`juntos${tag}`, companyId);
    const [outsider] = await employees(`otros${tag}`, otherCompanyId, 1);
    const [elsewhere] = await employees(`lejos${tag}`, companyId, 1);
    const cafe = await provider(`cafe${tag}`);
    const gym = await provider(`gym${tag}`);
    const codes = await Promise.all(team.map((member) => activeCode(ctx.db, member, cafe.id)));
    const outsiderCode = await activeCode(ctx.db, outsider, cafe.id);
    const elsewhereCode = await activeCode(ctx.db, elsewhere, gym.id);

    await Promise.all([verifyAll(cafe.cookie, [...codes.map((c) => c.code), outsiderCode.code], together), verifyAll(gym.cookie, [elsewhereCode.code], together)]);
    await drainOutbox(ctx.db, together ? 4 : 1);

    expect(await grantedUsers(rule.id)).toEqual(team.map((m) => m.userId).sort());
    expect(await pendingEvents(ctx.db)).toBe(0);
    // Each reward: one 'reward' transfer of 5 flexible tokens from platform:jobby, with its bonus record.
    const rewards = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, 'reward'), inArray(ledgerTransfers.walletUserId, team.map((m) => m.userId))));
    expect(rewards).toHaveLength(USERS);
    for (const reward of rewards) expect(reward).toMatchObject({ fromAccount: 'platform:jobby', amount: 5, tokenType: 'jobby', reason: `Logro: ${rule.name}` });
    const bonuses = await ctx.db.select().from(tokenBonuses).where(inArray(tokenBonuses.userId, team.map((m) => m.userId)));
    expect(bonuses.map((b) => b.transferId).sort()).toEqual(rewards.map((r) => r.id).sort());
    expect((await balancesOf(ctx.db, team[0].userId)).jobby).toBe(5);
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });

    // The employee is told once, with the tokens.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, team[3].userId));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'achievement_unlocked', link: '/level3/dashboard' });
  };
  it('same_provider_timeframe: 20 colleagues at one provider, one after another, each earn it once; another company and another provider do not', sameProviderTimeframe(false));
  raceTest('same_provider_timeframe: 20 colleagues at one provider at once each earn it once; another company and another provider do not', sameProviderTimeframe(true));

  it('a deactivated colleague in a group gets neither the achievement nor its reward (decision 361)', async () => {
    const rule = await createRule(ctx.db, { conditionType: 'same_provider_timeframe', conditionValue: 30, conditionMinUsers: 2, rewardTokens: 7 });
    const companyId = await createCompany(ctx.db, 'Bajas');
    const [active] = await employees('vigente', companyId, 1);
    const gone = { userId: await createUser(ctx.db, { email: 'ida@bajas.cl', companyId, status: 'inactive' }), companyId };
    const bakery = await provider('panaderia');
    const at = new Date(Date.UTC(2026, 9, 7, 15, 0));
    // Her code was used (it was issued before she left); her colleague's use completes the group.
    await usedCodeAt(ctx.db, gone, bakery.id, at);
    await usedCodeAt(ctx.db, active, bakery.id, new Date(at.getTime() + 60_000));
    await drainOutbox(ctx.db);

    expect(await grantedUsers(rule.id)).toEqual([active.userId]);
    expect((await balancesOf(ctx.db, gone.userId)).jobby).toBe(0);
    expect((await balancesOf(ctx.db, active.userId)).jobby).toBe(7);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, gone.userId))).toEqual([]);
  });

  it('tokens_used_count: only those whose used codes reach the value earn it, once, with a reward of 0 granting without a transfer', async () => {
    const rule = await createRule(ctx.db, { conditionType: 'tokens_used_count', conditionValue: 2, rewardTokens: 0 });
    const companyId = await createCompany(ctx.db, 'Contadores');
    const staff = await employees('contador', companyId);
    const shop = await provider('tienda');
    const twice = staff.slice(0, 10);
    const codes = await Promise.all([...staff, ...twice].map((member) => activeCode(ctx.db, member, shop.id)));

    await verifyAll(shop.cookie, codes.map((c) => c.code));
    await drainOutbox(ctx.db);

    expect(await grantedUsers(rule.id)).toEqual(twice.map((m) => m.userId).sort());
    const rewards = await ctx.db.select().from(ledgerTransfers).where(and(eq(ledgerTransfers.kind, 'reward'), inArray(ledgerTransfers.walletUserId, staff.map((m) => m.userId))));
    expect(rewards).toHaveLength(0);
    const [grant] = await ctx.db.select().from(userAchievements).where(and(eq(userAchievements.ruleId, rule.id), eq(userAchievements.userId, twice[0].userId)));
    expect(grant).toMatchObject({ transferId: null, rewardTokens: 0 });
  });

  const firstCompanyUser = (together: boolean) => async () => {
    const tag = together ? '' : '-seguidos';
    const rule = await createRule(ctx.db, { conditionType: 'first_company_user', rewardTokens: 3 });
    const companyId = await createCompany(ctx.db, `Pioneros${tag}`);
    const staff = await employees(`pionero${tag}`, companyId);
    const spa = await provider(`spa${tag}`);
    const codes = await Promise.all(staff.map((member) => activeCode(ctx.db, member, spa.id)));

    await verifyAll(spa.cookie, codes.map((c) => c.code), together);
    await drainOutbox(ctx.db, together ? 4 : 1);

    const granted = await grantedUsers(rule.id);
    expect(granted).toHaveLength(1);
    expect((await balancesOf(ctx.db, granted[0])).jobby).toBe(3);
    expect(await ledgerViolations(ctx.db)).toMatchObject({ mismatched: [], unbalancedAssets: [] });
  };
  it('first_company_user: of 20 colleagues one after another, only the first use at the provider earns it', firstCompanyUser(false));
  raceTest('first_company_user: of 20 colleagues at once, only the first use at the provider earns it', firstCompanyUser(true));

  it('consecutive_days: codes on 3 consecutive Santiago days earn it; 3 days with a gap do not', async () => {
    const rule = await createRule(ctx.db, { conditionType: 'consecutive_days', conditionValue: 3 });
    const companyId = await createCompany(ctx.db, 'Constantes');
    const [steady, gappy] = await employees('constante', companyId, 2);
    const bar = await provider('bar');
    const day = (n: number) => new Date(Date.UTC(2026, 9, 5 + n, 16, 0)); // noon in Santiago
    for (const n of [0, 1, 2]) await usedCodeAt(ctx.db, steady, bar.id, day(n));
    for (const n of [0, 2, 3]) await usedCodeAt(ctx.db, gappy, bar.id, day(n));
    await drainOutbox(ctx.db);

    expect(await grantedUsers(rule.id)).toEqual([steady.userId]);
  });

  it('weekend_usage: a code used on a Saturday in Santiago earns it (even when it is already Sunday in UTC); a Friday does not', async () => {
    const rule = await createRule(ctx.db, { conditionType: 'weekend_usage' });
    const companyId = await createCompany(ctx.db, 'Findes');
    const [saturday, friday] = await employees('finde', companyId, 2);
    const park = await provider('parque');
    // Saturday 2026-10-10 22:30 in Santiago (UTC-3) is Sunday 01:30 UTC; Friday 2026-10-09 12:00.
    await usedCodeAt(ctx.db, saturday, park.id, new Date(Date.UTC(2026, 9, 11, 1, 30)));
    await usedCodeAt(ctx.db, friday, park.id, new Date(Date.UTC(2026, 9, 9, 15, 0)));
    await drainOutbox(ctx.db);

    expect(await grantedUsers(rule.id)).toEqual([saturday.userId]);
  });

  it('an inactive or deleted rule grants nothing, while an active twin grants the same use', async () => {
    const inactive = await createRule(ctx.db, { conditionType: 'weekend_usage', status: 'inactive' });
    const deleted = await createRule(ctx.db, { conditionType: 'weekend_usage', deletedAt: new Date() });
    // The positive control: the same condition, active, proves the use below does qualify.
    const active = await createRule(ctx.db, { conditionType: 'weekend_usage' });
    const companyId = await createCompany(ctx.db, 'Apagados');
    const [member] = await employees('apagado', companyId, 1);
    const park = await provider('plaza');
    await usedCodeAt(ctx.db, member, park.id, new Date(Date.UTC(2026, 9, 10, 15, 0)));
    await drainOutbox(ctx.db);
    expect(await grantedUsers(active.id)).toEqual([member.userId]);
    expect(await grantedUsers(inactive.id)).toEqual([]);
    expect(await grantedUsers(deleted.id)).toEqual([]);
  });
});
