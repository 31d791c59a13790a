/**
 * HR's CSV exports: UTF-8 with BOM, ';' separated, dates dd/mm/yyyy hh:mm in Santiago, level
 * 2 only, scoped to the company; the files parse back to exactly the rows in the database, across
 * several read batches (rows sharing one timestamp included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { formatDateTime } from '#domain/dates';
import { IMPORT_HEADERS, IMPORT_TEMPLATE_CSV, parseCsv, sheetToImportRows } from '#domain/employee-import';
import { ledgerAccounts, ledgerTransfers, users } from '#server/db/schema';
import { EXPORT_BATCH_SIZE } from '#server/modules/exports/service';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';
import { fund } from '../economy/ledger-fixtures';

let ctx: TestContext;
let andesId = '';
let hr = '';
let otherHr = '';
let employee = '';

const get = (cookie: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });

beforeAll(async () => {
  ctx = await createTestContext();
  andesId = await createCompany(ctx.db, 'Andes', { emailDomain: 'andes.cl' });
  const otraId = await createCompany(ctx.db, 'Otra', { emailDomain: 'otra.cl' });
  await createUser(ctx.db, { email: 'admin@andes.cl', level: 2, companyId: andesId });
  await createUser(ctx.db, { email: 'admin@otra.cl', level: 2, companyId: otraId });
  const anaId = await createUser(ctx.db, { email: 'ana@andes.cl', level: 3, companyId: andesId, name: 'Ana Núñez; "la jefa"' });
  await ctx.db.update(users).set({ phone: '+56912345678' }).where(eq(users.id, anaId));
  await createUser(ctx.db, { email: 'formula@andes.cl', level: 3, companyId: andesId, name: '=HYPERLINK("http://x")', status: 'inactive', userType: 'B' });
  const ottoId = await createUser(ctx.db, { email: 'otto@otra.cl', level: 3, companyId: otraId });
  // More employees than one read batch, half of them sharing one creation instant.
  const sameInstant = new Date('2026-03-01T12:00:00Z');
  await ctx.db.insert(users).values(
    Array.from({ length: EXPORT_BATCH_SIZE + 50 }, (_, i) => ({
      id: randomUUID(),
      name: `Persona ${i} Ñandú`,
      email: `persona${i}@andes.cl`,
      emailVerified: true,
      level: 3,
      companyId: andesId,
      createdAt: i % 2 ? sameInstant : new Date(sameInstant.getTime() - i * 60_000),
    })),
  );
  await fund(ctx.db, { userId: anaId, companyId: andesId }, 'company', 5);
  await fund(ctx.db, { userId: ottoId, companyId: otraId }, 'company', 5);
  // More history than one batch: copies of Ana's grant, many at one instant.
  const [grant] = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.walletUserId, anaId));
  const { id: _id, ...copy } = grant;
  await ctx.db.insert(ledgerTransfers).values(Array.from({ length: EXPORT_BATCH_SIZE + 20 }, (_, i) => ({ ...copy, reason: `Bono ${i}`, amount: i + 1, createdAt: i % 3 ? grant.createdAt : new Date(grant.createdAt.getTime() - i * 1000) })));
  hr = await signIn(ctx.app, 'admin@andes.cl');
  otherHr = await signIn(ctx.app, 'admin@otra.cl');
  employee = await signIn(ctx.app, 'ana@andes.cl');
  expect(await ctx.db.$count(ledgerAccounts)).toBeGreaterThan(0);
});
afterAll(async () => ctx.close());

function parsed(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body, { delimiter: ';', bom: true }) as string[][];
}

describe('the users export', () => {
  it('is a BOM-prefixed, ;-separated CSV of exactly the company employees, newest first', async () => {
    const res = await get(hr, '/api/company/users/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="usuarios.csv"');
    const [header, ...rows] = parsed(res.body);
    expect(header).toEqual(['Nombre', 'Correo', 'Teléfono', 'Fecha de registro', 'Estado', 'Tipo', 'Encuesta']);
    const expected = await ctx.db
      .select()
      .from(users)
      .where(and(eq(users.companyId, andesId), eq(users.level, 3)))
      .orderBy(desc(users.createdAt), desc(users.id));
    expect(rows).toEqual(
      expected.map((u) => [
        u.name.startsWith('=') ? `'${u.name}` : u.name,
        u.email,
        // E.164 begins with '+': the formula guard's apostrophe comes first.
        u.phone ? `'${u.phone}` : '',
        formatDateTime(u.createdAt),
        u.status === 'inactive' ? 'Inactivo' : 'Activo',
        u.userType,
        u.surveyCompleted ? 'Completada' : 'Pendiente',
      ]),
    );
    expect(rows.length).toBe(EXPORT_BATCH_SIZE + 52);
    expect(rows.map((r) => r[1])).not.toContain('otto@otra.cl');
    expect(rows.find((r) => r[1] === 'ana@andes.cl')?.[0]).toBe('Ana Núñez; "la jefa"');
    expect(rows.find((r) => r[1] === 'ana@andes.cl')?.[2]).toBe("'+56912345678");
    expect(rows[0][3]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('has every column of the import and its template, so the file comes back in through the import as it is: nobody new', async () => {
    const body = (await get(hr, '/api/company/users/export')).body;
    const exportHeader = parseCsv(body)[0];
    const templateHeader = parseCsv(IMPORT_TEMPLATE_CSV)[0];
    expect(templateHeader).toEqual(Object.values(IMPORT_HEADERS));
    // The template's columns, in the template's order, are the export's (which adds its own facts).
    expect(exportHeader.filter((h) => templateHeader.includes(h))).toEqual(templateHeader);

    const read = sheetToImportRows(parseCsv(body));
    if ('error' in read) throw new Error(read.error);
    expect(read.rows.find((r) => r.email === 'ana@andes.cl')).toMatchObject({ name: 'Ana Núñez; "la jefa"', phone: '+56912345678', userType: 'A' });
    expect(read.rows.find((r) => r.email === 'formula@andes.cl')).toMatchObject({ name: '=HYPERLINK("http://x")', userType: 'B' });
    const preview = await ctx.app.inject({ method: 'POST', url: '/api/company/users/import/preview', headers: as(hr), payload: { rows: read.rows } });
    expect(preview.statusCode).toBe(200);
    const judged = preview.json() as { create: unknown[]; existing: unknown[]; invalid: unknown[] };
    expect({ create: judged.create.length, existing: judged.existing.length, invalid: judged.invalid }).toEqual({ create: 0, existing: read.rows.length, invalid: [] });
  });
});

describe('the token history export', () => {
  it('parses back to the company history entries, newest first, and nothing of another company', async () => {
    const res = await get(hr, '/api/company/tokens/history/export');
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parsed(res.body);
    expect(header).toEqual(['Fecha', 'Colaborador', 'Correo', 'Tipo', 'Cantidad', 'Motivo', 'Por', 'Saldo anterior', 'Saldo posterior']);
    const expected = await ctx.db
      .select({ t: ledgerTransfers, name: users.name, email: users.email })
      .from(ledgerTransfers)
      .leftJoin(users, eq(users.id, ledgerTransfers.walletUserId))
      .where(and(eq(ledgerTransfers.walletCompanyId, andesId), isNotNull(ledgerTransfers.walletUserId)))
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id));
    expect(rows).toEqual(
      expected.map(({ t, name, email }) => [
        formatDateTime(t.createdAt),
        name ?? '',
        email ?? '',
        'Añadido',
        String(t.amount),
        t.reason ?? '',
        t.actorName ?? 'Sistema',
        String(t.balanceBefore ?? 0),
        String(t.balanceAfter ?? 0),
      ]),
    );
    expect(rows.length).toBe(EXPORT_BATCH_SIZE + 21);
    expect((await get(otherHr, '/api/company/tokens/history/export')).body.split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('is for level 2 only', async () => {
    for (const url of ['/api/company/users/export', '/api/company/tokens/history/export']) {
      expect((await get(employee, url)).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
