/**
 * Level 1's CSV exports (decision 272): every account, level 1's requests, every token movement and the
 * redemptions by provider and month — the same format as HR's (BOM, ';', CRLF, dd/mm/yyyy hh:mm in
 * Santiago), level 1 only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { benefitCodes, users } from '#server/db/schema';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { counterWorld, employee, getter, poster, type EmployeeSession } from '../economy/ledger-fixtures';

let ctx: TestContext;
let get: ReturnType<typeof getter>;
let admin: EmployeeSession;
let others: EmployeeSession[];
let world: Awaited<ReturnType<typeof counterWorld>>;
const codes: string[] = [];

const URLS = ['/api/admin/users/export', '/api/admin/requests/export', '/api/admin/tokens/history/export', '/api/admin/redemptions/by-provider/export'];

beforeAll(async () => {
  ctx = await createTestContext();
  get = getter(ctx);
  const post = poster(ctx);
  world = await counterWorld(ctx);
  await ctx.db.update(users).set({ name: 'Café Central' }).where(eq(users.id, world.cafe.id));
  await ctx.db.update(users).set({ name: 'Ana Rojas' }).where(eq(users.id, world.ana.id));
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  const austral = await createCompany(ctx.db, 'Austral');
  others = [await employee(ctx, 'rrhh@andes.cl', world.companyId, 2), world.ana, world.cafe, await employee(ctx, 'rrhh@austral.cl', austral, 2)];
  // Three codes at the café: two in February, one in March (Santiago); one at the cinema in March.
  for (const [benefitId, by, usedAt] of [
    [world.lunch.id, world.cafe, '2026-02-10T15:00:00Z'],
    [world.lunchOfCafe.id, world.cafe, '2026-02-20T15:00:00Z'],
    [world.lunch.id, world.cafe, '2026-03-05T15:00:00Z'],
    [world.lunch.id, world.cinema, '2026-03-06T15:00:00Z'],
  ] as const) {
    const code = (await post('/api/redemptions', world.ana.cookie, { kind: 'platform', benefitId })).json().code.code as string;
    expect((await post('/api/codes/verify', by.cookie, { code })).statusCode).toBe(200);
    await ctx.db.update(benefitCodes).set({ usedAt: new Date(usedAt) }).where(eq(benefitCodes.code, code));
    codes.push(code);
  }
});
afterAll(async () => ctx.close());

async function csv(url: string, filename: string): Promise<string[][]> {
  const res = await get(url, admin.cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${filename}"`);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  expect(res.body).toContain('\r\n');
  return parse(res.body, { delimiter: ';', bom: true }) as string[][];
}

describe("level 1's exports", () => {
  it('users: every account with its level and company', async () => {
    const [header, ...rows] = await csv('/api/admin/users/export', 'usuarios.csv');
    expect(header).toEqual(['Nombre', 'Correo', 'Nivel', 'Empresa', 'Estado', 'Fecha de registro']);
    expect(rows.find((r) => r[1] === 'ana@andes.cl')).toEqual(['Ana Rojas', 'ana@andes.cl', 'Colaborador', 'Andes', 'Activo', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)]);
    expect(rows.find((r) => r[1] === 'cafe@jobby.sup')?.slice(2, 4)).toEqual(['Proveedor', 'Sin empresa']);
    expect(rows.map((r) => r[1])).toEqual(expect.arrayContaining(['root@jobby.cl', 'rrhh@austral.cl', 'cine@jobby.sup']));
  });

  it('requests: the platform requests, newest first, with status and code', async () => {
    const [header, ...rows] = await csv('/api/admin/requests/export', 'solicitudes.csv');
    expect(header).toEqual(['Fecha', 'Colaborador', 'Correo', 'Empresa', 'Beneficio', 'Origen', 'Tokens', 'Estado', 'Procesada', 'Código']);
    expect(rows).toHaveLength(4);
    expect(rows.map((r) => r[9]).sort()).toEqual([...codes].sort());
    expect(rows.find((r) => r[9] === codes[1])).toEqual([
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      'Ana Rojas',
      'ana@andes.cl',
      'Andes',
      'Café de especialidad',
      'Jobby',
      '1',
      'Aprobada',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/),
      codes[1],
    ]);
  });

  it('token movements: both token types of every wallet, newest first', async () => {
    const [header, ...rows] = await csv('/api/admin/tokens/history/export', 'movimientos-tokens.csv');
    expect(header).toEqual(['Fecha', 'Colaborador', 'Correo', 'Tokens', 'Tipo', 'Cantidad', 'Motivo', 'Por', 'Saldo anterior', 'Saldo posterior']);
    // Ana: a grant of each type, then four spends of flexible tokens.
    expect(rows).toHaveLength(6);
    expect(rows.map((r) => [r[3], r[4], r[5]])).toEqual(
      expect.arrayContaining([
        ['Flexibles', 'Añadido', '100'],
        ['Empresa', 'Añadido', '100'],
        ['Flexibles', 'Usado', '1'],
      ]),
    );
    expect(rows.filter((r) => r[4] === 'Usado').map((r) => r[9]).sort()).toEqual(['96', '97', '98', '99']);
  });

  it('redemptions by provider and month: counted per Santiago month, newest month first', async () => {
    const [header, ...rows] = await csv('/api/admin/redemptions/by-provider/export', 'canjes-por-proveedor.csv');
    expect(header).toEqual(['Mes', 'Proveedor', 'Correo', 'Códigos canjeados', 'De beneficios Jobby', 'De beneficios de empresa', 'Tokens']);
    expect(rows).toEqual([
      ['marzo 2026', 'Café Central', 'cafe@jobby.sup', '1', '1', '0', '1'],
      ['marzo 2026', 'cine', 'cine@jobby.sup', '1', '1', '0', '1'],
      ['febrero 2026', 'Café Central', 'cafe@jobby.sup', '2', '2', '0', '2'],
    ]);
  });

  it('is for level 1 only: 401 signed out, 403 to HR (any company), employees and providers', async () => {
    for (const url of URLS) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const who of others) expect((await get(url, who.cookie)).statusCode, `${who.email} ${url}`).toBe(403);
    }
  });
});
