/**
 * Level 1's achievement rules (spec part 1 §5): creation with the defaults and the validation messages,
 * Activar/Desactivar, Eliminar (a granted rule is kept for history, out of the table), and the
 * 'Análisis Reciente' of the last 7 days.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { achievementRules, userAchievements } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { drainOutbox, usedCodeAt } from './fixtures';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  admin = await signIn(ctx.app, 'root@jobby.cl');
});
afterAll(async () => ctx.close());

const create = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/achievement-rules', headers: as(admin), payload });

describe('achievement rules', () => {
  it('creates a joint rule with the default reward, and refuses each broken rule with its message', async () => {
    const created = await create({ name: 'Juntos', description: 'Canje conjunto', conditionType: 'same_provider_timeframe', conditionValue: 40, conditionMinUsers: 2 });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ name: 'Juntos', conditionValue: 40, conditionMinUsers: 2, rewardTokens: 5, status: 'active', grants: 0 });

    const cases: [object, string][] = [
      [{ name: ' ', description: 'x', conditionType: 'weekend_usage' }, 'El nombre es obligatorio'],
      [{ name: 'x', description: '', conditionType: 'weekend_usage' }, 'La descripción es obligatoria'],
      [{ name: 'x', description: 'x', conditionType: 'same_provider_timeframe', conditionValue: 121, conditionMinUsers: 2 }, 'Los minutos deben estar entre 1 y 120'],
      [{ name: 'x', description: 'x', conditionType: 'same_provider_timeframe', conditionValue: 40, conditionMinUsers: 11 }, 'El mínimo de usuarios debe estar entre 2 y 10'],
      [{ name: 'x', description: 'x', conditionType: 'tokens_used_count', conditionValue: 0 }, 'El valor debe ser al menos 1'],
      [{ name: 'x', description: 'x', conditionType: 'weekend_usage', rewardTokens: -1 }, 'La recompensa debe ser 0 o más tokens'],
    ];
    for (const [payload, message] of cases) {
      const res = await create(payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/achievement-rules', headers: as(admin) });
    expect(list.json().total).toBe(1);
  });

  it('deactivates and activates; deletes an unearned rule, and keeps an earned one out of the table with its grants', async () => {
    const unearned = (await create({ name: 'Nadie', description: 'x', conditionType: 'tokens_used_count', conditionValue: 50 })).json();
    const earned = (await create({ name: 'Finde', description: 'x', conditionType: 'weekend_usage', rewardTokens: 0 })).json();
    const off = await ctx.app.inject({ method: 'POST', url: `/api/achievement-rules/${unearned.id}/status`, headers: as(admin), payload: { status: 'inactive' } });
    expect(off.json()).toMatchObject({ status: 'inactive' });

    const companyId = await createCompany(ctx.db, 'Historia');
    const userId = await createUser(ctx.db, { email: 'ana@historia.cl', companyId });
    const providerId = await createUser(ctx.db, { email: 'cine@jobby.sup', level: 4 });
    await usedCodeAt(ctx.db, { userId, companyId }, providerId, new Date(Date.UTC(2026, 9, 10, 15, 0))); // a Saturday
    await drainOutbox(ctx.db);

    for (const rule of [unearned, earned]) {
      const res = await ctx.app.inject({ method: 'DELETE', url: `/api/achievement-rules/${rule.id}`, headers: as(admin) });
      expect(res.json()).toEqual({ deleted: true });
    }
    expect(await ctx.db.select().from(achievementRules).where(eq(achievementRules.id, unearned.id))).toEqual([]);
    const [kept] = await ctx.db.select().from(achievementRules).where(eq(achievementRules.id, earned.id));
    expect(kept.deletedAt).not.toBeNull();
    expect(await ctx.db.select().from(userAchievements).where(eq(userAchievements.ruleId, earned.id))).toHaveLength(1);
    const names = (await ctx.app.inject({ method: 'GET', url: '/api/achievement-rules', headers: as(admin) })).json().items.map((r: { name: string }) => r.name);
    expect(names).not.toContain('Finde');
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/achievement-rules/${earned.id}`, headers: as(admin) })).statusCode).toBe(404);
  });

  it("'Análisis Reciente' counts joint uses, weekend uses and grants of the last 7 days", async () => {
    const companyId = await createCompany(ctx.db, 'Analisis');
    const [a, b] = await Promise.all(['a', 'b'].map((n) => createUser(ctx.db, { email: `${n}@analisis.cl`, companyId })));
    const providerId = await createUser(ctx.db, { email: 'spa@jobby.sup', name: 'Spa Andes', level: 4 });
    const now = Date.now();
    await usedCodeAt(ctx.db, { userId: a, companyId }, providerId, new Date(now - 60 * 60_000));
    await usedCodeAt(ctx.db, { userId: b, companyId }, providerId, new Date(now - 50 * 60_000));
    const res = await ctx.app.inject({ method: 'GET', url: '/api/achievements/analysis', headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const analysis = res.json();
    expect(analysis.windowMinutes).toBe(40);
    expect(analysis.jointGroups).toContainEqual(expect.objectContaining({ companyName: 'Analisis', providerName: 'Spa Andes', users: 2, uses: 2 }));
    expect(typeof analysis.weekendUses).toBe('number');
  });
});
