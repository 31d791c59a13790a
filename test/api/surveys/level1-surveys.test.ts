/**
 * Level 1 reads the completed surveys (/level1/surveys): the paged, searchable list, one
 * survey with every answer, and a company's summary counted in SQL. Nobody else reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let admin: string;
let lagos: string;
let rapel: string;
const ids: Record<string, string> = {};

const SURVEY_B = {
  personalityMatrix: 'collaborator',
  benefitPriorities: ['team', 'wellness', 'flexibility', 'growth', 'rewards', 'tech'],
  lifestyleAssessment: { work_life_balance: 70, social_interaction: 85, challenge_seeking: 40, stability_preference: 60 },
  futureVision: { '6_months': 'technical_skills', '1_year': 'promotion', '2_years': 'team_leadership', '3_years': 'entrepreneurship' },
};

/** A person of the company who answers their survey through the API. */
async function answer(local: string, companyId: string, domain: string, survey: 'a' | 'b', payload: object) {
  const email = `${local}@${domain}`;
  ids[local] = await createUser(ctx.db, { email, name: local[0].toUpperCase() + local.slice(1), level: 3, companyId, userType: survey === 'a' ? 'A' : 'B', surveyCompleted: false });
  const res = await ctx.app.inject({ method: 'PUT', url: `/api/surveys/${survey}/mine`, headers: as(await signIn(ctx.app, email)), payload });
  if (res.statusCode !== 200) throw new Error(`${local}: ${res.statusCode} ${res.body}`);
}

function get(url: string, cookie = admin) {
  return ctx.app.inject({ method: 'GET', url, headers: as(cookie) });
}

beforeAll(async () => {
  ctx = await createTestContext();
  lagos = await createCompany(ctx.db, 'Lagos Encuestados');
  rapel = await createCompany(ctx.db, 'Rapel Encuestados');
  await createUser(ctx.db, { email: 'raiz@jobby.cl', level: 1 });
  admin = await signIn(ctx.app, 'raiz@jobby.cl');
  await answer('alicia', lagos, 'lagos.cl', 'a', { generationalMemory: 'festival_vina', categories: ['comidas', 'mascotas', 'regalos'], satisfactionLevel: 'satisfecho' });
  await answer('bruno', lagos, 'lagos.cl', 'a', { generationalMemory: 'festival_vina', categories: ['mascotas', 'comidas'], satisfactionLevel: 'satisfecho' });
  await answer('clara', lagos, 'lagos.cl', 'a', { generationalMemory: null, categories: ['comidas'], satisfactionLevel: 'neutral' });
  await answer('dante', lagos, 'lagos.cl', 'b', SURVEY_B);
  await answer('elena', rapel, 'rapel.cl', 'a', { generationalMemory: 'pokemon_yugioh', categories: ['suscripciones'], satisfactionLevel: 'muy_insatisfecho' });
  // Pending: not a completed survey, never listed nor counted.
  await createUser(ctx.db, { email: 'fabio@lagos.cl', level: 3, companyId: lagos, surveyCompleted: false });
});
afterAll(async () => ctx.close());

type Card = { id: string; userId: string; userName: string; email: string; companyName: string | null; surveyType: string; completedAt: string };
async function list(query: string): Promise<{ items: Card[]; total: number }> {
  const res = await get(`/api/admin/surveys?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('the list of completed surveys', () => {
  it('searches the person and the company, filters by type, and pages', async () => {
    const lagosPage = await list('search=lagos%20encuestados&limit=2');
    expect(lagosPage.total).toBe(4);
    expect(lagosPage.items).toHaveLength(2);
    const all = [...lagosPage.items, ...(await list('search=lagos%20encuestados&limit=2&offset=2')).items];
    expect(all.map((c) => c.email).sort()).toEqual(['alicia@lagos.cl', 'bruno@lagos.cl', 'clara@lagos.cl', 'dante@lagos.cl']);
    expect(all.every((c) => c.companyName === 'Lagos Encuestados')).toBe(true);

    const onlyB = await list('search=encuestados&type=B');
    expect(onlyB.items.map((c) => [c.email, c.surveyType])).toEqual([['dante@lagos.cl', 'B']]);

    const byName = await list('search=ELENA');
    expect(byName.items).toEqual([
      expect.objectContaining({ userId: ids.elena, userName: 'Elena', companyName: 'Rapel Encuestados', surveyType: 'A', completedAt: expect.stringMatching(/Z$/) }),
    ]);
    // The search is literal: '%' matches nothing here.
    expect((await list('search=%25')).total).toBe(0);
  });

  it('is latest first and lists each person once, even after a retake', async () => {
    const cookie = await signIn(ctx.app, 'alicia@lagos.cl');
    const retake = await ctx.app.inject({ method: 'PUT', url: '/api/surveys/a/mine', headers: as(cookie), payload: { generationalMemory: 'festival_vina', categories: ['comidas', 'mascotas', 'regalos'], satisfactionLevel: 'satisfecho' } });
    expect(retake.statusCode).toBe(200);
    const page = await list('search=lagos.cl');
    expect(page.items[0].email).toBe('alicia@lagos.cl');
    expect(page.items.filter((c) => c.email === 'alicia@lagos.cl')).toHaveLength(1);
    expect(page.items.some((c) => c.email === 'fabio@lagos.cl')).toBe(false);
  });

  it('refuses a page larger than 100 and an unknown type', async () => {
    expect((await get('/api/admin/surveys?limit=101')).statusCode).toBe(400);
    expect((await get('/api/admin/surveys?type=C')).statusCode).toBe(400);
  });
});

describe('one survey', () => {
  it('answers survey A with every answer as stored', async () => {
    const [card] = (await list('search=bruno@lagos')).items;
    const res = await get(`/api/admin/surveys/${card.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      userName: 'Bruno',
      companyName: 'Lagos Encuestados',
      surveyType: 'A',
      answersA: { generationalMemory: 'festival_vina', categories: ['mascotas', 'comidas'], satisfactionLevel: 'satisfecho' },
      answersB: null,
    });
  });

  it('answers survey B with its four steps', async () => {
    const [card] = (await list('search=dante')).items;
    const res = await get(`/api/admin/surveys/${card.id}`);
    expect(res.json()).toMatchObject({
      surveyType: 'B',
      answersA: null,
      answersB: { personalityMatrix: 'collaborator', benefitPriorities: SURVEY_B.benefitPriorities, lifestyleAssessment: SURVEY_B.lifestyleAssessment, futureVision: { '3_years': 'entrepreneurship' } },
    });
  });

  it('answers 404 in Spanish for an unknown id and 400 for a malformed one', async () => {
    const missing = await get('/api/admin/surveys/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Encuesta no encontrada');
    expect((await get('/api/admin/surveys/1%20or%201=1')).statusCode).toBe(400);
  });
});

describe("a company's summary", () => {
  it('counts memories, categories (and first picks) and satisfaction of its own people only', async () => {
    const res = await get(`/api/admin/companies/${lagos}/survey-summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      companyId: lagos,
      companyName: 'Lagos Encuestados',
      respondentsA: 3,
      respondentsB: 1,
      memories: [{ id: 'festival_vina', count: 2 }],
      categories: [
        { id: 'comidas', count: 3, firstChoice: 2 },
        { id: 'mascotas', count: 2, firstChoice: 1 },
        { id: 'regalos', count: 1, firstChoice: 0 },
      ],
      satisfaction: [
        { id: 'satisfecho', count: 2 },
        { id: 'neutral', count: 1 },
      ],
    });
  });

  it('is empty, not an error, for a company nobody answered for, and 404 for an unknown company', async () => {
    const quiet = await createCompany(ctx.db, 'Silenciosa');
    expect((await get(`/api/admin/companies/${quiet}/survey-summary`)).json()).toMatchObject({ respondentsA: 0, respondentsB: 0, memories: [], categories: [], satisfaction: [] });
    const unknown = await get('/api/admin/companies/00000000-0000-4000-8000-000000000000/survey-summary');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Empresa no encontrada');
  });
});

describe('who may read the surveys', () => {
  it('answers 401 without a session and 403 to levels 2, 3 and 4, even for their own company', async () => {
    await createUser(ctx.db, { email: 'rrhh@lagos.cl', level: 2, companyId: lagos });
    await createUser(ctx.db, { email: 'tienda@jobby.sup', level: 4 });
    const [card] = (await list('search=alicia')).items;
    const urls = ['/api/admin/surveys', `/api/admin/surveys/${card.id}`, `/api/admin/companies/${lagos}/survey-summary`];
    const others = [await signIn(ctx.app, 'rrhh@lagos.cl'), await signIn(ctx.app, 'alicia@lagos.cl'), await signIn(ctx.app, 'tienda@jobby.sup')];
    for (const url of urls) {
      expect((await ctx.app.inject({ method: 'GET', url, headers: { origin: ORIGIN } })).statusCode, url).toBe(401);
      for (const cookie of others) {
        const res = await get(url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain('festival_vina');
      }
    }
  });
});
