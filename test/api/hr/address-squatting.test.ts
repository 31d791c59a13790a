/**
 * HR address squatting: HR of a company without an email domain may not create
 * accounts at another company's domain or the platform's; an address outside the company's own domain
 * is created unverified and confirmed by mail; level 1 removes a wrongly created account that has no
 * history, and only level 1 may.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, userRow, type TestContext } from '../../support/app';
import { fund } from '../economy/ledger-fixtures';

let ctx: TestContext;
let andes = '';
const cookie = { root: '', hrSinDominio: '', hrAndes: '', employee: '', provider: '', hrAustral: '' };
let rootId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  andes = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const austral = await createCompany(ctx.db, 'Austral', { emailDomain: 'austral.cl' });
  const sinDominio = await createCompany(ctx.db, 'Sin Dominio');
  rootId = await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(ctx.db, { email: 'rrhh@sindominio.org', level: 2, companyId: sinDominio });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andes });
  await createUser(ctx.db, { email: 'admin@austral.cl', level: 2, companyId: austral });
  await createUser(ctx.db, { email: 'ana@andes.cl', level: 3, companyId: andes });
  await createUser(ctx.db, { email: 'tienda@jobby.sup', level: 4 });
  cookie.root = await signIn(ctx.app, 'root@jobby.cl');
  cookie.hrSinDominio = await signIn(ctx.app, 'rrhh@sindominio.org');
  cookie.hrAndes = await signIn(ctx.app, 'admin@andes.cl');
  cookie.hrAustral = await signIn(ctx.app, 'admin@austral.cl');
  cookie.employee = await signIn(ctx.app, 'ana@andes.cl');
  cookie.provider = await signIn(ctx.app, 'tienda@jobby.sup');
});
afterAll(async () => ctx.close());

const FOREIGN = 'El correo no puede ser del dominio de otra empresa ni de los dominios de Jobby. Usa el correo propio de la persona.';
const addUser = (who: string, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/company/users', headers: as(who), payload: { name: 'Persona Nueva', email, password: 'clave123', confirmPassword: 'clave123' } });
const remove = (who: string, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}`, headers: as(who) });
const idOf = async (email: string) => (await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id;

describe("HR's 'Agregar Usuario' in a company without an email domain", () => {
  it("refuses another company's domain, the staff domain and the provider domain, and creates nothing", async () => {
    for (const email of ['newhire@austral.cl', 'CEO@Andes.cl', 'alguien@jobby.cl', 'tienda2@jobby.sup']) {
      const res = await addUser(cookie.hrSinDominio, email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toEqual({ code: 'COMPANY_USER_EMAIL_FOREIGN_DOMAIN', message: FOREIGN });
      expect(await idOf(email.toLowerCase()), email).toBeUndefined();
    }
  });

  it('creates any other address unverified and mails its owner the confirmation link', async () => {
    const res = await addUser(cookie.hrSinDominio, 'persona@gmail.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'persona@gmail.com', verificationMailSent: true });
    expect((await userRow(ctx.db, res.json().id)).emailVerified).toBe(false);
    const mails = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'persona@gmail.com'));
    expect(mails).toHaveLength(1);
  });

  it("marks as verified an address in the company's own domain, without a mail", async () => {
    const res = await addUser(cookie.hrAndes, 'benja');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'benja@andes.cl', verificationMailSent: false });
    expect((await userRow(ctx.db, res.json().id)).emailVerified).toBe(true);
    expect(await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'benja@andes.cl'))).toHaveLength(0);
  });
});

describe("level 1 removes a wrongly created account", () => {
  it('refuses level 2, 3 and 4, and HR of another company, and keeps the account', async () => {
    const id = await idOf('persona@gmail.com');
    for (const who of [cookie.hrSinDominio, cookie.hrAustral, cookie.employee, cookie.provider]) expect((await remove(who, id)).statusCode).toBe(403);
    expect(await idOf('persona@gmail.com')).toBe(id);
  });

  it('removes an account without history, so its real owner can register', async () => {
    const id = await idOf('persona@gmail.com');
    const res = await remove(cookie.root, id);
    expect(res.statusCode).toBe(200);
    expect(await idOf('persona@gmail.com')).toBeUndefined();
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: 'http://localhost:3000' }, payload: { name: 'Persona Real', email: 'persona@gmail.com', password: 'clave123' } });
    expect(again.statusCode).toBe(200);
  });

  it('refuses an account with ledger history, and keeps it', async () => {
    const id = await idOf('benja@andes.cl');
    await fund(ctx.db, { userId: id, companyId: andes }, 'company', 5);
    const res = await remove(cookie.root, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'USER_HAS_HISTORY', message: 'No se puede eliminar esta cuenta porque ya tiene movimientos de tokens, solicitudes o códigos. Desactívala en su lugar.' });
    expect(await idOf('benja@andes.cl')).toBe(id);
  });

  it("answers 404 for an unknown id and refuses the operator's own account", async () => {
    expect((await remove(cookie.root, 'nadie')).statusCode).toBe(404);
    expect((await remove(cookie.root, rootId)).json().error.code).toBe('OWN_ACCOUNT_DELETE');
  });
});
