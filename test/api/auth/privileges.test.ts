/**
 * The four escalations decision 27 closes: no address typed at registration grants a level above 3 or a
 * company whose full email domain it does not have (decision 27). Each failed on the old
 * first-label / domain derivation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { companies, users } from '#server/db/schema';
import { as, createCompany, createTestContext, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let andesId = '';
let australId = '';

beforeAll(async () => {
  ctx = await createTestContext({ emailVerification: 'optional' });
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  australId = await createCompany(ctx.db, 'Austral', { emailDomain: 'Austral.CL' });
});
afterAll(async () => ctx.close());

async function registerAndSignIn(email: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: ORIGIN },
    payload: { name: 'Quien Sea', email, password: 'clave123' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = await signIn(ctx.app, email, 'clave123');
  const me = (await ctx.app.inject({ url: '/api/me', headers: as(cookie) })).json();
  return { cookie, me };
}

const companyCount = async () => (await ctx.db.select({ n: count() }).from(companies))[0].n;

describe('self-registration grants level 3 only', () => {
  it('gives a staff-domain address level 3, and it is refused on level 1 routes', async () => {
    const { cookie, me } = await registerAndSignIn('anything@jobby.cl');
    expect(me).toMatchObject({ level: 3, companyId: null });
    for (const url of ['/api/admin/requests', '/api/providers/options']) {
      expect((await ctx.app.inject({ url, headers: as(cookie) })).statusCode, url).toBe(403);
    }
  });

  it('gives admin@ of a look-alike domain neither level 2 nor the company, and creates no company', async () => {
    const before = await companyCount();
    const { cookie, me } = await registerAndSignIn('admin@austral.evil');
    expect(me).toMatchObject({ level: 3, companyId: null });
    expect(await companyCount()).toBe(before);
    expect((await ctx.app.inject({ url: '/api/company/requests', headers: as(cookie) })).statusCode).toBe(403);
  });

  it('does not make admin@ of the real domain an HR admin either: it joins as an employee', async () => {
    const { me } = await registerAndSignIn('admin@andes.cl');
    expect(me).toMatchObject({ level: 3, companyId: andesId });
  });

  it('gives a provider-domain address level 3, not 4', async () => {
    const { cookie, me } = await registerAndSignIn('anyone@jobby.sup');
    expect(me).toMatchObject({ level: 3, companyId: null });
    expect((await ctx.app.inject({ url: '/api/provider/requests', headers: as(cookie) })).statusCode).toBe(403);
  });

  it('joins a company only by the full email domain, case-insensitively', async () => {
    expect((await registerAndSignIn('eve@andes.evil')).me).toMatchObject({ level: 3, companyId: null });
    expect((await registerAndSignIn('Eva@AUSTRAL.cl')).me).toMatchObject({ level: 3, companyId: australId });
    expect((await registerAndSignIn('sub@mail.andes.cl')).me).toMatchObject({ level: 3, companyId: null });
  });
});

describe('with EMAIL_VERIFICATION=required', () => {
  it('an unverified address cannot sign in, and once verified it joins its company', async () => {
    const strict = await createTestContext({ emailVerification: 'required' });
    try {
      const companyId = await createCompany(strict.db, 'Pacífico', { emailDomain: 'pacifico.cl' });
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: ORIGIN },
        payload: { name: 'Luis', email: 'luis@pacifico.cl', password: 'clave123' },
      });
      expect(res.statusCode).toBe(200);
      const refused = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: ORIGIN },
        payload: { email: 'luis@pacifico.cl', password: 'clave123' },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: 'Debes verificar tu correo electrónico antes de iniciar sesión.',
      });
      const [row] = await strict.db.select({ level: users.level, companyId: users.companyId }).from(users).where(eq(users.email, 'luis@pacifico.cl'));
      expect(row).toEqual({ level: null, companyId: null });

      await strict.db.update(users).set({ emailVerified: true }).where(eq(users.email, 'luis@pacifico.cl'));
      const cookie = await signIn(strict.app, 'luis@pacifico.cl', 'clave123');
      const me = (await strict.app.inject({ url: '/api/me', headers: as(cookie) })).json();
      expect(me).toMatchObject({ level: 3, companyId });
    } finally {
      await strict.close();
    }
  });
});
