/**
 * Surveys A and B: what each save stores, what it refuses, and that the guard lets the
 * user in right after saving (`/api/me` says the survey is completed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { profileSurveys, surveyBResponses } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, userRow, type TestContext } from '../../support/app';

let ctx: TestContext;
let companyId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Encuestas');
});
afterAll(async () => ctx.close());

let counter = 0;
async function pendingEmployee(userType: 'A' | 'B' = 'A') {
  counter += 1;
  const email = `persona${counter}@encuestas.cl`;
  const id = await createUser(ctx.db, { email, level: 3, companyId, userType, surveyCompleted: false });
  return { id, cookie: await signIn(ctx.app, email) };
}

const VALID_A = { generationalMemory: 'festival_vina', categories: ['mascotas', 'comidas', 'regalos'], satisfactionLevel: 'neutral' };
const VALID_B = {
  personalityMatrix: 'analyzer',
  benefitPriorities: ['tech', 'growth', 'wellness', 'flexibility', 'team', 'rewards'],
  lifestyleAssessment: { work_life_balance: 80, social_interaction: 50, challenge_seeking: 0, stability_preference: 100 },
  futureVision: { '6_months': 'technical_skills', '1_year': 'specialization', '2_years': 'team_leadership', '3_years': 'entrepreneurship' },
};

function put(cookie: string, survey: 'a' | 'b', payload: unknown) {
  return ctx.app.inject({ method: 'PUT', url: `/api/surveys/${survey}/mine`, headers: as(cookie), payload: payload as object });
}
async function me(cookie: string) {
  return (await ctx.app.inject({ method: 'GET', url: '/api/me', headers: as(cookie) })).json();
}

describe('survey A', () => {
  it('saves every answer in pick order, marks the survey done and /api/me lets the user in at once', async () => {
    const { id, cookie } = await pendingEmployee();
    expect((await me(cookie)).surveyCompleted).toBe(false);

    const res = await put(cookie, 'a', VALID_A);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ surveyCompleted: true, surveyType: 'A' });
    expect((await me(cookie)).surveyCompleted).toBe(true);

    const row = await userRow(ctx.db, id);
    expect(row.benefitPreferences).toEqual(['mascotas', 'comidas', 'regalos']);
    expect(row.generationalMemory).toBe('festival_vina');
    expect(row.satisfactionLevel).toBe('neutral');
    expect(row.surveyType).toBe('A');
    expect(row.surveyCompletedAt).not.toBeNull();
    expect(row.surveyUpdatedAt).not.toBeNull();
    const [survey] = await ctx.db.select().from(profileSurveys).where(eq(profileSurveys.userId, id));
    expect(survey.selectedBenefits).toEqual(['mascotas', 'comidas', 'regalos']);
    expect(survey.answers).toMatchObject({ satisfactionLevel: 'neutral', generationalMemory: 'festival_vina' });
  });

  it('accepts a skipped memory and no categories, but not a missing satisfaction', async () => {
    const { cookie } = await pendingEmployee();
    const missing = await put(cookie, 'a', { generationalMemory: null, categories: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Por favor selecciona tu nivel de satisfacción actual.');
    expect((await me(cookie)).surveyCompleted).toBe(false);

    const skipped = await put(cookie, 'a', { generationalMemory: null, categories: [], satisfactionLevel: 'muy_satisfecho' });
    expect(skipped.statusCode).toBe(200);
  });

  it.each([
    ['a fourth category', { ...VALID_A, categories: ['mascotas', 'comidas', 'regalos', 'descuentos'] }],
    ['an unknown category', { ...VALID_A, categories: ['viajes'] }],
    ['a repeated category', { ...VALID_A, categories: ['comidas', 'comidas'] }],
    ['an unknown memory', { ...VALID_A, generationalMemory: 'los_simpsons' }],
    ['an unknown satisfaction', { ...VALID_A, satisfactionLevel: 'feliz' }],
    ['an unknown field', { ...VALID_A, level: 1 }],
  ])('refuses %s and leaves the survey pending', async (_name, payload) => {
    const { id, cookie } = await pendingEmployee();
    const res = await put(cookie, 'a', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION');
    const row = await userRow(ctx.db, id);
    expect(row.surveyCompleted).toBe(false);
    expect(row.benefitPreferences).toBeNull();
  });

  it('refuses a type B user', async () => {
    const { id, cookie } = await pendingEmployee('B');
    const res = await put(cookie, 'a', VALID_A);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('Esta encuesta no corresponde a tu perfil');
    expect((await userRow(ctx.db, id)).surveyCompleted).toBe(false);
  });

  it('shows the previous answers on a retake and updates them, keeping the first completion time', async () => {
    const { id, cookie } = await pendingEmployee();
    const before = await ctx.app.inject({ method: 'GET', url: '/api/surveys/a/mine', headers: as(cookie) });
    expect(before.json()).toEqual({ answers: null });

    await put(cookie, 'a', VALID_A);
    const first = (await ctx.app.inject({ method: 'GET', url: '/api/surveys/a/mine', headers: as(cookie) })).json().answers;
    expect(first).toMatchObject(VALID_A);

    await put(cookie, 'a', { generationalMemory: 'pokemon_yugioh', categories: ['suscripciones'], satisfactionLevel: 'satisfecho' });
    const second = (await ctx.app.inject({ method: 'GET', url: '/api/surveys/a/mine', headers: as(cookie) })).json().answers;
    expect(second).toMatchObject({ generationalMemory: 'pokemon_yugioh', categories: ['suscripciones'], satisfactionLevel: 'satisfecho' });
    expect(second.completedAt).toBe(first.completedAt);
    expect(Date.parse(second.updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.updatedAt));
    expect(await ctx.db.select().from(profileSurveys).where(eq(profileSurveys.userId, id))).toHaveLength(1);
  });
});

describe('survey B', () => {
  it('saves the response as experimental_v2 and marks the survey done', async () => {
    const { id, cookie } = await pendingEmployee('B');
    const res = await put(cookie, 'b', VALID_B);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ surveyCompleted: true, surveyType: 'B' });
    expect((await me(cookie)).surveyCompleted).toBe(true);

    const [row] = await ctx.db.select().from(surveyBResponses).where(eq(surveyBResponses.userId, id));
    expect(row).toMatchObject({
      userType: 'B',
      surveyVersion: 'experimental_v2',
      personalityMatrix: 'analyzer',
      benefitPriorities: VALID_B.benefitPriorities,
      lifestyleAssessment: VALID_B.lifestyleAssessment,
      futureVision: VALID_B.futureVision,
    });
    expect(row.completedAt).toBeInstanceOf(Date);
    expect((await userRow(ctx.db, id)).surveyType).toBe('B');
  });

  it.each([
    ['no personality', { ...VALID_B, personalityMatrix: undefined }],
    ['an unknown personality', { ...VALID_B, personalityMatrix: 'dreamer' }],
    ['a missing priority', { ...VALID_B, benefitPriorities: VALID_B.benefitPriorities.slice(1) }],
    ['a repeated priority', { ...VALID_B, benefitPriorities: ['tech', 'tech', 'wellness', 'flexibility', 'team', 'rewards'] }],
    ['a slider above 100', { ...VALID_B, lifestyleAssessment: { ...VALID_B.lifestyleAssessment, challenge_seeking: 101 } }],
    ['a missing timeline point', { ...VALID_B, futureVision: { '6_months': 'promotion', '1_year': 'promotion', '2_years': 'promotion' } }],
    ['an unknown goal', { ...VALID_B, futureVision: { ...VALID_B.futureVision, '3_years': 'retire' } }],
  ])('refuses %s', async (_name, payload) => {
    const { id, cookie } = await pendingEmployee('B');
    const res = await put(cookie, 'b', payload);
    expect(res.statusCode).toBe(400);
    expect((await userRow(ctx.db, id)).surveyCompleted).toBe(false);
  });

  it('refuses a type A user', async () => {
    const { cookie } = await pendingEmployee('A');
    const res = await put(cookie, 'b', VALID_B);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('SURVEY_WRONG_TYPE');
  });
});

describe('who may call the survey routes', () => {
  const routes = [
    ['GET', '/api/surveys/a/mine'],
    ['PUT', '/api/surveys/a/mine'],
    ['PUT', '/api/surveys/b/mine'],
  ] as const;

  it('answers 401 without a session and 403 to levels 1, 2 and 4', async () => {
    await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
    await createUser(ctx.db, { email: 'admin@encuestas.cl', level: 2, companyId });
    await createUser(ctx.db, { email: 'tienda@jobby.sup', level: 4 });
    const others = [await signIn(ctx.app, 'root@jobby.cl'), await signIn(ctx.app, 'admin@encuestas.cl'), await signIn(ctx.app, 'tienda@jobby.sup')];
    for (const [method, url] of routes) {
      const payload = method === 'PUT' ? (url.includes('/a/') ? VALID_A : VALID_B) : undefined;
      const anonymous = await ctx.app.inject({ method, url, headers: { origin: 'http://localhost:3000' }, payload });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      for (const cookie of others) {
        const res = await ctx.app.inject({ method, url, headers: as(cookie), payload });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });

  it('only ever touches the caller: another company’s employee saving does not change this one', async () => {
    const otherCompany = await createCompany(ctx.db, 'Otra');
    await createUser(ctx.db, { email: 'x@otra.cl', level: 3, companyId: otherCompany, surveyCompleted: false });
    const mine = await pendingEmployee();
    const other = await signIn(ctx.app, 'x@otra.cl');
    expect((await put(other, 'a', VALID_A)).statusCode).toBe(200);
    expect((await userRow(ctx.db, mine.id)).surveyCompleted).toBe(false);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/surveys/a/mine', headers: as(mine.cookie) });
    expect(res.json()).toEqual({ answers: null });
  });
});
