/**
 * API keys (decision 220): HR's and level 1's key management, and what a key may do once sent as
 * `Authorization: Bearer …` — only within its company (or the platform), only on routes that declare a
 * scope it holds, never after it is revoked or expired.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeys } from '#server/db/schema';
import { createCompanyBenefit, fund } from '../economy/ledger-fixtures';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, userRow, type TestContext } from '../../support/app';

let ctx: TestContext;
let hrA: string;
let hrB: string;
let admin: string;
let companyA: string;
let employeeA: string;
let employeeB: string;

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', maxUsers: 50 });
  const companyB = await createCompany(ctx.db, 'Bosque', { emailDomain: 'bosque.cl', maxUsers: 50 });
  await createUser(ctx.db, { email: 'rrhh@andes.cl', level: 2, companyId: companyA });
  await createUser(ctx.db, { email: 'rrhh@bosque.cl', level: 2, companyId: companyB });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  employeeA = await createUser(ctx.db, { email: 'ana@andes.cl', name: 'Ana Andes', companyId: companyA });
  employeeB = await createUser(ctx.db, { email: 'beto@bosque.cl', name: 'Beto Bosque', companyId: companyB });
  [hrA, hrB, admin] = await Promise.all(['rrhh@andes.cl', 'rrhh@bosque.cl', 'root@jobby.cl'].map((email) => signIn(ctx.app, email)));
});
afterAll(() => ctx.close());

type Created = { key: { id: string; name: string; prefix: string; scopes: string[]; status: string; lastUsedAt: string | null }; secret: string };

async function createKey(cookie: string, payload: Record<string, unknown>): Promise<Created> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(cookie), payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Created;
}

/** A call with the key as an integration sends it: no cookie, no Origin. */
function withKey(secret: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) {
  return ctx.app.inject({ method, url, headers: { authorization: `Bearer ${secret}`, ...extra }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

const ALL_COMPANY_SCOPES = ['users:read', 'users:write', 'tokens:assign', 'tokens:read', 'requests:read', 'codes:read'];

describe('managing keys', () => {
  it('shows the secret once, stores only its hash, and lists the key with its scopes and status', async () => {
    const { key, secret } = await createKey(hrA, { name: 'Nómina Buk', scopes: ['tokens:assign', 'users:read'], expiresOn: null });
    expect(secret).toMatch(/^jobby_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(secret.startsWith(`${key.prefix}_`)).toBe(true);
    // Kept in the scopes' own order, whatever the order sent.
    expect(key).toMatchObject({ name: 'Nómina Buk', scopes: ['users:read', 'tokens:assign'], status: 'active', lastUsedAt: null });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    // The part after the prefix (base64url, so it may itself hold '_').
    expect(JSON.stringify(row)).not.toContain(secret.slice(`${key.prefix}_`.length));

    const list = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(hrA) });
    expect(list.json().items).toContainEqual(expect.objectContaining({ id: key.id, name: 'Nómina Buk', prefix: key.prefix }));
    expect(JSON.stringify(list.json())).not.toContain(secret);
    // Another company's HR does not see it; level 1 sees every company's keys (decision 352).
    const other = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(hrB) });
    expect(other.json().items.map((item: { id: string }) => item.id)).not.toContain(key.id);
    const platform = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(admin) });
    expect(platform.json().items.map((item: { id: string }) => item.id)).toContain(key.id);

    // Used once: the list says when.
    expect((await withKey(secret, 'GET', '/api/company/users')).statusCode).toBe(200);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(hrA) });
    expect(after.json().items.find((item: { id: string }) => item.id === key.id).lastUsedAt).toEqual(expect.any(String));
  });

  it('refuses a key without name or scopes, an expiry in the past, and users:write on a platform key', async () => {
    const send = (cookie: string, payload: unknown) => ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(cookie), payload: payload as object });
    const noName = await send(hrA, { name: '  ', scopes: ['users:read'] });
    expect(noName.statusCode).toBe(400);
    expect(noName.body).toContain('Ingresa un nombre para la clave');
    const noScopes = await send(hrA, { name: 'Sin permisos', scopes: [] });
    expect(noScopes.statusCode).toBe(400);
    expect(noScopes.body).toContain('Elige al menos un permiso');
    const past = await send(hrA, { name: 'Vencida', scopes: ['users:read'], expiresOn: '2020-01-01' });
    expect(past.json()).toEqual({ error: { code: 'API_KEY_EXPIRY_PAST', message: 'La fecha de vencimiento no puede ser anterior a hoy' } });
    const noSuchDay = await send(hrA, { name: 'Febrero', scopes: ['users:read'], expiresOn: '2099-02-30' });
    expect(noSuchDay.statusCode).toBe(400);
    expect(noSuchDay.body).toContain('La fecha no existe');
    const platformWrite = await send(admin, { name: 'Plataforma', scopes: ['users:write'] });
    expect(platformWrite.json().error.code).toBe('API_KEY_SCOPE_NOT_OFFERED');
  });

  it("revokes a key at once: its next request is refused; another company's HR cannot revoke it", async () => {
    const { key, secret } = await createKey(hrA, { name: 'Talana', scopes: ['users:read'] });
    expect((await withKey(secret, 'GET', '/api/company/users')).statusCode).toBe(200);
    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, headers: as(hrB) });
    expect(foreign.json()).toEqual({ error: { code: 'API_KEY_NOT_FOUND', message: 'Clave de API no encontrada' } });
    expect((await withKey(secret, 'GET', '/api/company/users')).statusCode).toBe(200);

    const revoked = await ctx.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/revoke`, headers: as(hrA) });
    expect(revoked.json()).toMatchObject({ id: key.id, status: 'revoked', revokedAt: expect.any(String) });
    const refused = await withKey(secret, 'GET', '/api/company/users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: { code: 'API_KEY_INVALID', message: 'La clave de API no es válida, fue revocada o venció' } });
  });

  it('refuses an expired key, and a key that expires today still works today', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Santiago' }).format(new Date());
    const { key, secret } = await createKey(hrA, { name: 'Hasta hoy', scopes: ['users:read'], expiresOn: today });
    expect(key.status).toBe('active');
    expect((await withKey(secret, 'GET', '/api/company/users')).statusCode).toBe(200);
    await ctx.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(apiKeys.id, key.id));
    const refused = await withKey(secret, 'GET', '/api/company/users');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('API_KEY_INVALID');
    const list = await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(hrA) });
    expect(list.json().items.find((item: { id: string }) => item.id === key.id).status).toBe('expired');
  });
});

describe('what a key may do', () => {
  it('refuses a malformed, unknown or wrong secret, even beside a valid session cookie', async () => {
    const { secret } = await createKey(hrA, { name: 'Buena', scopes: ['users:read'] });
    const wrongSecret = `${secret.slice(0, 19)}${'A'.repeat(43)}`;
    // A bearer token without our prefix is not a key at all (decision 353: test/api/auth/authorization-header.test.ts).
    for (const token of ['jobby_nada', 'jobby_000000000000_' + 'A'.repeat(43), wrongSecret]) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/company/users', headers: { authorization: `Bearer ${token}`, cookie: hrA } });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('API_KEY_INVALID');
    }
  });

  it('acts only within its company: another company\'s people are not found', async () => {
    const { key, secret } = await createKey(hrA, { name: 'Todo', scopes: ALL_COMPANY_SCOPES });
    const users = await withKey(secret, 'GET', '/api/company/users');
    const emails = users.json().items.map((item: { email: string }) => item.email);
    expect(emails).toContain('ana@andes.cl');
    expect(emails).not.toContain('beto@bosque.cl');
    const assign = await withKey(secret, 'POST', '/api/company/tokens/assign', { userId: employeeB, amount: 5 });
    expect(assign.statusCode).toBe(404);
    expect(assign.json().error.code).toBe('USER_NOT_FOUND');
    const status = await withKey(secret, 'POST', `/api/company/users/${employeeB}/status`, { status: 'inactive' });
    expect(status.statusCode).toBe(404);
    // Its own company's employee: allowed, and signed with the key's name.
    const own = await withKey(secret, 'POST', '/api/company/tokens/assign', { userId: employeeA, amount: 5 });
    expect(own.statusCode).toBe(200);
    const history = await ctx.app.inject({ method: 'GET', url: '/api/company/tokens/history', headers: as(hrA) });
    expect(history.json().items[0]).toMatchObject({ userId: employeeA, amount: 5, actorName: 'API: Todo' });
    // A person it creates names the key as creator (the key's id: no user row is faked for it).
    const hire = await withKey(secret, 'POST', '/api/company/users', { name: 'Nueva Andes', email: 'nueva@andes.cl', password: 'secreto1', confirmPassword: 'secreto1' });
    expect(hire.statusCode).toBe(200);
    expect((await userRow(ctx.db, hire.json().id))?.createdBy).toBe(`apikey:${key.id}`);
    // Level 2 routes only: the platform's are refused by level.
    expect((await withKey(secret, 'GET', '/api/admin/users')).statusCode).toBe(403);
  });

  it('refuses a route needing a scope the key lacks', async () => {
    const { secret } = await createKey(hrA, { name: 'Solo lectura', scopes: ['users:read'] });
    const res = await withKey(secret, 'POST', '/api/company/tokens/assign', { userId: employeeA, amount: 5 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'API_KEY_SCOPE_MISSING', message: 'La clave de API no tiene permiso para esta operación' } });
    expect((await withKey(secret, 'GET', '/api/company/tokens/history')).statusCode).toBe(403);
  });

  it('shows the codes inside request lists only to a key holding codes:read', async () => {
    // Ana redeems a company benefit approved at once: her request carries its code.
    await fund(ctx.db, { userId: employeeA, companyId: companyA }, 'company', 10);
    const benefit = await createCompanyBenefit(ctx.db, companyA, { title: 'Tarde libre' });
    const redeemed = await ctx.app.inject({ method: 'POST', url: '/api/redemptions', headers: as(await signIn(ctx.app, 'ana@andes.cl')), payload: { kind: 'company', benefitId: benefit.id } });
    const { requestId, code } = redeemed.json() as { requestId: string; code: { code: string } };
    expect(code.code).toEqual(expect.any(String));

    const without = await createKey(hrA, { name: 'Solicitudes', scopes: ['requests:read'] });
    const withCodes = await createKey(hrA, { name: 'Solicitudes y códigos', scopes: ['requests:read', 'codes:read'] });
    const requestOf = async (secret: string) => {
      const res = await withKey(secret, 'GET', '/api/company/requests');
      expect(res.statusCode).toBe(200);
      return res.json().items.find((item: { id: string }) => item.id === requestId);
    };
    expect(await requestOf(without.secret)).toMatchObject({ id: requestId, userName: 'Ana Andes', code: null });
    expect(await requestOf(withCodes.secret)).toMatchObject({ id: requestId, code: { code: code.code, status: 'active' } });
    // A person's screen is unchanged.
    const hrList = await ctx.app.inject({ method: 'GET', url: '/api/company/requests', headers: as(hrA) });
    expect(hrList.json().items.find((item: { id: string }) => item.id === requestId).code.code).toBe(code.code);
  });

  it('a platform key reads the platform\'s lists and assigns flexible tokens, signed with its name', async () => {
    const { secret } = await createKey(admin, { name: 'BI Jobby', scopes: ['users:read', 'tokens:assign', 'requests:read'] });
    expect((await withKey(secret, 'GET', '/api/admin/users')).statusCode).toBe(200);
    expect((await withKey(secret, 'GET', '/api/admin/requests')).statusCode).toBe(200);
    const add = await withKey(secret, 'POST', '/api/admin/tokens/add', { userId: employeeB, amount: 3 });
    expect(add.statusCode).toBe(200);
    const history = await ctx.app.inject({ method: 'GET', url: '/api/admin/tokens/history', headers: as(admin) });
    expect(history.json().items[0]).toMatchObject({ userId: employeeB, amount: 3, actorName: 'API: BI Jobby' });
    // Company routes are HR's: refused by level.
    expect((await withKey(secret, 'GET', '/api/company/users')).statusCode).toBe(403);
  });

  it('never calls a route that declares no scope: sign-in, profile, surveys, notifications, key management, every other', async () => {
    const company = await createKey(hrA, { name: 'Todo A', scopes: ALL_COMPANY_SCOPES });
    const platform = await createKey(admin, { name: 'Todo P', scopes: ['users:read', 'tokens:assign', 'tokens:read', 'requests:read', 'codes:read'] });
    const unscoped = ctx.app.apiRoutes.filter((route) => route.access !== 'public' && !route.apiScope);
    expect(unscoped.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/me', 'PATCH /api/me', 'PUT /api/surveys/a/mine', 'GET /api/notifications', 'GET /api/api-keys', 'POST /api/api-keys', 'POST /api/api-keys/:id/revoke']),
    );
    const admitted: string[] = [];
    for (const route of unscoped) {
      const url = route.url.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
      for (const secret of [company.secret, platform.secret]) {
        const res = await withKey(secret, route.method as 'GET', url, route.method === 'GET' ? undefined : {}, { accept: 'text/event-stream' });
        if (res.statusCode !== 403 || res.json().error.code !== 'API_KEY_SCOPE_MISSING') admitted.push(`${route.method} ${route.url} → ${res.statusCode}`);
      }
    }
    expect(admitted).toEqual([]);
  });

  it('keeps the browser rules: a key sent from another site is refused on a change', async () => {
    const { secret } = await createKey(hrA, { name: 'Navegador', scopes: ['tokens:assign'] });
    const res = await withKey(secret, 'POST', '/api/company/tokens/assign', { userId: employeeA, amount: 1 }, { origin: 'https://otro.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const same = await withKey(secret, 'POST', '/api/company/tokens/assign', { userId: employeeA, amount: 1 }, { origin: ORIGIN });
    expect(same.statusCode).toBe(200);
  });
});
