/**
 * Only `Authorization: Bearer jobby_…` is an API key (probe K2; decision 353): a proxy's
 * `Basic …`, a bare `Bearer` or another service's bearer token is ignored and the cookie session
 * answers, so HTTP basic auth in front of a staging does not sign everybody out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let hr = '';

beforeAll(async () => {
  ctx = await createTestContext();
  const companyId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  await createUser(ctx.db, { email: 'rrhh@andes.cl', level: 2, companyId });
  hr = await signIn(ctx.app, 'rrhh@andes.cl');
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string>) => ctx.app.inject({ method: 'GET', url, headers });

describe('an Authorization header that is not one of our keys', () => {
  it.each([
    ['Basic dXNlcjpwYXNz'],
    ['Bearer'],
    ['Bearer   '],
    ['Bearer eyJhbGciOiJIUzI1NiJ9.e30.x'],
    ['Digest username="x"'],
  ])('%s: the cookie session answers', async (authorization) => {
    const res = await get('/api/company/users', { ...as(hr), authorization });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/me', { ...as(hr), authorization })).json()).toMatchObject({ email: 'rrhh@andes.cl' });
  });

  it('without a cookie it is simply not signed in', async () => {
    const res = await get('/api/me', { authorization: 'Basic dXNlcjpwYXNz' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('a Bearer jobby_… is a key and nothing else: a wrong one is refused even with a valid cookie', async () => {
    const res = await get('/api/company/users', { ...as(hr), authorization: 'Bearer jobby_000000000000_nope' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'API_KEY_INVALID', message: 'La clave de API no es válida, fue revocada o venció' } });
  });
});
