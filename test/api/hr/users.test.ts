/**
 * HR's users (spec part 2 §2 "/level2/users", §4, §5): the list and company card, 'Agregar Usuario'
 * with every validation message, the maxUsers limit under concurrent adds, the status and type toggles,
 * and another company's users answering 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, userRow, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';

let ctx: TestContext;
let andesId = '';
let hr = '';
let otherHr = '';
let anaId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', maxUsers: 50 });
  const otraId = await createCompany(ctx.db, 'Otra', { emailDomain: 'otra.cl' });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andesId, name: 'Carolina RRHH' });
  anaId = await createUser(ctx.db, { email: 'ana@andes.cl', level: 3, companyId: andesId, name: 'Ana Pérez' });
  await createUser(ctx.db, { email: 'admin@otra.cl', level: 2, companyId: otraId });
  hr = await signIn(ctx.app, 'admin@andes.cl');
  otherHr = await signIn(ctx.app, 'admin@otra.cl');
});
afterAll(async () => ctx.close());

const post = (cookie: string, url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, headers: as(cookie), payload: payload as object });
const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });
const addUser = (cookie: string, body: Record<string, unknown>) =>
  post(cookie, '/api/company/users', { name: 'Nuevo Colaborador', password: 'clave123', confirmPassword: 'clave123', ...body });

describe('adding a user', () => {
  it('appends the company domain to a bare username; the new user signs in at level 3 of the company, type A, survey pending', async () => {
    const res = await addUser(hr, { email: 'Benja.Soto', name: 'Benjamín Soto' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'benja.soto@andes.cl', name: 'Benjamín Soto', status: 'active', userType: 'A', surveyCompleted: false });
    // HR is still signed in as themself.
    expect((await get(hr, '/api/me')).json()).toMatchObject({ email: 'admin@andes.cl', level: 2 });
    const cookie = await signIn(ctx.app, 'benja.soto@andes.cl', 'clave123');
    expect((await get(cookie, '/api/me')).json()).toMatchObject({ level: 3, companyId: andesId, companyName: 'Andes', userType: 'A', surveyCompleted: false });
    // Meets the survey: survey A is theirs to answer, survey B is not.
    expect((await ctx.app.inject({ method: 'PUT', url: '/api/surveys/b/mine', headers: as(cookie), payload: {} })).statusCode).toBe(400);
    expect((await get(cookie, '/api/surveys/a/mine')).json()).toEqual({ answers: null });
  });

  it('accepts a full address of the company domain', async () => {
    const res = await addUser(hr, { email: 'Laura@Andes.cl' });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('laura@andes.cl');
  });

  it.each([
    [{ email: 'laura@otra.cl' }, 'El correo debe pertenecer a la empresa: nombre@andes.cl'],
    [{ email: 'ana@andes.cl' }, 'Ya existe un usuario con ese correo electrónico'],
    [{ email: 'pepe', confirmPassword: 'otra1234' }, 'Las contraseñas no coinciden'],
    [{ email: 'pepe', password: 'abc', confirmPassword: 'abc' }, 'La contraseña debe tener al menos 6 caracteres'],
    [{ email: 'pepe', name: '  ' }, 'El nombre es obligatorio'],
    [{ email: 'con espacio' }, 'El formato del correo electrónico no es válido'],
  ])('refuses %o with its message and creates nobody', async (body, message) => {
    const before = (await get(hr, '/api/company/users')).json().company.userCount;
    const res = await addUser(hr, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().error.message).toBe(message);
    expect((await get(hr, '/api/company/users')).json().company.userCount).toBe(before);
  });

  it('refuses a bare username when the company has no email domain, and takes a full address', async () => {
    const sinId = await createCompany(ctx.db, 'Sin Dominio');
    await createUser(ctx.db, { email: 'admin@sindominio.cl', level: 2, companyId: sinId });
    const cookie = await signIn(ctx.app, 'admin@sindominio.cl');
    const bare = await addUser(cookie, { email: 'pepe' });
    expect(bare.statusCode).toBe(409);
    expect(bare.json().error.code).toBe('COMPANY_DOMAIN_MISSING');
    expect((await addUser(cookie, { email: 'pepe@gmail.com' })).json()).toMatchObject({ email: 'pepe@gmail.com' });
  });

  it('never passes maxUsers, adds one after another (level 2 and 3 accounts count)', async () => {
    const limitedId = await createCompany(ctx.db, 'Limitada Seguida', { emailDomain: 'seguida.cl', maxUsers: 3 });
    await createUser(ctx.db, { email: 'admin@seguida.cl', level: 2, companyId: limitedId });
    const cookie = await signIn(ctx.app, 'admin@seguida.cl');
    expect((await addUser(cookie, { email: 'uno' })).statusCode).toBe(200);
    expect((await addUser(cookie, { email: 'dos' })).statusCode).toBe(200);
    const third = await addUser(cookie, { email: 'tres' });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.message).toBe('Se ha alcanzado el límite de usuarios para esta empresa (3)');
  });

  raceTest('never passes maxUsers, even with 10 adds at once (level 2 and 3 accounts count)', async () => {
    const limitedId = await createCompany(ctx.db, 'Limitada', { emailDomain: 'limitada.cl', maxUsers: 4 });
    await createUser(ctx.db, { email: 'admin@limitada.cl', level: 2, companyId: limitedId });
    await createUser(ctx.db, { email: 'uno@limitada.cl', level: 3, companyId: limitedId });
    const cookie = await signIn(ctx.app, 'admin@limitada.cl');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => addUser(cookie, { email: `persona${i}` })));
    const created = answers.filter((r) => r.statusCode === 200);
    const refused = answers.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(2);
    expect(refused).toHaveLength(8);
    for (const r of refused) expect(r.json().error.message).toBe('Se ha alcanzado el límite de usuarios para esta empresa (4)');
    const list = (await get(cookie, '/api/company/users')).json();
    expect(list.company).toMatchObject({ userCount: 4, maxUsers: 4 });
    expect(list.total).toBe(3);
  });
});

describe('listing users', () => {
  it('pages and searches the company employees only, with the company card', async () => {
    const res = await get(hr, '/api/company/users?search=ana&limit=5');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((u: { email: string }) => u.email)).toEqual(['ana@andes.cl']);
    expect(body.company).toMatchObject({ name: 'Andes', emailDomain: 'andes.cl', maxUsers: 50 });
    const other = (await get(otherHr, '/api/company/users')).json();
    expect(other.items.map((u: { email: string }) => u.email)).not.toContain('ana@andes.cl');
  });

  it('refuses a page size over 100', async () => {
    expect((await get(hr, '/api/company/users?limit=101')).statusCode).toBe(400);
  });
});

describe('status and type', () => {
  it('deactivating ends the open session and bars sign-in; activating lets the person back', async () => {
    const id = (await addUser(hr, { email: 'rocio' })).json().id as string;
    const cookie = await signIn(ctx.app, 'rocio@andes.cl', 'clave123');
    expect((await get(cookie, '/api/me')).statusCode).toBe(200);
    const off = await post(hr, `/api/company/users/${id}/status`, { status: 'inactive' });
    expect(off.statusCode).toBe(200);
    expect(off.json().status).toBe('inactive');
    expect((await get(cookie, '/api/me')).statusCode).toBe(401);
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: 'rocio@andes.cl', password: 'clave123' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Esta cuenta ha sido deshabilitada.');
    expect((await post(hr, `/api/company/users/${id}/status`, { status: 'active' })).json().status).toBe('active');
    await signIn(ctx.app, 'rocio@andes.cl', 'clave123');
  });

  it('switches the type; a pending survey then becomes survey B', async () => {
    const id = (await addUser(hr, { email: 'tomas.b' })).json().id as string;
    const res = await post(hr, `/api/company/users/${id}/type`, { userType: 'B' });
    expect(res.statusCode).toBe(200);
    expect(res.json().userType).toBe('B');
    expect((await userRow(ctx.db, id)).userType).toBe('B');
    const cookie = await signIn(ctx.app, 'tomas.b@andes.cl', 'clave123');
    expect((await get(cookie, '/api/me')).json()).toMatchObject({ userType: 'B', surveyCompleted: false });
  });

  it('answers 404 for another company user, a level 2 user, or an unknown id, and changes nothing', async () => {
    const hrId = (await get(hr, '/api/me')).json().id as string;
    const targets = [[otherHr, anaId], [hr, 'no-existe'], [hr, hrId], [otherHr, hrId]] as const;
    for (const [cookie, id] of targets) {
      const status = await post(cookie, `/api/company/users/${id}/status`, { status: 'inactive' });
      expect(status.statusCode).toBe(404);
      expect(status.json().error.message).toBe('Usuario no encontrado');
      expect((await post(cookie, `/api/company/users/${id}/type`, { userType: 'B' })).statusCode).toBe(404);
    }
    expect(await userRow(ctx.db, hrId)).toMatchObject({ status: 'active', userType: 'A' });
    expect(await userRow(ctx.db, anaId)).toMatchObject({ status: 'active', userType: 'A' });
  });
});
