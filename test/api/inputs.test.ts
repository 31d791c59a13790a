/**
 * Inputs at the edge (decisions 37 and 38): integers that do not
 * fit a PostgreSQL `integer`, numbers disguised as something else, NUL characters, impossible
 * dates and query strings that only look like numbers are refused with a 400 whose details name
 * the field in Spanish, and nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { companyBenefits, platformBenefits } from '../../src/server/db/schema';
import { createWorld, type World } from '../support/world';

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => world.ctx.close());

type ErrorAnswer = { error: { code: string; message: string; details?: Array<{ in: string; path: string; message: string }> } };

async function benefitCounts() {
  const [[platform], [company]] = await Promise.all([
    world.ctx.db.select({ n: count() }).from(platformBenefits),
    world.ctx.db.select({ n: count() }).from(companyBenefits),
  ]);
  return { platform: platform.n, company: company.n };
}

const companyBenefit = { title: 'Tarde libre', description: 'Sal temprano' };

describe('integers', () => {
  it.each([
    ['tokenCost', 2_147_483_648],
    ['availableTokens', 2_147_483_648],
    ['limitPerUser', 2_147_483_648],
    ['tokenCost', 1e300],
  ])('refuses %s = %d with a 400 naming the field, and creates nothing', async (field, value) => {
    const before = await benefitCounts();
    const res = await world.call('L2', { method: 'POST', url: '/api/company-benefits', payload: { ...companyBenefit, [field]: value } });
    expect(res.statusCode).toBe(400);
    const body = res.json() as ErrorAnswer;
    expect(body.error.code).toBe('VALIDATION');
    expect(body.error.details).toContainEqual(expect.objectContaining({ in: 'body', path: field }));
    expect(await benefitCounts()).toEqual(before);
  });

  it('accepts the largest integer a column holds', async () => {
    const res = await world.call('L2', { method: 'POST', url: '/api/company-benefits', payload: { ...companyBenefit, availableTokens: 2_147_483_647 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().availableTokens).toBe(2_147_483_647);
  });

  it.each([
    ['true', true],
    ['[5]', [5]],
    ['"0x10"', '0x10'],
    ['"1e2"', '1e2'],
    ['"5"', '5'],
    ['5.5', 5.5],
  ])('refuses the amount %s instead of reading it as a number', async (_label, amount) => {
    const add = await world.call('L1', { method: 'POST', url: '/api/admin/tokens/add', payload: { userId: world.userIds.L3, amount } });
    expect(add.statusCode).toBe(400);
    // A decimal is a number, just not a whole one: it has its own message (decision 360).
    expect((add.json() as ErrorAnswer).error.message).toBe(
      amount === 5.5 ? 'La cantidad debe ser un número entero' : 'Por favor, selecciona un usuario y especifica una cantidad válida',
    );
    const assign = await world.call('L2', { method: 'POST', url: '/api/company/tokens/assign', payload: { userId: world.userIds.L3, amount } });
    expect(assign.statusCode).toBe(400);
    const cost = await world.call('L1', { method: 'POST', url: '/api/platform-benefits', payload: { title: 'Cena', description: 'Para dos', type: 'automatic', tokenCost: amount } });
    expect(cost.statusCode).toBe(400);
  });

  it.each(['0x10', '1e2', ' 5', '-1', '5.0', 'true', '99999999999'])('refuses the query count offset=%s', async (offset) => {
    const res = await world.call('L1', { method: 'GET', url: `/api/admin/employees?offset=${encodeURIComponent(offset)}` });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error.details).toContainEqual(expect.objectContaining({ in: 'querystring', path: 'offset' }));
  });

  it('reads plain decimal digits in a query string', async () => {
    const res = await world.call('L1', { method: 'GET', url: '/api/admin/employees?limit=2&offset=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toHaveLength(2);
  });
});

describe('dates', () => {
  it.each(['0000-01-01', '1850-06-01', '2400-01-01', '2025-02-30'])('refuses the start date %s with a 400, not a database error', async (startDate) => {
    const res = await world.call('L2', { method: 'POST', url: '/api/company-benefits', payload: { ...companyBenefit, startDate } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error.details).toContainEqual(expect.objectContaining({ path: 'startDate' }));
  });

  it('accepts a date inside the range', async () => {
    const res = await world.call('L2', { method: 'POST', url: '/api/company-benefits', payload: { ...companyBenefit, startDate: '2030-01-15' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().startDate).toBe('2030-01-15');
  });
});

describe('NUL characters', () => {
  const NUL_MESSAGE = 'El texto no puede contener el carácter nulo (U+0000)';

  it.each([
    ['a body field', '/api/company-benefits', { ...companyBenefit, title: 'Tarde\u0000libre' }, 'title'],
    ['a nested field', '/api/company/tokens/assign-bulk', { userIds: ['x', 'a\u0000'], amount: 1 }, 'userIds.1'],
    ['a key', '/api/company-benefits', { ...companyBenefit, 'x\u0000': 1 }, 'x\u0000'],
  ])('refuses %s with a 400 naming it', async (_label, url, payload, path) => {
    const before = await benefitCounts();
    const res = await world.call('L2', { method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error).toEqual({
      code: 'VALIDATION',
      message: NUL_MESSAGE,
      details: [{ in: 'body', path, message: NUL_MESSAGE }],
    });
    expect(await benefitCounts()).toEqual(before);
  });

  it('refuses it in a query string', async () => {
    const res = await world.call('L1', { method: 'GET', url: '/api/admin/employees?search=a%00b' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error.details).toEqual([{ in: 'querystring', path: 'search', message: NUL_MESSAGE }]);
  });

  it('refuses it in a registration before better-auth stores it', async () => {
    const res = await world.call('none', {
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Eva\u0000', email: 'eva@matriz.cl', password: 'secreto123' },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error.message).toBe(NUL_MESSAGE);
  });
});

describe('validation details', () => {
  it('name each field and say what is wrong in Spanish', async () => {
    const res = await world.call('L3', { method: 'POST', url: '/api/redemptions', payload: { kind: 'otro', benefitId: 'no-es-un-id' } });
    expect(res.statusCode).toBe(400);
    const { error } = res.json() as ErrorAnswer;
    expect(error.message).toBe('Los datos enviados no son válidos');
    expect(error.details).toEqual([
      { in: 'body', path: 'kind', message: 'Opción inválida: se esperaba una de "platform"|"company"' },
      { in: 'body', path: 'benefitId', message: 'Inválido UUID' },
    ]);
  });

  it("keep a schema's own message as the headline", async () => {
    const res = await world.call('L2', { method: 'POST', url: '/api/company-benefits', payload: { description: 'Sin título' } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as ErrorAnswer).error.message).toBe('Los campos Título y Descripción son obligatorios');
  });
});
