/**
 * The survey gate on the server: an employee whose profile survey is pending reaches
 * only the survey (and their own account); the catalogue, redemptions and the rest of the level 3
 * API answer 403 SURVEY_PENDING until it is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { benefitRequests } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { stateSnapshot } from '../../support/snapshot';
import { createCompanyBenefit, fund } from '../economy/ledger-fixtures';

const MESSAGE = 'Completa tu encuesta de perfil para ver y canjear beneficios.';
const VALID_A = { generationalMemory: 'festival_vina', categories: ['mascotas', 'comidas', 'regalos'], satisfactionLevel: 'neutral' };

let ctx: TestContext;
let companyId: string;
let benefitId: string;
let counter = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Puerta');
  benefitId = (await createCompanyBenefit(ctx.db, companyId, { tokenCost: 1 })).id;
});
afterAll(async () => ctx.close());

async function pendingEmployee() {
  counter += 1;
  const email = `pendiente${counter}@puerta.cl`;
  const id = await createUser(ctx.db, { email, level: 3, companyId, surveyCompleted: false });
  await fund(ctx.db, { userId: id, companyId }, 'company', 5);
  return { id, cookie: await signIn(ctx.app, email) };
}

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });
const redeem = (cookie: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/redemptions', headers: as(cookie), payload: { kind: 'company', benefitId } });

describe('survey gate', () => {
  it('refuses the catalogue, redemptions and the other level 3 routes with the Spanish message, changing nothing', async () => {
    const { cookie } = await pendingEmployee();
    const before = await stateSnapshot(ctx.db);
    for (const res of [
      await get(cookie, '/api/catalogue'),
      await redeem(cookie),
      await get(cookie, '/api/me/balances'),
      await get(cookie, '/api/me/dashboard'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: { code: 'SURVEY_PENDING', message: MESSAGE } });
    }
    expect(await stateSnapshot(ctx.db)).toEqual(before);
  });

  it('leaves open the survey itself and what its screen needs (/api/me)', async () => {
    const { cookie } = await pendingEmployee();
    const me = await get(cookie, '/api/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().surveyCompleted).toBe(false);
    expect((await get(cookie, '/api/surveys/a/mine')).statusCode).toBe(200);
  });

  it('opens the catalogue and redemptions once the survey is saved', async () => {
    const { id, cookie } = await pendingEmployee();
    expect((await get(cookie, '/api/catalogue')).statusCode).toBe(403);

    const saved = await ctx.app.inject({ method: 'PUT', url: '/api/surveys/a/mine', headers: as(cookie), payload: VALID_A });
    expect(saved.statusCode).toBe(200);

    const catalogue = await get(cookie, '/api/catalogue');
    expect(catalogue.statusCode).toBe(200);
    const redeemed = await redeem(cookie);
    expect(redeemed.statusCode).toBe(200);
    const requests = await ctx.db.select({ userId: benefitRequests.userId }).from(benefitRequests);
    expect(requests.filter((r) => r.userId === id)).toHaveLength(1);
  });
});
