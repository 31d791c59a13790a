/**
 * Level 1's companies API: list, create, PATCH, status and the HR admin creation, every
 * validation message, and that a created HR admin signs in at level 2 of the chosen company.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let operator = '';
const cookies: Record<'hr' | 'employee' | 'provider', string> = { hr: '', employee: '', provider: '' };
let andesId = '';

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', contactName: 'Carolina', contactEmail: 'rrhh@andes.cl' });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1, name: 'Paula Operadora' });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andesId });
  await createUser(ctx.db, { email: 'ana@andes.cl', level: 3, companyId: andesId });
  await createUser(ctx.db, { email: 'tienda@jobby.sup', level: 4 });
  operator = await signIn(ctx.app, 'root@jobby.cl');
  cookies.hr = await signIn(ctx.app, 'admin@andes.cl');
  cookies.employee = await signIn(ctx.app, 'ana@andes.cl');
  cookies.provider = await signIn(ctx.app, 'tienda@jobby.sup');
});
afterAll(async () => ctx.close());

type Call = { method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: unknown };

function call(cookie: string | null, { method, url, payload }: Call) {
  return ctx.app.inject({ method, url, headers: cookie ? as(cookie) : { origin: 'http://localhost:3000' }, ...(method === 'GET' ? {} : { payload: payload ?? {} }) });
}

const validCompany = { name: 'Cordillera', contactName: 'Marta Soto', contactEmail: 'Marta@Cordillera.cl', emailDomain: 'Cordillera.CL' };

async function create(body: Record<string, unknown>) {
  return call(operator, { method: 'POST', url: '/api/companies', payload: body });
}

async function companyCount(): Promise<number> {
  return (await ctx.db.select({ id: companies.id }).from(companies)).length;
}

describe('who may call the companies routes', () => {
  const routes = (): Call[] => [
    { method: 'GET', url: '/api/companies' },
    { method: 'POST', url: '/api/companies', payload: { ...validCompany, name: 'Intrusa', emailDomain: 'intrusa.cl' } },
    { method: 'PATCH', url: `/api/companies/${andesId}`, payload: { name: 'Robada' } },
    { method: 'POST', url: `/api/companies/${andesId}/status`, payload: { status: 'inactive' } },
    { method: 'POST', url: `/api/companies/${andesId}/admins`, payload: { name: 'X', email: 'admin@intrusa.cl', password: 'secreto1', confirmPassword: 'secreto1' } },
  ];

  it('answers 401 without a session and 403 to levels 2, 3 and 4, and changes nothing', async () => {
    const before = await companyCount();
    for (const route of routes()) {
      expect((await call(null, route)).statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
      for (const [who, cookie] of Object.entries(cookies)) {
        const res = await call(cookie, route);
        expect(res.statusCode, `${route.method} ${route.url} as ${who}`).toBe(403);
        expect(res.json().error.message).toBe('No tienes permiso para realizar esta acción');
      }
    }
    expect(await companyCount()).toBe(before);
    const [andes] = await ctx.db.select().from(companies).where(eq(companies.id, andesId));
    expect(andes).toMatchObject({ name: 'Andes', status: 'active' });
    expect((await call(operator, { method: 'POST', url: '/api/auth/sign-in/email', payload: { email: 'admin@intrusa.cl', password: 'secreto1' } })).statusCode).not.toBe(200);
  });
});

describe('creating and listing companies', () => {
  it('creates an active company with maxUsers 10 by default and its domain and contact email lower-cased', async () => {
    const res = await create(validCompany);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Cordillera', contactEmail: 'marta@cordillera.cl', emailDomain: 'cordillera.cl', maxUsers: 10, status: 'active', userCount: 0, contactPhone: null });
  });

  it.each([
    [{ ...validCompany, name: '  ' }, 'Los campos Nombre, Contacto y Email son obligatorios'],
    [{ ...validCompany, contactName: undefined }, 'Los campos Nombre, Contacto y Email son obligatorios'],
    [{ ...validCompany, contactEmail: '' }, 'Los campos Nombre, Contacto y Email son obligatorios'],
    [{ ...validCompany, contactEmail: 'no-es-correo' }, 'El formato del correo electrónico no es válido'],
    [{ ...validCompany, maxUsers: 0 }, 'El máximo de usuarios debe ser al menos 1'],
    [{ ...validCompany, maxUsers: 2.5 }, 'El máximo de usuarios debe ser al menos 1'],
    [{ ...validCompany, emailDomain: 'austral' }, 'El dominio de correo no es válido (por ejemplo: empresa.cl)'],
    [{ ...validCompany, emailDomain: '@austral.cl' }, 'El dominio de correo no es válido (por ejemplo: empresa.cl)'],
  ])('refuses %j with its message', async (body, message) => {
    const before = await companyCount();
    const res = await create({ ...body, name: body.name === validCompany.name ? 'Otra' : body.name });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await companyCount()).toBe(before);
  });

  it('refuses a domain or a name another company has, whatever the case', async () => {
    const domain = await create({ ...validCompany, name: 'Nueva', emailDomain: 'ANDES.cl' });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().error.message).toBe('Ya existe una empresa con ese dominio de correo');
    const name = await create({ ...validCompany, name: 'andes', emailDomain: 'otra.cl' });
    expect(name.statusCode).toBe(409);
    expect(name.json().error.message).toBe('Ya existe una empresa con ese nombre');
  });

  it('lists newest first with the number of HR and employee accounts, searches and pages', async () => {
    await create({ ...validCompany, name: 'Pacífico', emailDomain: 'pacifico.cl' });
    const all = await call(operator, { method: 'GET', url: '/api/companies?limit=2' });
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().items.map((c: { name: string }) => c.name)).toEqual(['Pacífico', 'Cordillera']);
    const second = await call(operator, { method: 'GET', url: '/api/companies?limit=2&offset=2' });
    expect(second.json().items).toMatchObject([{ name: 'Andes', userCount: 2, emailDomain: 'andes.cl' }]);
    const found = await call(operator, { method: 'GET', url: '/api/companies?search=MARTA' });
    expect(found.json().items.map((c: { name: string }) => c.name).sort()).toEqual(['Cordillera', 'Pacífico']);
    expect((await call(operator, { method: 'GET', url: '/api/companies?limit=101' })).statusCode).toBe(400);
  });
});

describe('editing a company', () => {
  it('keeps every field not sent and clears an optional text sent blank', async () => {
    const created = (await create({ ...validCompany, name: 'Atacama', emailDomain: 'atacama.cl', contactPhone: '+56 9 1111 2222', address: 'Calle 1', maxUsers: 30 })).json();
    const res = await call(operator, { method: 'PATCH', url: `/api/companies/${created.id}`, payload: { maxUsers: 40, address: '' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Atacama', contactName: 'Marta Soto', contactEmail: 'marta@cordillera.cl', contactPhone: '+56 9 1111 2222', emailDomain: 'atacama.cl', maxUsers: 40, address: null });
  });

  it('validates a field that is sent and answers 404 for an unknown company', async () => {
    const blank = await call(operator, { method: 'PATCH', url: `/api/companies/${andesId}`, payload: { name: '' } });
    expect(blank.json().error.message).toBe('Los campos Nombre, Contacto y Email son obligatorios');
    const clash = await call(operator, { method: 'PATCH', url: `/api/companies/${andesId}`, payload: { emailDomain: 'cordillera.cl' } });
    expect(clash.statusCode).toBe(409);
    const missing = await call(operator, { method: 'PATCH', url: '/api/companies/00000000-0000-4000-8000-000000000000', payload: { name: 'Nadie' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Empresa no encontrada');
  });

  it('deactivates and activates', async () => {
    const off = await call(operator, { method: 'POST', url: `/api/companies/${andesId}/status`, payload: { status: 'inactive' } });
    expect(off.json().status).toBe('inactive');
    const on = await call(operator, { method: 'POST', url: `/api/companies/${andesId}/status`, payload: { status: 'active' } });
    expect(on.json().status).toBe('active');
    const missing = await call(operator, { method: 'POST', url: '/api/companies/00000000-0000-4000-8000-000000000000/status', payload: { status: 'active' } });
    expect(missing.statusCode).toBe(404);
  });
});

describe('creating a company HR admin', () => {
  const admin = { name: 'Jorge Admin', email: 'admin@cordillera.cl', password: 'clave123', confirmPassword: 'clave123' };

  // Another company, whose domain Andes' admin may not take.
  beforeAll(() => createCompany(ctx.db, 'Pampa', { emailDomain: 'pampa.cl' }));

  async function createAdmin(companyId: string, body: Record<string, unknown>) {
    return call(operator, { method: 'POST', url: `/api/companies/${companyId}/admins`, payload: body });
  }

  it.each([
    [{ ...admin, email: 'jorge@cordillera.cl' }, 'El correo del administrador debe comenzar con "admin@"'],
    [{ ...admin, email: 'admin@' }, 'El formato del correo electrónico no es válido'],
    [{ ...admin, confirmPassword: 'otra1234' }, 'Las contraseñas no coinciden'],
    [{ ...admin, password: '12345', confirmPassword: '12345' }, 'La contraseña debe tener al menos 6 caracteres'],
    [{ ...admin, email: 'admin@jobby.cl' }, 'El correo del administrador no puede usar el dominio de la plataforma ni el de proveedores'],
    [{ ...admin, email: 'admin@jobby.sup' }, 'El correo del administrador no puede usar el dominio de la plataforma ni el de proveedores'],
    [{ ...admin, email: 'admin@andes.cl' }, 'Este correo electrónico ya está en uso'],
    // Another company's domain: Andes' admin may not take a Pampa address.
    [{ ...admin, email: 'admin@PAMPA.cl' }, 'El correo no puede ser del dominio de otra empresa ni de los dominios de Jobby. Usa el correo propio de la persona.'],
  ])('refuses %j with its message', async (body, message) => {
    const res = await createAdmin(andesId, body);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toBe(message);
  });

  it('answers 404 for an unknown company', async () => {
    const res = await createAdmin('00000000-0000-4000-8000-000000000000', { ...admin, email: 'admin@fantasma.cl' });
    expect(res.statusCode).toBe(404);
  });

  it('creates a level 2 account of the chosen company (not the one its domain names) that signs in with that password, leaving the operator signed in', async () => {
    const chosen = (await create({ ...validCompany, name: 'Elegida', emailDomain: 'elegida.cl' })).json();
    // The address names Andes' domain; the operator chose "Elegida": the choice wins.
    const res = await createAdmin(chosen.id, { ...admin, email: ' Admin@Andes-Sur.cl ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'admin@andes-sur.cl', level: 2, companyId: chosen.id });
    expect(res.headers['set-cookie']).toBeUndefined();

    const operatorMe = await call(operator, { method: 'GET', url: '/api/me' });
    expect(operatorMe.json()).toMatchObject({ email: 'root@jobby.cl', level: 1 });

    const newAdmin = await signIn(ctx.app, 'admin@andes-sur.cl', 'clave123');
    const me = await call(newAdmin, { method: 'GET', url: '/api/me' });
    expect(me.json()).toMatchObject({ email: 'admin@andes-sur.cl', name: 'Jorge Admin', level: 2, companyId: chosen.id, companyName: 'Elegida' });

    const listed = await call(operator, { method: 'GET', url: '/api/companies?search=Elegida' });
    expect(listed.json().items[0].userCount).toBe(1);
    const again = await createAdmin(chosen.id, { ...admin, email: 'ADMIN@andes-sur.cl' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Este correo electrónico ya está en uso');
  });
});
