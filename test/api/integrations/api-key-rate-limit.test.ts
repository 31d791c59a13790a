/** Each API key has its own per-minute limit (API_KEY_REQUESTS_PER_MINUTE), shared by every server copy. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

const LIMIT = 3;
let ctx: TestContext;
let hr: string;

beforeAll(async () => {
  ctx = await createTestContext({ apiKeyRequestsPerMinute: LIMIT });
  const companyId = await createCompany(ctx.db, 'Limitada', { emailDomain: 'limitada.cl' });
  await createUser(ctx.db, { email: 'rrhh@limitada.cl', level: 2, companyId });
  hr = await signIn(ctx.app, 'rrhh@limitada.cl');
});
afterAll(() => ctx.close());

async function newKey(name: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(hr), payload: { name, scopes: ['users:read'] } });
  return (res.json() as { secret: string }).secret;
}

const read = (secret: string) => ctx.app.inject({ method: 'GET', url: '/api/company/users', headers: { authorization: `Bearer ${secret}` } });

describe('the per-key limit', () => {
  it('answers 429 past the limit to that key only; another key and HR go on', async () => {
    const busy = await newKey('Ocupada');
    const calm = await newKey('Tranquila');
    // Windows are whole minutes: within 2 × LIMIT + 1 calls a refusal comes even if one window rolls over.
    const answers: Awaited<ReturnType<typeof read>>[] = [];
    for (let i = 0; i < 2 * LIMIT + 1 && answers.at(-1)?.statusCode !== 429; i++) answers.push(await read(busy));
    expect(answers.slice(0, LIMIT).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const refused = answers.at(-1);
    expect(refused?.statusCode).toBe(429);
    expect(refused?.json().error).toEqual({ code: 'RATE_LIMITED', message: 'Demasiadas solicitudes. Intenta nuevamente en un momento.' });
    expect((await read(calm)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/company/users', headers: as(hr) })).statusCode).toBe(200);
  });
});
