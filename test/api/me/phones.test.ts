/**
 * One phone rule for every path that sets a phone: E.164 with Chile as the default
 * country, unique across the platform (the index users_phone_key, not only a look-up), and a refusal
 * that does not say which company holds the number.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, userRow, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';

let ctx: TestContext;
let camila = '';
let sofia = '';
const cookie = { camila: '', sofia: '', diego: '', hrAustral: '' };

beforeAll(async () => {
  ctx = await createTestContext();
  const andes = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const austral = await createCompany(ctx.db, 'Austral', { emailDomain: 'austral.cl' });
  camila = await createUser(ctx.db, { email: 'camila@andes.cl', companyId: andes, name: 'Camila Rojas' });
  await createUser(ctx.db, { email: 'diego@andes.cl', companyId: andes, name: 'Diego Soto' });
  sofia = await createUser(ctx.db, { email: 'sofia@austral.cl', companyId: austral, name: 'Sofía Muñoz' });
  await createUser(ctx.db, { email: 'admin@austral.cl', level: 2, companyId: austral });
  cookie.camila = await signIn(ctx.app, 'camila@andes.cl');
  cookie.sofia = await signIn(ctx.app, 'sofia@austral.cl');
  cookie.diego = await signIn(ctx.app, 'diego@andes.cl');
  cookie.hrAustral = await signIn(ctx.app, 'admin@austral.cl');
});
afterAll(async () => ctx.close());

const saveProfile = (who: string, name: string, phone: string | null) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/me', headers: as(who), payload: { name, phone } });

describe('phones', () => {
  it('stores "+56 9 1234 5678" as E.164, and "912345678" is the same number', async () => {
    const res = await saveProfile(cookie.camila, 'Camila Rojas', '+56 9 1234 5678');
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('+56912345678');
    expect((await userRow(ctx.db, camila)).phone).toBe('+56912345678');

    const same = await saveProfile(cookie.sofia, 'Sofía Muñoz', '912345678');
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('PHONE_IN_USE');
  });

  it("refuses Sofía (Austral) Camila's (Andes) number, without naming Camila's company, and Camila keeps it", async () => {
    const res = await saveProfile(cookie.sofia, 'Sofía Muñoz', '+56912345678');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'PHONE_IN_USE', message: 'Ese número ya está registrado para otro colaborador' });
    expect(res.body).not.toMatch(/andes|camila/i);
    expect((await userRow(ctx.db, sofia)).phone).toBeNull();
    expect((await userRow(ctx.db, camila)).phone).toBe('+56912345678');
  });

  it("refuses the same number on HR's phone route, whatever its spelling", async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/bot/employees/${sofia}/phone`, headers: as(cookie.hrAustral), payload: { phone: '9 1234 5678' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('PHONE_IN_USE');
  });

  it('lets a person save their own number again', async () => {
    const res = await saveProfile(cookie.camila, 'Camila R.', '+56 (9) 1234-5678');
    expect(res.statusCode).toBe(200);
    expect(res.json().phone).toBe('+56912345678');
  });

  it('refuses an invalid number with a Spanish message', async () => {
    for (const phone of ['12345', 'llámame', '+56 9 1234']) {
      const res = await saveProfile(cookie.sofia, 'Sofía Muñoz', phone);
      expect(res.statusCode, phone).toBe(400);
      expect(res.body).toContain('El número no es válido: usa el formato internacional, por ejemplo +56 9 1234 5678');
    }
    expect((await userRow(ctx.db, sofia)).phone).toBeNull();
  });

  raceTest('gives a number claimed by two people at once to one of them: one 200, one 409', async () => {
    const [a, b] = await Promise.all([saveProfile(cookie.sofia, 'Sofía Muñoz', '+56 9 5555 0001'), saveProfile(cookie.diego, 'Diego Soto', '955550001')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().error.code).toBe('PHONE_IN_USE');
    const holders = await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, '+56955550001'));
    expect(holders).toHaveLength(1);
  });

  it('has the database refuse a second holder even when the look-up is skipped', async () => {
    await expect(ctx.db.update(users).set({ phone: '+56912345678' }).where(eq(users.id, sofia))).rejects.toThrow();
  });
});

describe('the migration that made phones unique', () => {
  it('brings stored numbers to E.164, clears what is no number, and leaves a shared number to the older account', async () => {
    const folder = path.join(import.meta.dirname, '../../../src/server/db/migrations');
    const file = readdirSync(folder).find((name) => name.endsWith('_users_phone_unique.sql'));
    const statements = readFileSync(path.join(folder, file!), 'utf8').split('--> statement-breakpoint');
    const company = await createCompany(ctx.db, 'Migración');
    const made = async (email: string, phone: string, createdAt: string) => {
      const id = await createUser(ctx.db, { email, companyId: company });
      await ctx.db.update(users).set({ phone: null, createdAt: new Date(createdAt) }).where(eq(users.id, id));
      return { id, phone };
    };
    const rows = [
      await made('m1@migracion.cl', '+56 9 8888 7777', '2026-01-01T00:00:00Z'),
      await made('m2@migracion.cl', '988887777', '2026-01-02T00:00:00Z'),
      await made('m3@migracion.cl', '0056 2 2345 6789', '2026-01-03T00:00:00Z'),
      await made('m4@migracion.cl', 'sin teléfono', '2026-01-04T00:00:00Z'),
      await made('m5@migracion.cl', '56 9 7777 6666', '2026-01-05T00:00:00Z'),
    ];
    // A migration's DDL: the owner's (decision 378).
    await ctx.owner.execute(sql`DROP INDEX users_phone_key`);
    await ctx.owner.execute(sql`CREATE INDEX users_phone_digits_idx ON users (phone)`);
    for (const row of rows) await ctx.db.update(users).set({ phone: row.phone }).where(eq(users.id, row.id));
    for (const statement of statements) await ctx.owner.execute(sql.raw(statement));
    const phones = await Promise.all(rows.map(async (row) => (await userRow(ctx.db, row.id)).phone));
    expect(phones).toEqual(['+56988887777', null, '+56223456789', null, '+56977776666']);
    await expect(ctx.db.update(users).set({ phone: '+56988887777' }).where(eq(users.id, rows[1].id))).rejects.toThrow();
  });
});
