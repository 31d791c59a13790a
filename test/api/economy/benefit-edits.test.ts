/**
 * Edits change only what they name (finding 1): a benefit PATCH that leaves a field out
 * keeps that column, `null` clears a nullable one, and no create default comes back on an edit.
 * Each field is left out in turn and the whole row is compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companyBenefits, platformBenefits } from '#server/db/schema';
import { as, createCompany, createTestContext, type TestContext } from '../../support/app';
import { employee, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let admin: EmployeeSession;
let hr: EmployeeSession;
let cine: EmployeeSession;
let cafe: EmployeeSession;

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  const company = await createCompany(ctx.db, 'Andes');
  admin = await employee(ctx, 'root@jobby.cl', null, 1);
  hr = await employee(ctx, 'admin@andes.cl', company, 2);
  cine = await employee(ctx, 'cine@jobby.sup', null, 4);
  cafe = await employee(ctx, 'cafe@jobby.sup', null, 4);
});
afterAll(async () => ctx.close());

function patch(url: string, cookie: string, payload: object) {
  return ctx.app.inject({ method: 'PATCH', url, headers: as(cookie), payload });
}

const platformRow = async (id: string) => (await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.id, id)))[0];
const companyRow = async (id: string) => (await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.id, id)))[0];
/** A row without the edit's own timestamp, which every accepted edit moves. */
const withoutEditTime = <T extends { updatedAt: Date }>(row: T) => ({ ...row, updatedAt: undefined });

describe('platform benefit edits (PATCH)', () => {
  // Every field, with a non-default value on creation and another value to edit to.
  const original = {
    title: 'Cine 2x1',
    description: 'Dos entradas',
    type: 'managed',
    value: '2 entradas',
    providerName: 'Cine Estrella',
    category: 'experiencias',
    image: 'https://example.test/cine.png',
    isHighlighted: true,
    tokenCost: 7,
    stock: 40,
  };
  const edited = {
    title: 'Cine 3x2',
    description: 'Tres entradas',
    type: 'third_party',
    value: '3 entradas',
    providerName: 'Café Central',
    category: 'comidas',
    image: 'https://example.test/cafe.png',
    isHighlighted: false,
    tokenCost: 3,
    stock: 12,
  };
  const column: Record<string, keyof typeof platformBenefits.$inferSelect> = { stock: 'stockRemaining' };

  it('keeps every field that is left out, one field at a time, and changes the others', async () => {
    const created = await post('/api/platform-benefits', admin.cookie, { ...original, providerUserId: cine.id });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    const originalRow = await platformRow(id);
    expect(originalRow).toMatchObject({ tokenCost: 7, stockRemaining: 40, isHighlighted: true, providerUserId: cine.id });
    const fields = { ...edited, providerUserId: cafe.id };
    expect((await patch(`/api/platform-benefits/${id}`, admin.cookie, fields)).statusCode).toBe(200);
    const editedRow = await platformRow(id);

    for (const field of Object.keys(fields) as Array<keyof typeof fields>) {
      expect((await patch(`/api/platform-benefits/${id}`, admin.cookie, { ...original, providerUserId: cine.id })).statusCode).toBe(200);
      const { [field]: _left, ...rest } = fields;
      const res = await patch(`/api/platform-benefits/${id}`, admin.cookie, rest);
      expect(res.statusCode, field).toBe(200);
      const name = column[field] ?? field;
      expect(withoutEditTime(await platformRow(id)), field).toEqual(withoutEditTime({ ...editedRow, [name]: originalRow[name as keyof typeof originalRow] }));
    }
  });

  it('an edit naming only the title keeps price, highlight, stock and provider (the reported reset)', async () => {
    const { id } = (await post('/api/platform-benefits', admin.cookie, { ...original, providerUserId: cine.id })).json();
    await ctx.db.update(platformBenefits).set({ stockRemaining: 3 }).where(eq(platformBenefits.id, id));
    const before = await platformRow(id);
    const res = await patch(`/api/platform-benefits/${id}`, admin.cookie, { title: 'Cine 2x1 (noche)', description: 'Dos entradas', type: 'managed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tokenCost: 7, isHighlighted: true, stockRemaining: 3, providerUserId: cine.id });
    expect(withoutEditTime(await platformRow(id))).toEqual(withoutEditTime({ ...before, title: 'Cine 2x1 (noche)' }));
  });

  it('null clears a nullable field and nothing else; an empty edit changes nothing', async () => {
    const { id } = (await post('/api/platform-benefits', admin.cookie, { ...original, providerUserId: cine.id })).json();
    const before = await platformRow(id);
    expect((await patch(`/api/platform-benefits/${id}`, admin.cookie, {})).statusCode).toBe(200);
    expect(withoutEditTime(await platformRow(id))).toEqual(withoutEditTime(before));
    const res = await patch(`/api/platform-benefits/${id}`, admin.cookie, { value: null, category: null, providerUserId: null });
    expect(res.statusCode).toBe(200);
    expect(withoutEditTime(await platformRow(id))).toEqual(withoutEditTime({ ...before, value: null, category: null, providerUserId: null }));
  });

  it('refuses null for a required field and leaves the row as it was', async () => {
    const { id } = (await post('/api/platform-benefits', admin.cookie, original)).json();
    const before = await platformRow(id);
    for (const body of [{ title: null }, { tokenCost: null }, { isHighlighted: null }]) {
      const res = await patch(`/api/platform-benefits/${id}`, admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await platformRow(id)).toEqual(before);
  });
});

describe('company benefit edits (PATCH)', () => {
  const original = {
    title: 'Tarde libre',
    description: 'Sal a las 15:00',
    category: 'experiencias',
    image: 'https://example.test/tarde.png',
    tokenCost: 4,
    availableTokens: 25,
    limitPerUser: 3,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    requiresApproval: true,
  };
  const edited = {
    title: 'Mañana libre',
    description: 'Entra a las 12:00',
    category: 'regalos',
    image: 'https://example.test/manana.png',
    tokenCost: 2,
    availableTokens: 8,
    limitPerUser: 5,
    startDate: '2026-02-01',
    endDate: '2026-11-30',
    requiresApproval: false,
  };

  it('keeps every field that is left out, one field at a time, and changes the others', async () => {
    const created = await post('/api/company-benefits', hr.cookie, original);
    expect(created.statusCode).toBe(200);
    const id = created.json().id as string;
    const originalRow = await companyRow(id);
    expect(originalRow).toMatchObject({ tokenCost: 4, availableTokens: 25, limitPerUser: 3, requiresApproval: true });
    expect((await patch(`/api/company-benefits/${id}`, hr.cookie, edited)).statusCode).toBe(200);
    const editedRow = await companyRow(id);

    for (const field of Object.keys(edited) as Array<keyof typeof edited>) {
      expect((await patch(`/api/company-benefits/${id}`, hr.cookie, original)).statusCode).toBe(200);
      const { [field]: _left, ...rest } = edited;
      const res = await patch(`/api/company-benefits/${id}`, hr.cookie, rest);
      expect(res.statusCode, field).toBe(200);
      expect(withoutEditTime(await companyRow(id)), field).toEqual(withoutEditTime({ ...editedRow, [field]: originalRow[field] }));
    }
  });

  it('a new title keeps a sold-out benefit sold out, its limit and its approval (the reported reset)', async () => {
    const { id } = (await post('/api/company-benefits', hr.cookie, original)).json();
    await ctx.db.update(companyBenefits).set({ availableTokens: 0 }).where(eq(companyBenefits.id, id));
    const before = await companyRow(id);
    const res = await patch(`/api/company-benefits/${id}`, hr.cookie, { title: 'Tarde libre de viernes' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ availableTokens: 0, limitPerUser: 3, requiresApproval: true, tokenCost: 4 });
    expect(withoutEditTime(await companyRow(id))).toEqual(withoutEditTime({ ...before, title: 'Tarde libre de viernes' }));
  });

  it('null clears a date; one date is checked against the other one stored', async () => {
    const { id } = (await post('/api/company-benefits', hr.cookie, original)).json();
    const before = await companyRow(id);
    const cleared = await patch(`/api/company-benefits/${id}`, hr.cookie, { startDate: null });
    expect(cleared.statusCode).toBe(200);
    expect(withoutEditTime(await companyRow(id))).toEqual(withoutEditTime({ ...before, startDate: null }));

    const unordered = await patch(`/api/company-benefits/${id}`, hr.cookie, { startDate: '2027-01-01' });
    expect(unordered.statusCode).toBe(400);
    expect(unordered.json().error.message).toBe('La fecha de término debe ser posterior a la de inicio');
    expect((await companyRow(id)).startDate).toBeNull();
  });
});
