/**
 * Editable achievement rules and 'Hoy la cumplirían' (decisions 204 and 205): an edit
 * applies from the next used code to people who have not received the rule; nobody already rewarded
 * is granted again; a granted rule keeps its condition type; the count of who meets a condition now
 * comes from the server and leaves the rewarded out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ledgerTransfers, userAchievements } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { drainOutbox, usedCodeAt } from './fixtures';

let ctx: TestContext;
let admin: string;
let hr: string;
let employee: string;
let provider: string;
let companyId: string;
let providerId: string;
const people: Record<'ana' | 'beto' | 'caro', string> = { ana: '', beto: '', caro: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  admin = await signIn(ctx.app, 'root@jobby.cl');
  companyId = await createCompany(ctx.db, 'Reglas');
  const otherCompany = await createCompany(ctx.db, 'Otra');
  await createUser(ctx.db, { email: 'rrhh@reglas.cl', level: 2, companyId });
  hr = await signIn(ctx.app, 'rrhh@reglas.cl');
  for (const name of Object.keys(people) as (keyof typeof people)[]) people[name] = await createUser(ctx.db, { email: `${name}@reglas.cl`, companyId });
  await createUser(ctx.db, { email: 'dani@otra.cl', companyId: otherCompany });
  employee = await signIn(ctx.app, 'ana@reglas.cl');
  providerId = await createUser(ctx.db, { email: 'cine@jobby.sup', level: 4 });
  provider = await signIn(ctx.app, 'cine@jobby.sup');
  // Weekdays (Wednesday 14 and Thursday 15 Oct 2026, midday in Santiago): Ana 3 uses over two
  // consecutive days, Beto 1, Caro none.
  const at = (day: number, hour: number) => new Date(Date.UTC(2026, 9, day, hour, 0));
  await usedCodeAt(ctx.db, { userId: people.ana, companyId }, providerId, at(14, 15));
  await usedCodeAt(ctx.db, { userId: people.ana, companyId }, providerId, at(15, 15));
  await usedCodeAt(ctx.db, { userId: people.beto, companyId }, providerId, at(15, 15));
  await usedCodeAt(ctx.db, { userId: people.ana, companyId }, providerId, at(15, 16));
  await drainOutbox(ctx.db);
});
afterAll(async () => ctx.close());

const call = (method: 'POST' | 'PUT', url: string, cookie: string, payload: object) => ctx.app.inject({ method, url, headers: as(cookie), payload });
const qualifying = async (payload: object) => {
  const res = await call('POST', '/api/achievement-rules/qualifying', admin, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { qualifyNow: number; alreadyRewarded: number };
};
const grantsOf = (ruleId: string) => ctx.db.select().from(userAchievements).where(eq(userAchievements.ruleId, ruleId));

describe('who may edit and count', () => {
  it('answers 401 signed out and 403 to levels 2, 3 and 4, for both routes', async () => {
    const rule = (await call('POST', '/api/achievement-rules', admin, { name: 'Nadie aún', description: 'x', conditionType: 'tokens_used_count', conditionValue: 99 })).json();
    const body = { name: 'x', description: 'x', conditionType: 'tokens_used_count', conditionValue: 1 };
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/achievement-rules/${rule.id}`, payload: body })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/achievement-rules/qualifying', payload: body })).statusCode).toBe(401);
    for (const cookie of [hr, employee, provider]) {
      expect((await call('PUT', `/api/achievement-rules/${rule.id}`, cookie, body)).statusCode).toBe(403);
      expect((await call('POST', '/api/achievement-rules/qualifying', cookie, body)).statusCode).toBe(403);
    }
    expect((await call('PUT', '/api/achievement-rules/00000000-0000-4000-8000-000000000000', admin, body)).statusCode).toBe(404);
  });
});

describe("'Hoy la cumplirían'", () => {
  it('counts the people whose used codes meet each condition now', async () => {
    expect(await qualifying({ conditionType: 'tokens_used_count', conditionValue: 1 })).toEqual({ qualifyNow: 2, alreadyRewarded: 0 });
    expect(await qualifying({ conditionType: 'tokens_used_count', conditionValue: 3 })).toEqual({ qualifyNow: 1, alreadyRewarded: 0 });
    expect(await qualifying({ conditionType: 'tokens_used_count', conditionValue: 4 })).toEqual({ qualifyNow: 0, alreadyRewarded: 0 });
    expect((await qualifying({ conditionType: 'consecutive_days', conditionValue: 2 })).qualifyNow).toBe(1);
    expect((await qualifying({ conditionType: 'consecutive_days', conditionValue: 3 })).qualifyNow).toBe(0);
    expect((await qualifying({ conditionType: 'weekend_usage' })).qualifyNow).toBe(0);
    expect((await qualifying({ conditionType: 'first_company_user' })).qualifyNow).toBe(1);
    // Ana and Beto at the cinema on the 15th at the same hour: two colleagues within 5 minutes.
    expect((await qualifying({ conditionType: 'same_provider_timeframe', conditionValue: 5, conditionMinUsers: 2 })).qualifyNow).toBe(2);
    expect((await qualifying({ conditionType: 'same_provider_timeframe', conditionValue: 5, conditionMinUsers: 3 })).qualifyNow).toBe(0);
  });

  it('refuses a broken condition with 400', async () => {
    const res = await call('POST', '/api/achievement-rules/qualifying', admin, { conditionType: 'nothing' });
    expect(res.statusCode).toBe(400);
  });
});

describe('editing a rule', () => {
  it('changes the rule for the next use, never re-grants the rewarded, and pays nothing on saving', async () => {
    // A rule of 1 used code, earned by Ana at her next use.
    const rule = (await call('POST', '/api/achievement-rules', admin, { name: 'Primer canje', description: 'x', conditionType: 'tokens_used_count', conditionValue: 1, rewardTokens: 4 })).json();
    await usedCodeAt(ctx.db, { userId: people.ana, companyId }, providerId, new Date(Date.UTC(2026, 9, 16, 15, 0)));
    await drainOutbox(ctx.db);
    expect((await grantsOf(rule.id)).map((g) => g.userId)).toEqual([people.ana]);
    expect(await qualifying({ conditionType: 'tokens_used_count', conditionValue: 1, ruleId: rule.id })).toEqual({ qualifyNow: 1, alreadyRewarded: 1 });

    // Edited: new name, higher reward. Saving pays nobody (Beto qualifies, and waits for his next use).
    const transfersBefore = await ctx.db.$count(ledgerTransfers);
    const edited = await call('PUT', `/api/achievement-rules/${rule.id}`, admin, { name: 'Primer canje del mes', description: 'Nuevo texto', conditionType: 'tokens_used_count', conditionValue: 1, rewardTokens: 9 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Primer canje del mes', description: 'Nuevo texto', rewardTokens: 9, grants: 1, status: 'active' });
    expect(await ctx.db.$count(ledgerTransfers)).toBe(transfersBefore);

    // Ana uses another code: not granted again; Beto's next use grants him the rule as it now reads.
    await usedCodeAt(ctx.db, { userId: people.ana, companyId }, providerId, new Date(Date.UTC(2026, 9, 17, 15, 0)));
    await usedCodeAt(ctx.db, { userId: people.beto, companyId }, providerId, new Date(Date.UTC(2026, 9, 17, 18, 0)));
    await drainOutbox(ctx.db);
    const grants = await grantsOf(rule.id);
    expect(grants.map((g) => [g.userId, g.ruleName, g.rewardTokens]).sort()).toEqual(
      [
        [people.ana, 'Primer canje', 4],
        [people.beto, 'Primer canje del mes', 9],
      ].sort(),
    );
  });

  it('keeps the condition type of a granted rule (409), and lets an unearned one change it', async () => {
    const granted = (await call('POST', '/api/achievement-rules', admin, { name: 'Usuario frecuente', description: 'x', conditionType: 'tokens_used_count', conditionValue: 1, rewardTokens: 0 })).json();
    await usedCodeAt(ctx.db, { userId: people.beto, companyId }, providerId, new Date(Date.UTC(2026, 9, 19, 15, 0)));
    await drainOutbox(ctx.db);
    expect((await grantsOf(granted.id)).length).toBeGreaterThan(0);
    const refused = await call('PUT', `/api/achievement-rules/${granted.id}`, admin, { name: 'Finde', description: 'x', conditionType: 'weekend_usage' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'RULE_TYPE_LOCKED', message: 'Esta regla ya fue otorgada: su tipo de condición no se puede cambiar. Crea una regla nueva para otra condición.' });

    const unearned = (await call('POST', '/api/achievement-rules', admin, { name: 'Maratón', description: 'x', conditionType: 'tokens_used_count', conditionValue: 500 })).json();
    const changed = await call('PUT', `/api/achievement-rules/${unearned.id}`, admin, { name: 'Maratón', description: 'x', conditionType: 'consecutive_days', conditionValue: 5 });
    expect(changed.json()).toMatchObject({ conditionType: 'consecutive_days', conditionValue: 5, conditionMinUsers: null });
  });

  it('refuses an edit with a broken condition, with its Spanish message', async () => {
    const rule = (await call('POST', '/api/achievement-rules', admin, { name: 'Juntos', description: 'x', conditionType: 'same_provider_timeframe', conditionValue: 40, conditionMinUsers: 2 })).json();
    const res = await call('PUT', `/api/achievement-rules/${rule.id}`, admin, { name: 'Juntos', description: 'x', conditionType: 'same_provider_timeframe', conditionValue: 200, conditionMinUsers: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Los minutos deben estar entre 1 y 120');
  });
});

describe('the count reads indexes', () => {
  it('reads the used codes by person from benefit_codes_used_user_idx, not the table', async () => {
    const plan = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = (await tx.execute(sql`explain select user_id from benefit_codes where status = 'used' group by user_id having count(*) >= 3`)) as unknown as {
        rows: Array<{ 'QUERY PLAN': string }>;
      };
      return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('benefit_codes_used_user_idx');
    expect(plan).not.toContain('Seq Scan');
  });
});
