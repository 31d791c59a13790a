/**
 * The scanner's look-up (POST /api/codes/lookup) says what a code is for without
 * redeeming it, with verification's answers and limits; a code a provider redeemed itself says
 * when, to that provider only. Codes are issued the way employees get them (an automatic benefit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { benefitCodes, users } from '#server/db/schema';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { counterWorld, createPlatformBenefit, employee, getter, poster, type EmployeeSession } from './ledger-fixtures';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let cafe: EmployeeSession;
let cinema: EmployeeSession;
let ana: EmployeeSession;
let lunch: { id: string };
let lunchOfCafe: { id: string };
let internal: { id: string };

beforeAll(async () => {
  // A refusal limit of 6: enough for the tests that refuse, small enough to reach in one test.
  ctx = await createTestContext({ verifyAttemptsPerMinute: 6, verifySuccessesPerMinute: 600 });
  post = poster(ctx);
  get = getter(ctx);
  ({ cafe, cinema, ana, lunch, lunchOfCafe, internal } = await counterWorld(ctx));
  await ctx.db.update(users).set({ name: 'Ana Rojas Pérez' }).where(eq(users.id, ana.id));
  await ctx.db.update(users).set({ name: 'Café Central' }).where(eq(users.id, cafe.id));
});
afterAll(async () => ctx.close());

async function codeFor(kind: 'platform' | 'company', benefitId: string): Promise<string> {
  const res = await post('/api/redemptions', ana.cookie, { kind, benefitId });
  if (res.statusCode !== 200 || !res.json().code) throw new Error(`no code: ${res.body}`);
  return res.json().code.code as string;
}

const lookUp = (who: EmployeeSession, code: unknown) => post('/api/codes/lookup', who.cookie, { code });
const verify = (who: EmployeeSession, code: string) => post('/api/codes/verify', who.cookie, { code });
const statusOf = async (code: string) => (await ctx.db.select({ status: benefitCodes.status }).from(benefitCodes).where(eq(benefitCodes.code, code)))[0]?.status;

describe('looking a code up before redeeming it', () => {
  it('says what an active code is for, greets the employee by first name, and leaves the code active', async () => {
    const code = await codeFor('platform', lunchOfCafe.id);
    const res = await lookUp(cafe, ` ${code.slice(0, 4).toLowerCase()}-${code.slice(4)} `);
    expect(res.statusCode).toBe(200);
    const [row] = await ctx.db.select({ expiresAt: benefitCodes.expiresAt }).from(benefitCodes).where(eq(benefitCodes.code, code));
    expect(res.json()).toEqual({ code, benefitName: 'Café de especialidad', isBenefitJobby: true, firstName: 'Ana', expiresAt: row.expiresAt.toISOString(), status: 'active', usedAt: null });
    expect(res.body).not.toContain('Rojas');
    expect(await statusOf(code)).toBe('active');
    // Looking it up twice changes nothing either; the confirmation redeems it once.
    expect((await lookUp(cafe, code)).statusCode).toBe(200);
    expect((await verify(cafe, code)).statusCode).toBe(200);
    expect(await statusOf(code)).toBe('used');
  });

  it('tells the provider that redeemed a code when it did, and another provider only the spec message', async () => {
    const code = await codeFor('platform', lunch.id);
    const used = await verify(cafe, code);
    expect(used.statusCode).toBe(200);
    const mine = await lookUp(cafe, code);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ code, status: 'used', usedAt: used.json().usedAt, firstName: 'Ana' });
    const theirs = await lookUp(cinema, code);
    expect(theirs.statusCode).toBe(409);
    expect(theirs.json()).toEqual({ error: { code: 'CODE_USED_OR_INACTIVE', message: 'El token ya ha sido utilizado o ha expirado' } });
    // A second verification by the same provider is refused as before: one code, one redemption.
    expect((await verify(cafe, code)).json()).toEqual(theirs.json());
  });

  it("answers another provider's code and a company code as unknown, naming nobody", async () => {
    const ofCafe = await codeFor('platform', lunchOfCafe.id);
    const ofCompany = await codeFor('company', internal.id);
    for (const [who, code] of [[cinema, ofCafe], [cafe, ofCompany], [cinema, ofCompany]] as const) {
      const res = await lookUp(who, code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } });
      expect(res.body).not.toContain('Ana');
    }
    expect(await statusOf(ofCafe)).toBe('active');
  });

  it('refuses an expired code, an unknown code and a blank one with the spec messages', async () => {
    const code = await codeFor('platform', lunch.id);
    await ctx.db.update(benefitCodes).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(benefitCodes.code, code));
    const expired = await lookUp(cafe, code);
    expect([expired.statusCode, expired.json()]).toEqual([409, { error: { code: 'CODE_EXPIRED', message: 'El token ha expirado' } }]);
    const unknown = await lookUp(cafe, 'ZZZZ9999');
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'Token no encontrado']);
    const blank = await lookUp(cafe, '   ');
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, 'Por favor, ingresa un código de token']);
  });

  it('counts refused look-ups and verifications against one limit, and not the codes it finds', async () => {
    const guesser = await employee(ctx, 'adivina@jobby.sup', null, 4);
    const real = await codeFor('platform', lunch.id);
    const statuses: number[] = [];
    // 20 refusals over at most three minute windows: one window holds more than 6 (pigeonhole).
    for (let i = 0; i < 20; i++) {
      const guess = `ZZZZ${String(i).padStart(4, '0')}`;
      statuses.push((i % 2 === 0 ? await lookUp(guesser, guess) : await verify(guesser, guess)).statusCode);
    }
    expect(statuses.slice(0, 6)).toEqual(Array(6).fill(404));
    expect(statuses).toContain(429);
    expect(statuses.every((s) => s === 404 || s === 429)).toBe(true);
    // Real look-ups are taken back: a till looking up many real codes is never locked out by them.
    const till = await employee(ctx, 'caja@jobby.sup', null, 4);
    const found: number[] = [];
    for (let i = 0; i < 10; i++) found.push((await lookUp(till, real)).statusCode);
    expect(found).toEqual(Array(10).fill(200));
  });
});

describe("HR looks up its company's own codes before redeeming them (decision 362)", () => {
  it('shows what the code is for without using it, then says when this HR redeemed it', async () => {
    const andes = (await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ana.id)))[0].companyId;
    const hr = await employee(ctx, 'rrhh@andes.cl', andes, 2);
    const code = await codeFor('company', internal.id);
    const res = await lookUp(hr, code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code, benefitName: 'Almuerzo con el equipo', isBenefitJobby: false, firstName: 'Ana', status: 'active', usedAt: null });
    expect(await statusOf(code)).toBe('active');
    const used = await verify(hr, code);
    expect(used.statusCode).toBe(200);
    expect((await lookUp(hr, code)).json()).toMatchObject({ code, status: 'used', usedAt: used.json().usedAt });
    // Another HR of the same company did not redeem it: only the spec's message, no when.
    const colleague = await employee(ctx, 'rrhh2@andes.cl', andes, 2);
    const theirs = await lookUp(colleague, code);
    expect([theirs.statusCode, theirs.json()]).toEqual([409, { error: { code: 'CODE_USED_OR_INACTIVE', message: 'El token ya ha sido utilizado o ha expirado' } }]);
  });

  it("answers another company's code and a provider's code as unknown to HR, and refuses levels 1 and 3", async () => {
    const otherCompany = await createCompany(ctx.db, 'Otra');
    const otherHr = await employee(ctx, 'rrhh@otra.cl', otherCompany, 2);
    const andes = (await ctx.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, ana.id)))[0].companyId;
    const hr = await employee(ctx, 'rrhh3@andes.cl', andes, 2);
    const ofCompany = await codeFor('company', internal.id);
    const ofCafe = await codeFor('platform', lunchOfCafe.id);
    const ofPlatform = await codeFor('platform', lunch.id);
    for (const [who, code] of [[otherHr, ofCompany], [hr, ofCafe], [hr, ofPlatform]] as const) {
      const res = await lookUp(who, code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } });
      expect(res.body).not.toContain('Ana');
    }
    const admin = await employee(ctx, 'admin@jobby.cl', null, 1);
    for (const who of [admin, ana]) expect((await lookUp(who, ofCompany)).statusCode).toBe(403);
    expect([await statusOf(ofCompany), await statusOf(ofCafe), await statusOf(ofPlatform)]).toEqual(['active', 'active', 'active']);
  });
});

describe("an employee's code says where to use it", () => {
  it('names the provider account, else the benefit\'s provider, and none for a company\'s own benefit; in the requests and the dashboard', async () => {
    await ctx.db.update(users).set({ providerAddress: 'Av. Providencia 1234, Santiago', providerInstructions: 'Pide en caja' }).where(eq(users.id, cafe.id));
    const books = await createPlatformBenefit(ctx.db, { title: 'Libro', type: 'automatic', tokenCost: 1, providerName: 'Librería Antártica' });
    const codes = { cafe: await codeFor('platform', lunchOfCafe.id), books: await codeFor('platform', books.id), internal: await codeFor('company', internal.id) };
    type Place = { providerName: string | null; providerAddress: string | null; providerInstructions: string | null };
    const mine = (await get('/api/requests/mine?limit=50', ana.cookie)).json().items as Array<{ code: ({ code: string } & Place) | null }>;
    const where = (code: string) => {
      const found = mine.find((r) => r.code?.code === code)?.code;
      return found && [found.providerName, found.providerAddress, found.providerInstructions];
    };
    // The address and instructions are the provider account's: a free-text provider name has none.
    expect([where(codes.cafe), where(codes.books), where(codes.internal)]).toEqual([
      ['Café Central', 'Av. Providencia 1234, Santiago', 'Pide en caja'],
      ['Librería Antártica', null, null],
      [null, null, null],
    ]);
    const dashboard = (await get('/api/me/dashboard', ana.cookie)).json();
    expect(dashboard.activeCodes).toEqual([
      { code: codes.internal, benefitName: 'Almuerzo con el equipo', isBenefitJobby: false, expiresAt: expect.any(String), providerName: null, providerAddress: null, providerInstructions: null, instructions: null },
      { code: codes.books, benefitName: 'Libro', isBenefitJobby: true, expiresAt: expect.any(String), providerName: 'Librería Antártica', providerAddress: null, providerInstructions: null, instructions: null },
      {
        code: codes.cafe,
        benefitName: 'Café de especialidad',
        isBenefitJobby: true,
        expiresAt: expect.any(String),
        providerName: 'Café Central',
        providerAddress: 'Av. Providencia 1234, Santiago',
        providerInstructions: 'Pide en caja',
        instructions: null,
      },
    ]);
    // Another employee of the same company sees none of Ana's codes.
    const other = await employee(ctx, 'beto@andes.cl', (await ctx.db.select({ c: users.companyId }).from(users).where(eq(users.id, ana.id)))[0].c, 3);
    expect((await get('/api/me/dashboard', other.cookie)).json().activeCodes).toEqual([]);
    expect((await get('/api/requests/mine', other.cookie)).json().items).toEqual([]);
  });
});
