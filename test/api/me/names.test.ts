/**
 * Names: an invisible-only name or one with a bidi override is refused on every
 * path a name is typed, and a decomposed name is stored composed (NFC).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
const cookie = { root: '', hr: '', ana: '' };
const INVISIBLE = 'El nombre contiene caracteres invisibles o de control no permitidos';

beforeAll(async () => {
  ctx = await createTestContext();
  const andes = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andes });
  await createUser(ctx.db, { email: 'ana@andes.cl', companyId: andes, name: 'Ana Pérez' });
  cookie.root = await signIn(ctx.app, 'root@jobby.cl');
  cookie.hr = await signIn(ctx.app, 'admin@andes.cl');
  cookie.ana = await signIn(ctx.app, 'ana@andes.cl');
});
afterAll(async () => ctx.close());

const send = (method: 'POST' | 'PATCH', url: string, payload: object, who?: string) =>
  ctx.app.inject({ method, url, headers: who ? as(who) : { origin: ORIGIN }, payload });
const nameOf = async (email: string) => (await ctx.db.select({ name: users.name }).from(users).where(eq(users.email, email)))[0]?.name;

describe('names', () => {
  it('refuses a sign-up whose name is only U+200B, and stores no account', async () => {
    const res = await send('POST', '/api/auth/sign-up/email', { name: '\u200B\u200B', email: 'invisible@andes.cl', password: 'clave123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(INVISIBLE);
    expect(await nameOf('invisible@andes.cl')).toBeUndefined();
  });

  it('refuses a U+202E override on /api/me and keeps the stored name', async () => {
    const res = await send('PATCH', '/api/me', { name: 'Ana \u202Ezerép' }, cookie.ana);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(INVISIBLE);
    expect(await nameOf('ana@andes.cl')).toBe('Ana Pérez');
  });

  it('stores "José" typed in NFD as NFC, on /api/me, at sign-up and on HR\'s form', async () => {
    const nfd = 'Jose\u0301 Nu\u0301n\u0303ez';
    const me = await send('PATCH', '/api/me', { name: nfd }, cookie.ana);
    expect(me.statusCode).toBe(200);
    expect(me.json().name).toBe('José Núñez');
    expect(await nameOf('ana@andes.cl')).toBe('José Núñez'.normalize('NFC'));
    expect(await nameOf('ana@andes.cl')).not.toBe(nfd);

    expect((await send('POST', '/api/auth/sign-up/email', { name: nfd, email: 'jose@andes.cl', password: 'clave123' })).statusCode).toBe(200);
    expect(await nameOf('jose@andes.cl')).toBe('José Núñez');

    const hr = await send('POST', '/api/company/users', { name: nfd, email: 'jose.hr', password: 'clave123', confirmPassword: 'clave123' }, cookie.hr);
    expect(hr.statusCode).toBe(200);
    expect(await nameOf('jose.hr@andes.cl')).toBe('José Núñez');
  });

  it("refuses an invisible name on HR's form and a name with no letter", async () => {
    const hidden = await send('POST', '/api/company/users', { name: '\u2066\u2069', email: 'oculto', password: 'clave123', confirmPassword: 'clave123' }, cookie.hr);
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().error.message).toBe(INVISIBLE);
    const digits = await send('PATCH', '/api/me', { name: '12345' }, cookie.ana);
    expect(digits.statusCode).toBe(400);
    expect(digits.json().error.message).toBe('El nombre debe contener al menos una letra');
  });

  it("refuses a company, contact or provider name with invisible characters, and keeps the spec's required message", async () => {
    const company = await send('POST', '/api/companies', { name: 'Cordillera\u200B', contactName: 'Marta Soto', contactEmail: 'marta@cordillera.cl' }, cookie.root);
    expect(company.statusCode).toBe(400);
    expect(company.json().error.message).toBe(INVISIBLE);
    const contact = await send('POST', '/api/companies', { name: 'Cordillera', contactName: '\u202Eatram', contactEmail: 'marta@cordillera.cl' }, cookie.root);
    expect(contact.json().error.message).toBe(INVISIBLE);
    const blank = await send('POST', '/api/companies', { name: '   ', contactName: 'Marta Soto', contactEmail: 'marta@cordillera.cl' }, cookie.root);
    expect(blank.json().error.message).toBe('Los campos Nombre, Contacto y Email son obligatorios');
    expect(await ctx.db.select().from(companies).where(eq(companies.name, 'Cordillera'))).toHaveLength(0);
    const provider = await send('POST', '/api/providers', { name: 'Cine\u200B', email: 'cine@jobby.sup', password: 'clave123', status: 'active' }, cookie.root);
    expect(provider.statusCode).toBe(400);
    expect(provider.json().error.message).toBe(INVISIBLE);
  });
});
