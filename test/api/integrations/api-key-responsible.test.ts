/**
 * A key rests on its responsible's rights (probe K1; decision 352): when its creator
 * loses access (level changed, disabled, moved to another company, account deleted) the key is
 * suspended and refused, shown so on the integrations list, until another HR admin of the company (or
 * level 1) confirms it; level 1 lists, revokes and confirms every company's keys.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let companyA = '';
let companyB = '';
let employeeA = '';
let root = '';
let hrB = '';
let employeeCookie = '';
let providerCookie = '';

beforeAll(async () => {
  ctx = await createTestContext();
  companyA = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl', maxUsers: 50 });
  companyB = await createCompany(ctx.db, 'Bosque', { emailDomain: 'bosque.cl', maxUsers: 50 });
  await createUser(ctx.db, { email: 'root@jobby.cl', level: 1 });
  await createUser(ctx.db, { email: 'rrhh@bosque.cl', level: 2, companyId: companyB });
  employeeA = await createUser(ctx.db, { email: 'camila@andes.cl', name: 'Camila Andes', companyId: companyA });
  await createUser(ctx.db, { email: 'cine@jobby.sup', level: 4 });
  [root, hrB, employeeCookie, providerCookie] = await Promise.all(['root@jobby.cl', 'rrhh@bosque.cl', 'camila@andes.cl', 'cine@jobby.sup'].map((email) => signIn(ctx.app, email)));
});
afterAll(() => ctx.close());

type Key = { id: string; name: string; status: string; createdByName: string | null; responsibleName: string | null; confirmedAt: string | null; companyId: string | null; companyName: string | null };

let hrCount = 0;
/** A fresh HR admin of `companyId`, signed in. */
async function newHr(companyId: string, name: string): Promise<{ id: string; cookie: string }> {
  const email = `rrhh${++hrCount}@${companyId === companyA ? 'andes' : 'bosque'}.cl`;
  const id = await createUser(ctx.db, { email, name, level: 2, companyId });
  return { id, cookie: await signIn(ctx.app, email) };
}

async function createKey(cookie: string, name: string, scopes = ['users:read', 'tokens:assign']): Promise<{ key: Key; secret: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: as(cookie), payload: { name, scopes } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const assignWith = (secret: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/company/tokens/assign', headers: { authorization: `Bearer ${secret}` }, payload: { userId: employeeA, amount: 1 } });
const listAs = async (cookie: string, query = '') => (await ctx.app.inject({ method: 'GET', url: `/api/api-keys${query}`, headers: as(cookie) })).json().items as Key[];
const confirmAs = (cookie: string, id: string) => ctx.app.inject({ method: 'POST', url: `/api/api-keys/${id}/confirm`, headers: as(cookie) });
const revokeAs = (cookie: string, id: string) => ctx.app.inject({ method: 'POST', url: `/api/api-keys/${id}/revoke`, headers: as(cookie) });
const setLevel = (id: string, level: number | null) => ctx.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/level`, headers: as(root), payload: { level } });

const SUSPENDED = {
  error: {
    code: 'API_KEY_SUSPENDED',
    message: 'La clave de API está suspendida: la persona responsable ya no tiene acceso. Otra persona de RR.HH. de la empresa debe confirmarla en Integraciones.',
  },
};

describe("a key whose creator loses access", () => {
  it('the probe: demoted, her key is refused and shown suspended; another HR admin confirms it and it works again, now resting on them', async () => {
    const ines = await newHr(companyA, 'Inés Creadora');
    const tomas = await newHr(companyA, 'Tomás Confirma');
    const { key, secret } = await createKey(ines.cookie, 'Nómina');
    expect(key).toMatchObject({ status: 'active', createdByName: 'Inés Creadora', responsibleName: 'Inés Creadora', confirmedAt: null });
    expect((await assignWith(secret)).statusCode).toBe(200);

    expect((await setLevel(ines.id, null)).statusCode).toBe(200);
    const refused = await assignWith(secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(SUSPENDED);

    const listed = (await listAs(tomas.cookie)).find((k) => k.id === key.id);
    expect(listed).toMatchObject({ status: 'suspended', createdByName: 'Inés Creadora', responsibleName: 'Inés Creadora' });

    const confirmed = await confirmAs(tomas.cookie, key.id);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'active', createdByName: 'Inés Creadora', responsibleName: 'Tomás Confirma', confirmedAt: expect.any(String) });
    expect((await assignWith(secret)).statusCode).toBe(200);
    // Confirmed once: a second confirmation has nothing to do.
    expect((await confirmAs(tomas.cookie, key.id)).json()).toEqual({ error: { code: 'API_KEY_NOT_SUSPENDED', message: 'Esta clave no necesita confirmación: su responsable tiene acceso' } });

    // Now it rests on Tomás: his losing access suspends it again.
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, tomas.id));
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
  });

  it.each([
    ['disabled', { status: 'inactive' }],
    ['moved to another company', { companyId: 'B' }],
    ['made an employee', { level: 3 }],
  ] as const)('is suspended when its creator is %s', async (_what, change) => {
    const creator = await newHr(companyA, 'Creador');
    const { key, secret } = await createKey(creator.cookie, 'Sistema');
    expect((await assignWith(secret)).statusCode).toBe(200);
    await ctx.db.update(users).set('companyId' in change ? { companyId: companyB } : change).where(eq(users.id, creator.id));
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
    expect((await listAs(root, `?company=${companyA}`)).find((k) => k.id === key.id)?.status).toBe('suspended');
  });

  it('stays suspended when its creator gets access back, until another HR admin confirms it (any path: level 1, HR disabling)', async () => {
    const eva = await newHr(companyA, 'Eva Vuelve');
    const hugo = await newHr(companyA, 'Hugo Confirma');
    const { key, secret } = await createKey(eva.cookie, 'Rex');
    expect((await setLevel(eva.id, 3)).statusCode).toBe(200);
    expect((await setLevel(eva.id, 2)).statusCode).toBe(200);
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
    expect((await listAs(hugo.cookie)).find((k) => k.id === key.id)?.status).toBe('suspended');
    expect((await confirmAs(hugo.cookie, key.id)).statusCode).toBe(200);
    expect((await assignWith(secret)).statusCode).toBe(200);

    // Hugo, now its responsible, disabled and enabled again by a change of his row (no route needs to know).
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, hugo.id));
    await ctx.db.update(users).set({ status: 'active' }).where(eq(users.id, hugo.id));
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
    // A change that keeps his access (another name, level 2 again) suspends nothing.
    const other = await createKey(eva.cookie, 'Buk');
    await ctx.db.update(users).set({ name: 'Eva Renombrada', level: 2 }).where(eq(users.id, eva.id));
    expect((await assignWith(other.secret)).statusCode).toBe(200);
  });

  it("is suspended when its creator's account is deleted, and the list says the creator no longer exists", async () => {
    const creator = await newHr(companyA, 'Borrada');
    const { key, secret } = await createKey(creator.cookie, 'Huérfana');
    await ctx.db.delete(users).where(eq(users.id, creator.id));
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
    expect((await listAs(root)).find((k) => k.id === key.id)).toMatchObject({ status: 'suspended', createdByName: null, responsibleName: null });
  });

  it('a creator who got access back cannot confirm their own key for someone who lost it', async () => {
    const ana = await newHr(companyA, 'Ana Creadora');
    const beto = await newHr(companyA, 'Beto Confirma');
    const { key, secret } = await createKey(ana.cookie, 'Talana');
    await setLevel(ana.id, 3);
    expect((await confirmAs(beto.cookie, key.id)).statusCode).toBe(200);
    await setLevel(beto.id, 3);
    await setLevel(ana.id, 2);
    expect((await assignWith(secret)).json()).toEqual(SUSPENDED);
    const own = await confirmAs(ana.cookie, key.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ error: { code: 'API_KEY_CONFIRM_OWN', message: 'Otra persona debe confirmar esta clave: tú la creaste' } });
    expect((await assignWith(secret)).statusCode).toBe(403);
  });

  it('a revoked key is not confirmed back to life', async () => {
    const creator = await newHr(companyA, 'Revocada');
    const other = await newHr(companyA, 'Otra');
    const { key } = await createKey(creator.cookie, 'Vieja');
    expect((await revokeAs(other.cookie, key.id)).statusCode).toBe(200);
    await setLevel(creator.id, null);
    expect((await confirmAs(other.cookie, key.id)).json().error.code).toBe('API_KEY_NOT_SUSPENDED');
  });
});

describe('who manages whose keys', () => {
  it("HR sees and revokes every key of its company, whoever made it; another company's HR finds none of them", async () => {
    const first = await newHr(companyA, 'Primera');
    const second = await newHr(companyA, 'Segunda');
    const { key, secret } = await createKey(first.cookie, 'De la primera');
    expect((await listAs(second.cookie)).map((k) => k.id)).toContain(key.id);
    expect((await listAs(hrB)).map((k) => k.id)).not.toContain(key.id);
    // Level 1's filter is level 1's: HR asking for another company still gets only its own.
    expect((await listAs(hrB, `?company=${companyA}`)).map((k) => k.id)).not.toContain(key.id);
    for (const call of [revokeAs, confirmAs]) {
      const foreign = await call(hrB, key.id);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().error.code).toBe('API_KEY_NOT_FOUND');
    }
    expect((await revokeAs(second.cookie, key.id)).json()).toMatchObject({ id: key.id, status: 'revoked' });
    expect((await assignWith(secret)).json().error.code).toBe('API_KEY_INVALID');
  });

  it("level 1 lists every company's keys and the platform's, filters by company, revokes and confirms any", async () => {
    const hrA = await newHr(companyA, 'RRHH Andes');
    const companyKey = await createKey(hrA.cookie, 'Andes Nómina');
    const bosqueKey = await createKey(hrB, 'Bosque Nómina', ['users:read']);
    const platformKey = await createKey(root, 'Plataforma', ['users:read']);

    const all = await listAs(root);
    expect(all).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: companyKey.key.id, companyId: companyA, companyName: 'Andes' }),
      expect.objectContaining({ id: bosqueKey.key.id, companyId: companyB, companyName: 'Bosque' }),
      expect.objectContaining({ id: platformKey.key.id, companyId: null, companyName: null }),
    ]));
    const andes = await listAs(root, `?company=${companyA}`);
    expect(andes.every((k) => k.companyId === companyA)).toBe(true);
    expect(andes.map((k) => k.id)).toContain(companyKey.key.id);
    expect((await listAs(root, '?company=platform')).map((k) => k.id)).toEqual([platformKey.key.id]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/api-keys?company=otra', headers: as(root) })).statusCode).toBe(400);

    // The company's only HR admin is demoted: level 1 confirms the key, and it rests on level 1 now.
    await setLevel(hrA.id, 3);
    expect((await assignWith(companyKey.secret)).json()).toEqual(SUSPENDED);
    const confirmed = await confirmAs(root, companyKey.key.id);
    expect(confirmed.json()).toMatchObject({ status: 'active', responsibleName: 'root' });
    expect((await assignWith(companyKey.secret)).statusCode).toBe(200);

    const revoked = await revokeAs(root, bosqueKey.key.id);
    expect(revoked.json()).toMatchObject({ id: bosqueKey.key.id, status: 'revoked' });
    const refused = await ctx.app.inject({ method: 'GET', url: '/api/company/users', headers: { authorization: `Bearer ${bosqueKey.secret}` } });
    expect(refused.json().error.code).toBe('API_KEY_INVALID');
  });

  it('an employee and a provider reach none of the key routes; a key cannot confirm a key', async () => {
    const hrA = await newHr(companyA, 'Dueña');
    const { key, secret } = await createKey(hrA.cookie, 'Ajena');
    for (const cookie of [employeeCookie, providerCookie]) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/api-keys', headers: as(cookie) })).statusCode).toBe(403);
      expect((await confirmAs(cookie, key.id)).statusCode).toBe(403);
      expect((await revokeAs(cookie, key.id)).statusCode).toBe(403);
    }
    const byKey = await ctx.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/confirm`, headers: { authorization: `Bearer ${secret}` } });
    expect(byKey.json().error.code).toBe('API_KEY_SCOPE_MISSING');
    expect((await ctx.app.inject({ method: 'POST', url: `/api/api-keys/${key.id}/confirm` })).statusCode).toBe(401);
  });
});
