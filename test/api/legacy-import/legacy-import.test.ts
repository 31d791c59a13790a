/**
 * An earlier-app export (quirks and broken records included) comes into Jobby — balances
 * with the legacy rule, history with its dates, codes, levels, companies, surveys, achievements; the
 * broken records are skipped with Spanish reasons; a second run changes nothing; a person whose
 * Firebase hash was imported signs in with the old password, and one without gets a mail to choose one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { as, createTestContext, createUser, ORIGIN, signIn, type TestContext } from '../../support/app';
import { stateSnapshot } from '../../support/snapshot';
import {
  accounts as authAccounts,
  achievementRules,
  benefitCodes,
  benefitRequests,
  companies,
  companyBenefits,
  legacyImports,
  mailOutbox,
  platformBenefits,
  profileSurveys,
  surveyBResponses,
  userAchievements,
  users,
} from '#server/db/schema';
import { createMailTransport } from '#server/modules/mail/transport';
import { importLegacy, type ImportOptions } from '#server/modules/legacy-import/service';
import { formatReport } from '#server/modules/legacy-import/report';
import { firebaseHashConfig } from '#server/accounts/firebase-password';
import { authExport, HASH_CONFIG, legacyExportFixture, OLD_PASSWORD, T0 } from './fixture';
import { silentLogger } from '#server/lib/log';

let ctx: TestContext;
let options: ImportOptions;
let adminCookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  options = {
    dryRun: false,
    authUsers: authExport().users,
    hashConfig: firebaseHashConfig.parse(HASH_CONFIG),
    config: ctx.config,
    mail: createMailTransport(ctx.db, { smtpUrl: null, mailFrom: 'jobby@localhost', logLevel: 'silent' }, silentLogger),
  };
  await createUser(ctx.db, { email: 'raiz@jobby.cl', level: 1 });
  // Providers are never imported (decision 350): a till of Jobby's own redeems the imported codes.
  await createUser(ctx.db, { email: 'caja@cafearoma.cl', level: 4 });
  adminCookie = await signIn(ctx.app, 'raiz@jobby.cl');
});
afterAll(async () => ctx?.close());

const userByEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];
const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: as(cookie) });

describe('import from the earlier app', () => {
  it('--dry-run reports what it would do and writes nothing', async () => {
    const before = await stateSnapshot(ctx.db);
    const report = await importLegacy(ctx.db, legacyExportFixture(), { ...options, dryRun: true });
    expect(report.counts.user.created).toBe(3);
    expect(report.counts.company.created).toBe(2);
    expect(report.levels).toEqual({ 2: 1, 3: 2 });
    expect(report.ledger.ok).toBe(true);
    expect(formatReport(report)).toContain('Simulación (--dry-run): no se guardó nada');
    expect(await stateSnapshot(ctx.db)).toEqual(before);
  });

  it('imports every good record, skips each broken one with its Spanish reason, and keeps the ledger whole', async () => {
    const report = await importLegacy(ctx.db, legacyExportFixture(), options);
    expect(report.ledger).toEqual({ ok: true, mismatchedAccounts: 0, unbalancedAssets: [] });
    expect(report.counts).toMatchObject({
      company: { created: 2, skipped: 0 },
      user: { created: 3, skipped: 3 },
      platform_benefit: { created: 2 },
      company_benefit: { created: 1 },
      request: { created: 3 },
      code: { created: 2, skipped: 1 },
      balance: { created: 2, skipped: 1 },
      survey_a: { created: 1 },
      survey_b: { created: 1 },
      achievement: { created: 1, skipped: 1 },
      user_achievement: { created: 1 },
    });
    const reasons = report.skipped.map((s) => s.reason);
    expect(reasons).toContain('Usuario sinnivel@minerasur.cl: no tiene nivel (ni level ni userLevel) o no es 1, 2, 3 ni 4');
    expect(reasons).toContain('Token tok-orphan: su solicitud «req-no-existe» no está en la exportación o no se importó');
    expect(reasons).toContain('Saldo de uid-fantasma: su usuario no está en la exportación o no se importó');
    expect(reasons).toContain('Logro ach-raro: condición «lunar_phase» desconocida');
    expect(reasons.find((r) => r.startsWith('Usuario uid-bademail: email:'))).toBeDefined();
    expect(reasons).toContain('Usuario ventas@cafearoma.cl: nivel 4 en el archivo y sin empresa; los niveles 1 y 4 no se importan (créalo a mano si corresponde)');
    const text = formatReport(report);
    expect(text).toContain('Libro de tokens: correcto');
    expect(text).toMatch(/Usuarios\s+3 \/\s+0 \/\s+3/);
    expect(text).toContain('  - ventas@cafearoma.cl: nivel 4 en el archivo → omitido (sin empresa)');
  });

  it('keeps levels 2 and 3 and companies from the record, not from the address; the company keyed by its name is one company', async () => {
    const rows = await ctx.db.select().from(companies).where(inArray(companies.name, ['Minera Sur', 'Pesquera Norte']));
    const minera = rows.find((c) => c.name === 'Minera Sur');
    const pesquera = rows.find((c) => c.name === 'Pesquera Norte');
    expect(minera).toMatchObject({ maxUsers: 40, emailDomain: 'minerasur.cl', contactName: 'Marta Díaz' });
    // A webmail contact is no company domain; '15' as text is still 15.
    expect(pesquera).toMatchObject({ maxUsers: 15, emailDomain: null, createdAt: new Date(1_704_067_200_000) });
    expect(await userByEmail('jefa.personas@hotmail.com')).toMatchObject({ level: 2, companyId: minera?.id });
    expect(await userByEmail('ana.rojas@gmail.com')).toMatchObject({ level: 3, companyId: minera?.id, surveyCompleted: true, createdAt: new Date(1_730_000_000_000) });
    expect(await userByEmail('luis@pesquera.cl')).toMatchObject({ level: 3, companyId: pesquera?.id, userType: 'B' });
    // Level 4 in the file, and no company: not imported (decision 350).
    expect(await userByEmail('ventas@cafearoma.cl')).toBeUndefined();
    expect(await userByEmail('sinnivel@minerasur.cl')).toBeUndefined();
  });

  it('brings benefits with their quirks, requests, surveys and achievements', async () => {
    const cine = (await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.title, 'Entrada de cine')))[0];
    expect(cine).toMatchObject({ type: 'automatic', tokenCost: 3, stockRemaining: null });
    expect((await ctx.db.select().from(platformBenefits).where(eq(platformBenefits.title, 'Gimnasio un mes')))[0]).toMatchObject({ tokenCost: 5, stockRemaining: 20, type: 'third_party' });
    expect(await ctx.db.select().from(companyBenefits).where(eq(companyBenefits.title, 'Tarde libre'))).toHaveLength(1);
    const ana = await userByEmail('ana.rojas@gmail.com');
    const requests = await ctx.db.select().from(benefitRequests).where(eq(benefitRequests.userId, ana.id));
    expect(requests.map((r) => [r.benefitName, r.status]).sort()).toEqual([
      ['Entrada de cine', 'approved'],
      ['Gimnasio un mes', 'approved'],
      ['Tarde libre', 'pending'],
    ]);
    expect((await ctx.db.select().from(profileSurveys).where(eq(profileSurveys.userId, ana.id)))[0]).toMatchObject({ selectedBenefits: ['comidas', 'mascotas'], answers: { q1: 'comidas', q2: 4 } });
    const luis = await userByEmail('luis@pesquera.cl');
    expect((await ctx.db.select().from(surveyBResponses).where(eq(surveyBResponses.userId, luis.id)))[0]).toMatchObject({ personalityMatrix: 'collaborator', benefitPriorities: ['team', 'growth'] });
    const [rule] = await ctx.db.select().from(achievementRules).where(eq(achievementRules.name, 'Tres canjes'));
    expect(rule).toMatchObject({ conditionType: 'tokens_used_count', conditionValue: 3, rewardTokens: 5 });
    expect(await ctx.db.select().from(userAchievements).where(eq(userAchievements.userId, ana.id))).toMatchObject([{ ruleId: rule.id, rewardTokens: 5 }]);
  });

  it('balances: the history replayed (with its dates) ends at each balance; the legacy rule applies when jobby_balance is missing', async () => {
    const anaCookie = await signIn(ctx.app, 'ana.rojas@gmail.com', OLD_PASSWORD);
    const balances = await get('/api/me/balances', anaCookie);
    expect(balances.json()).toMatchObject({ jobby: 7, company: 4 });
    const luis = await userByEmail('luis@pesquera.cl');
    const ana = await userByEmail('ana.rojas@gmail.com');
    // Level 1's history of flexible tokens, newest first, with the earlier app's dates and reasons.
    const history = await get(`/api/admin/tokens/history?userId=${ana.id}&tokenType=jobby`, adminCookie);
    expect(history.statusCode).toBe(200);
    expect(history.json().items.map((e: { type: string; amount: number; reason: string; createdAt: string; balanceAfter: number }) => [e.type, e.amount, e.reason, e.createdAt, e.balanceAfter])).toEqual([
      ['used', 5, 'Canje: Gimnasio un mes', new Date(T0 + 2 * 86_400_000).toISOString(), 7],
      ['used', 3, 'Canje: Entrada de cine', new Date(T0 + 86_400_000).toISOString(), 12],
      ['add', 15, 'Bono de bienvenida', new Date(T0).toISOString(), 15],
    ]);
    const luisHistory = await get(`/api/admin/tokens/history?userId=${luis.id}`, adminCookie);
    expect(luisHistory.json().items.map((e: { tokenType: string; amount: number; balanceAfter: number }) => [e.tokenType, e.amount, e.balanceAfter])).toEqual([['jobby', 12, 12]]);
    const luisCookie = await signInWithMailedLink('luis@pesquera.cl', 'nuevaClave123');
    expect((await get('/api/me/balances', luisCookie)).json()).toMatchObject({ jobby: 12, company: 0 });
  });

  it("HR sees its company's imported history, after choosing a password from the Spanish mail", async () => {
    const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'jefa.personas@hotmail.com'));
    expect(mail.subject).toBe('Tu cuenta de Jobby está lista: elige tu contraseña');
    expect(mail.body).toContain('El enlace vence en 7 días');
    // Without a hash, the old password is no way in.
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: 'jefa.personas@hotmail.com', password: OLD_PASSWORD } });
    expect(refused.statusCode).toBe(401);
    const hrCookie = await signInWithMailedLink('jefa.personas@hotmail.com', 'otraClave456');
    const history = await get('/api/company/tokens/history', hrCookie);
    expect(history.json().items).toMatchObject([{ type: 'add', amount: 4, reason: 'Aniversario', createdAt: new Date(T0).toISOString(), userName: 'Ana Rojas' }]);
  });

  it('an imported active code verifies and redeems at a provider; a used one stays used', async () => {
    const providerCookie = await signIn(ctx.app, 'caja@cafearoma.cl');
    const used = await ctx.app.inject({ method: 'POST', url: '/api/codes/verify', headers: as(providerCookie), payload: { code: 'GYMU6789' } });
    expect(used.json().error.code).toBe('CODE_USED_OR_INACTIVE');
    const redeemed = await ctx.app.inject({ method: 'POST', url: '/api/codes/verify', headers: as(providerCookie), payload: { code: 'CINE2345' } });
    expect(redeemed.statusCode).toBe(200);
    expect(redeemed.json()).toMatchObject({ code: 'CINE2345', benefitName: 'Entrada de cine' });
    const [code] = await ctx.db.select().from(benefitCodes).where(eq(benefitCodes.code, 'CINE2345'));
    expect(code.status).toBe('used');
  });

  it('the old password is re-hashed with ours at the first sign-in; a wrong one is refused', async () => {
    const ana = await userByEmail('ana.rojas@gmail.com');
    const [account] = await ctx.db.select().from(authAccounts).where(eq(authAccounts.userId, ana.id));
    expect(account.password?.startsWith('firebase-scrypt$')).toBe(false);
    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email: 'ana.rojas@gmail.com', password: 'noEsLaClave1' } });
    expect(wrong.statusCode).toBe(401);
    expect(await signIn(ctx.app, 'ana.rojas@gmail.com', OLD_PASSWORD)).toContain('jobby');
  });

  it('a second run changes nothing', async () => {
    const before = await stateSnapshot(ctx.db);
    const mappings = await ctx.db.select().from(legacyImports);
    const report = await importLegacy(ctx.db, legacyExportFixture(), options);
    expect(Object.values(report.counts).every((c) => c.created === 0)).toBe(true);
    expect(report.counts.user.existing).toBe(3);
    expect(report.transfers).toBe(0);
    expect(report.ledger.ok).toBe(true);
    expect(await stateSnapshot(ctx.db)).toEqual(before);
    expect(await ctx.db.select().from(legacyImports)).toHaveLength(mappings.length);
  });
});

/** Follows the link of the import's mail to the reset page's endpoint, then signs in with the new password. */
async function signInWithMailedLink(email: string, password: string): Promise<string> {
  const [mail] = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
  const token = new URL(mail.link as string).searchParams.get('token');
  const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', headers: { origin: ORIGIN }, payload: { token, newPassword: password } });
  expect(reset.statusCode).toBe(200);
  return signIn(ctx.app, email, password);
}
