/**
 * The company domain: an address belongs to a company by its exact domain. A subdomain of
 * a company's domain (`x@sub.andes.cl`) is that company's mail, so HR of another company may not
 * create it (as with andes.cl itself, decision 143) and a self-registration there joins no company.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, PASSWORD, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
const cookie = { hrSinDominio: '', hrFilial: '', root: '' };
let sinDominio = '';

beforeAll(async () => {
  ctx = await createTestContext();
  await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const filial = await createCompany(ctx.db, 'Filial', { emailDomain: 'filial.andes.cl' });
  sinDominio = await createCompany(ctx.db, 'Sin Dominio');
  await createUser(ctx.db, { email: 'rrhh@sindominio.org', level: 2, companyId: sinDominio });
  await createUser(ctx.db, { email: 'rrhh@filial.andes.cl', level: 2, companyId: filial });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  cookie.hrSinDominio = await signIn(ctx.app, 'rrhh@sindominio.org');
  cookie.hrFilial = await signIn(ctx.app, 'rrhh@filial.andes.cl');
  cookie.root = await signIn(ctx.app, 'root@jobby.cl');
});
afterAll(async () => ctx.close());

const FOREIGN = 'El correo no puede ser del dominio de otra empresa ni de los dominios de Jobby. Usa el correo propio de la persona.';
const addUser = (who: string, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/company/users', headers: as(who), payload: { name: 'Persona Nueva', email, password: 'clave123', confirmPassword: 'clave123' } });
const exists = async (email: string) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email))).length > 0;

describe("a subdomain of a company's domain is that company's mail", () => {
  it("HR of another company may not create x@sub.andes.cl, nor under the platform's domains", async () => {
    for (const email of ['x@sub.andes.cl', 'y@a.b.andes.cl', 'z@rrhh.jobby.cl', 'w@tienda.jobby.sup']) {
      const res = await addUser(cookie.hrSinDominio, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error, email).toEqual({ code: 'COMPANY_USER_EMAIL_FOREIGN_DOMAIN', message: FOREIGN });
      expect(await exists(email), email).toBe(false);
    }
  });

  it('the spreadsheet import refuses the same rows', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/company/users/import/preview',
      headers: as(cookie.hrSinDominio),
      payload: { rows: [{ line: 2, name: 'Sub Dominio', email: 'x@sub.andes.cl', phone: '', userType: 'A' }, { line: 3, name: 'Persona Libre', email: 'libre@otra.org', phone: '', userType: 'A' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invalid).toEqual([expect.objectContaining({ line: 2, message: FOREIGN })]);
    expect(res.json().create).toEqual([expect.objectContaining({ line: 3 })]);
  });

  it("a company whose own domain is a subdomain of another's keeps its own addresses; look-alikes are nobody's", async () => {
    const own = await addUser(cookie.hrFilial, 'nueva@filial.andes.cl');
    expect(own.statusCode, own.body).toBe(200);
    for (const email of ['a@andes.cl.evil.com', 'b@xandes.cl']) expect((await addUser(cookie.hrSinDominio, email)).statusCode, email).toBe(200);
  });

  it('a self-registration at sub.andes.cl joins no company', async () => {
    const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { origin: ORIGIN }, payload });
    expect((await post('/api/auth/sign-up/email', { name: 'Sub Persona', email: 'x2@sub.andes.cl', password: PASSWORD })).statusCode).toBe(200);
    const session = await signIn(ctx.app, 'x2@sub.andes.cl');
    const me = await ctx.app.inject({ url: '/api/me', headers: as(session) });
    expect(me.statusCode, me.body).toBe(200);
    const [row] = await ctx.db.select({ companyId: users.companyId, level: users.level }).from(users).where(eq(users.email, 'x2@sub.andes.cl'));
    expect(row).toEqual({ companyId: null, level: 3 });
  });
});
