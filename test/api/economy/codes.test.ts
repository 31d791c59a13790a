/**
 * A provider verifies and redeems codes (spec part 2 §4, §5, §8) and sees its history (spec part 2 §2, §9).
 * Codes are issued the way employees get them: an automatic benefit redeemed through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { benefitCodes, idempotencyKeys, users } from '#server/db/schema';
import { verifyCode } from '#server/modules/codes/verify';
import { createCompany, createTestContext, type TestContext } from '../../support/app';
import { counterWorld, createCompanyBenefit, employee, getter, poster, type EmployeeSession } from './ledger-fixtures';
import { actorFromDb } from './service-actors';

let ctx: TestContext;
let post: ReturnType<typeof poster>;
let get: ReturnType<typeof getter>;
let companyId: string;
let cafe: EmployeeSession;
let cinema: EmployeeSession;
let ana: EmployeeSession;
let lunch: { id: string };
let lunchOfCafe: { id: string };
let internal: { id: string };

beforeAll(async () => {
  ctx = await createTestContext();
  post = poster(ctx);
  get = getter(ctx);
  ({ companyId, cafe, cinema, ana, lunch, lunchOfCafe, internal } = await counterWorld(ctx));
  await ctx.db.update(users).set({ name: 'Ana Rojas' }).where(eq(users.id, ana.id));
});
afterAll(async () => ctx.close());

/** An active code of `who`, issued by redeeming an automatic benefit through the API. */
async function codeFor(who: EmployeeSession, kind: 'platform' | 'company', benefitId: string): Promise<string> {
  const res = await post('/api/redemptions', who.cookie, { kind, benefitId });
  if (res.statusCode !== 200 || !res.json().code) throw new Error(`no code: ${res.body}`);
  return res.json().code.code as string;
}

const verify = (who: EmployeeSession, code: unknown, headers: Record<string, string> = {}) => post('/api/codes/verify', who.cookie, { code }, headers);
const codeRow = async (code: string) => (await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.code, code)))[0];

describe('verifying a code', () => {
  it('redeems an active code typed in lower case with spaces, and names the employee', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    const res = await verify(cafe, `  ${code.toLowerCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code,
      benefitName: 'Almuerzo',
      isBenefitJobby: true,
      userName: 'Ana Rojas',
      usedAt: expect.any(String),
      message: 'Token verificado y procesado correctamente',
    });
    const row = await codeRow(code);
    expect(row).toMatchObject({ status: 'used', usedBy: cafe.id });
    expect(row.usedAt?.toISOString()).toBe(res.json().usedAt);
  });

  it("answers a company benefit code naming no provider as unknown to every provider, naming nobody, and keeps it active", async () => {
    const code = await codeFor(ana, 'company', internal.id);
    for (const provider of [cafe, cinema]) {
      const res = await verify(provider, code);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } });
      expect(res.body).not.toContain('Ana');
    }
    expect(await codeRow(code)).toMatchObject({ status: 'active', usedBy: null });
  });

  it("lets the company's own HR redeem it, and answers it as unknown to another company's HR", async () => {
    const code = await codeFor(ana, 'company', internal.id);
    const other = await createCompany(ctx.db, 'Otra');
    const otherHr = await employee(ctx, 'rrhh@otra.cl', other, 2);
    const refused = await verify(otherHr, code);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: { code: 'CODE_NOT_FOUND', message: 'Token no encontrado' } });
    expect(await codeRow(code)).toMatchObject({ status: 'active' });

    const hr = await employee(ctx, 'rrhh@andes.cl', companyId, 2);
    const res = await verify(hr, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code, benefitName: 'Almuerzo con el equipo', isBenefitJobby: false, userName: 'Ana Rojas' });
    expect(await codeRow(code)).toMatchObject({ status: 'used', usedBy: hr.id });
  });

  it("answers a platform benefit code as unknown to HR (providers consume those)", async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    const hr = await employee(ctx, 'rrhh2@andes.cl', companyId, 2);
    expect((await verify(hr, code)).statusCode).toBe(404);
    expect((await verify(cinema, code)).statusCode).toBe(200);
  });

  it('refuses a used code with the spec message', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    expect((await verify(cafe, code)).statusCode).toBe(200);
    for (const provider of [cafe, cinema]) {
      const res = await verify(provider, code);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'CODE_USED_OR_INACTIVE', message: 'El token ya ha sido utilizado o ha expirado' });
    }
    expect((await codeRow(code)).usedBy).toBe(cafe.id);
  });

  it('refuses an expired code with the spec message and leaves it unused', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    await ctx.db.update(benefitCodes).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(benefitCodes.code, code));
    const res = await verify(cafe, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('El token ha expirado');
    expect((await codeRow(code)).status).toBe('active');
  });

  it("the employee's request list says 'expired' by the server's clock, and 'active' before that", async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    const statusInList = async () => {
      const mine = (await get('/api/requests/mine?limit=100', ana.cookie)).json();
      return mine.items.find((r: { code: { code: string } | null }) => r.code?.code === code)?.code.status;
    };
    expect(await statusInList()).toBe('active');
    await ctx.db.update(benefitCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(benefitCodes.code, code));
    expect(await statusInList()).toBe('expired');
  });

  it('answers an unknown code and an empty input with the spec messages', async () => {
    const unknown = await verify(cafe, 'ZZZZ9999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Token no encontrado');
    for (const empty of ['', '   ', undefined]) {
      const res = await verify(cafe, empty);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('Por favor, ingresa un código de token');
    }
  });

  it('issues codes without look-alikes and reads them in groups, with hyphens, in any case', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    expect(code).not.toMatch(/[O0I1L]/);
    const res = await verify(cafe, ` ${code.slice(0, 4).toLowerCase()} - ${code.slice(4)} `);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(code);
  });

  /** An active code issued before the alphabet dropped O, 0, I, 1 and L: the issued one, renamed. */
  async function olderCode(old: string): Promise<string> {
    const code = await codeFor(ana, 'platform', lunch.id);
    await ctx.db.update(benefitCodes).set({ code: old }).where(eq(benefitCodes.code, code));
    return old;
  }

  it.each([
    ['as written', 'KO1IX0L5', 'KO1IX0L5'],
    ['read aloud as zeros and ones', 'MOII2345', 'm011-2345'],
    ['with each look-alike mistaken', 'N0L1P234', 'NOIIP234'],
  ])('still redeems an older code with look-alikes typed %s', async (_how, old, typed) => {
    await olderCode(old);
    const res = await verify(cafe, typed);
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(old);
    expect(await codeRow(old)).toMatchObject({ status: 'used', usedBy: cafe.id });
  });

  it('redeems one code only when two older codes read alike: the one typed exactly, then an active one', async () => {
    await olderCode('POOA2345');
    await olderCode('P00A2345');
    const exact = await verify(cafe, 'POOA2345');
    expect(exact.json().code).toBe('POOA2345');
    expect(await codeRow('P00A2345')).toMatchObject({ status: 'active', usedBy: null });
    const read = await verify(cafe, 'P0OA2345');
    expect(read.json().code).toBe('P00A2345');
    const again = await verify(cafe, 'P0OA2345');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('El token ya ha sido utilizado o ha expirado');
  });

  it('answers a code of a benefit linked to another provider as unknown and keeps it active for its own provider', async () => {
    const code = await codeFor(ana, 'platform', lunchOfCafe.id);
    const res = await verify(cinema, code);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'CODE_NOT_FOUND', message: 'Token no encontrado' });
    expect(await codeRow(code)).toMatchObject({ status: 'active', usedBy: null, usedAt: null });
    expect((await verify(cafe, code)).statusCode).toBe(200);
  });

  it('refuses a provider disabled after signing in, at the session and again in the service', async () => {
    const shop = await employee(ctx, 'tienda@jobby.sup', null, 4);
    const code = await codeFor(ana, 'platform', lunch.id);
    const actorWhileActive = await actorFromDb(ctx.db, shop.id);
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, shop.id));
    expect((await verify(shop, code)).statusCode).toBe(401);
    // An actor resolved just before the change is refused by the redeeming statement itself.
    expect(await verifyCode(ctx.db, { code }, actorWhileActive, { attemptsPerMinute: 100 })).toEqual({
      status: 403,
      body: { error: { code: 'PROVIDER_INACTIVE', message: 'Tu cuenta de proveedor está inactiva' } },
      hit: false,
    });
    expect((await codeRow(code)).status).toBe('active');
  });

  it('answers a retried verification (same Idempotency-Key) with the same success', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    const first = await verify(cafe, code, { 'idempotency-key': 'verificar-1' });
    const retry = await verify(cafe, code, { 'idempotency-key': 'verificar-1' });
    expect(first.statusCode).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotency-hit']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('answers a retried refusal (same Idempotency-Key) with the same refusal, and leaves the code as it was', async () => {
    const code = await codeFor(ana, 'platform', lunchOfCafe.id);
    const first = await verify(cinema, code, { 'idempotency-key': 'verificar-ajeno' });
    const retry = await verify(cinema, code, { 'idempotency-key': 'verificar-ajeno' });
    expect(first.statusCode).toBe(404);
    expect(first.json().error.code).toBe('CODE_NOT_FOUND');
    expect(retry.statusCode).toBe(404);
    expect(retry.headers['idempotency-hit']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await codeRow(code)).toMatchObject({ status: 'active', usedBy: null, usedAt: null });
  });
});

describe('rate limit per provider', () => {
  it('answers a retry with an answered Idempotency-Key from the store, without counting it against the limit', async () => {
    const limited = await createTestContext({ verifyAttemptsPerMinute: 1 });
    try {
      const shop = await employee(limited, 'reintento@jobby.sup', null, 4);
      const attempt = () =>
        limited.app.inject({ method: 'POST', url: '/api/codes/verify', headers: { cookie: shop.cookie, origin: 'http://localhost:3000', 'idempotency-key': 'red-caida' }, payload: { code: 'AAAA0000' } });
      const first = await attempt();
      expect(first.statusCode).toBe(404);
      for (let i = 0; i < 5; i++) {
        const retry = await attempt();
        expect(retry.statusCode).toBe(404);
        expect(retry.headers['idempotency-hit']).toBe('true');
        expect(retry.json()).toEqual(first.json());
      }
    } finally {
      await limited.close();
    }
  });

  it('forgets an Idempotency-Key after 24 hours: the same key with other input runs instead of a conflict', async () => {
    const code = await codeFor(ana, 'platform', lunch.id);
    const old = await verify(cafe, 'ZZZZ0000', { 'idempotency-key': 'clave-vieja' });
    expect(old.statusCode).toBe(404);
    expect((await verify(cafe, code, { 'idempotency-key': 'clave-vieja' })).statusCode).toBe(409);
    await ctx.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, 'clave-vieja'));
    const fresh = await verify(cafe, code, { 'idempotency-key': 'clave-vieja' });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['idempotency-hit']).toBeUndefined();
    expect((await codeRow(code)).status).toBe('used');
  });

  it('answers 429 with the Spanish message once the configured attempts are used, failed ones included', async () => {
    const limited = await createTestContext({ verifyAttemptsPerMinute: 3 });
    try {
      const guesser = await employee(limited, 'adivino@jobby.sup', null, 4);
      const other = await employee(limited, 'honesto@jobby.sup', null, 4);
      const attempt = (who: EmployeeSession) =>
        limited.app.inject({ method: 'POST', url: '/api/codes/verify', headers: { cookie: who.cookie, origin: 'http://localhost:3000' }, payload: { code: 'AAAA0000' } });
      const responses = [];
      // 7 attempts against a limit of 3: even if a minute boundary falls between two of them,
      // one of the two windows holds at least 4 attempts, so at least one must be refused.
      for (let i = 0; i < 7; i++) responses.push(await attempt(guesser));
      expect(responses.slice(0, 3).map((r) => r.statusCode)).toEqual([404, 404, 404]);
      const refused = responses.filter((r) => r.statusCode === 429);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const res of refused) {
        expect(res.json().error).toEqual({ code: 'VERIFY_RATE_LIMITED', message: 'Demasiados intentos de verificación. Espera un minuto e intenta nuevamente.' });
      }
      expect(responses.every((r) => r.statusCode === 404 || r.statusCode === 429)).toBe(true);
      // The limit is per provider.
      expect((await attempt(other)).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('provider history', () => {
  it('lists only the codes it redeemed, newest first, with counts for all time, this month and today', async () => {
    const shop = await employee(ctx, 'libreria@jobby.sup', null, 4);
    const older = await codeFor(ana, 'platform', lunch.id);
    // A company benefit the shop fulfils (one naming no provider is HR's to redeem).
    const internalOfShop = await createCompanyBenefit(ctx.db, companyId, { title: 'Almuerzo con el equipo', tokenCost: 1, requiresApproval: false, providerUserId: shop.id });
    const recent = await codeFor(ana, 'company', internalOfShop.id);
    const someoneElses = await codeFor(ana, 'platform', lunch.id);
    expect((await verify(shop, older)).statusCode).toBe(200);
    expect((await verify(shop, recent)).statusCode).toBe(200);
    expect((await verify(cinema, someoneElses)).statusCode).toBe(200);
    // 40 days ago is before the first day of the current month, whatever today is.
    await ctx.db.update(benefitCodes).set({ usedAt: sql`now() - interval '40 days'` }).where(eq(benefitCodes.code, older));

    const res = await get('/api/provider/history', shop.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { code: recent, benefitName: 'Almuerzo con el equipo', isBenefitJobby: false, userName: 'Ana Rojas', usedAt: expect.any(String) },
        { code: older, benefitName: 'Almuerzo', isBenefitJobby: true, userName: 'Ana Rojas', usedAt: expect.any(String) },
      ],
      total: 2,
      stats: { total: 2, month: 1, today: 1 },
    });
  });

  it('falls back to the email, then to "Usuario {id}", and to "Desconocido" for a nameless benefit', async () => {
    const shop = await employee(ctx, 'kiosco@jobby.sup', null, 4);
    const code = await codeFor(ana, 'platform', lunch.id);
    await verify(shop, code);
    await ctx.db.update(users).set({ name: '' }).where(eq(users.id, ana.id));
    await ctx.db.update(benefitCodes).set({ benefitName: '' }).where(eq(benefitCodes.code, code));
    try {
      expect((await get('/api/provider/history', shop.cookie)).json().items[0]).toMatchObject({ userName: 'ana@andes.cl', benefitName: 'Desconocido' });
      await ctx.db.update(users).set({ email: '' }).where(eq(users.id, ana.id));
      expect((await get('/api/provider/history', shop.cookie)).json().items[0].userName).toBe(`Usuario ${ana.id}`);
    } finally {
      await ctx.db.update(users).set({ name: 'Ana Rojas', email: 'ana@andes.cl' }).where(eq(users.id, ana.id));
    }
  });

  it('is empty for a provider that redeemed nothing, and closed to other levels', async () => {
    const shop = await employee(ctx, 'nuevo@jobby.sup', null, 4);
    expect((await get('/api/provider/history', shop.cookie)).json()).toEqual({ items: [], total: 0, stats: { total: 0, month: 0, today: 0 } });
    expect((await get('/api/provider/history', ana.cookie)).statusCode).toBe(403);
    expect((await verify(ana, 'AAAA0000')).statusCode).toBe(403);
  });
});
