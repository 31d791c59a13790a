/**
 * Decisions 350 and 351: what an export written by the earlier app's browsers may
 * carry. Levels 1 and 4 are never taken from the file (imported as employees of their company, or
 * skipped) and the report lists them and every level it gives; names the forms would refuse are
 * cleaned or their record skipped; records keyed `__proto__` or `constructor` are skipped with a
 * reason; one broken record (NUL, a date or a count beyond range, a balance beyond 1,000,000) skips
 * that record and never stops the run, and a failure never prints other rows' values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../support/app';
import { stateSnapshot } from '../../support/snapshot';
import { companies, ledgerAccounts, platformBenefits, users } from '#server/db/schema';
import { importLegacy, type ImportOptions } from '#server/modules/legacy-import/service';
import { failureReason, formatReport } from '#server/modules/legacy-import/report';

let ctx: TestContext;
let options: ImportOptions;

beforeAll(async () => {
  ctx = await createTestContext();
  options = { dryRun: false, config: ctx.config, mail: null };
});
afterAll(async () => ctx?.close());

const userByEmail = async (email: string) => (await ctx.db.select().from(users).where(eq(users.email, email)))[0];

/** Written as JSON text and parsed, as the CLI reads the file: `__proto__` is then an own key, as in a real export. */
const levelsExport = () =>
  JSON.parse(`{
  "companies": {
    "-legado": { "name": "Legado SpA", "contactEmail": "rrhh@legado.cl", "maxUsers": 50 },
    "constructor": { "name": "Constructora Fantasma", "maxUsers": 5 }
  },
  "users": {
    "u-root": { "email": "root@legacyco.cl", "displayName": "Legacy Root", "level": 1 },
    "u-root2": { "email": "jefe@legado.cl", "displayName": "Jefe Escondido", "level": 1, "companyId": "-legado" },
    "u-prov": { "email": "tienda@legacyco.cl", "displayName": "Tienda", "level": 4 },
    "u-hr": { "email": "rrhh@legado.cl", "displayName": "Rita Recursos", "level": 2, "companyId": "-legado" },
    "u-emp": { "email": "emp@legado.cl", "displayName": "Eva \\u202Eodnum\\u200B Paz", "level": 3, "companyId": "-legado" },
    "u-long": { "email": "largo@legado.cl", "displayName": "${'a'.repeat(100_000)}", "level": 3, "companyId": "-legado" },
    "__proto__": { "email": "proto@legado.cl", "displayName": "Proto", "level": 1, "companyId": "-legado" }
  }
}`);

describe('levels, names and keys from the file (L1)', () => {
  it('the dry run lists every level it would give and each level 1 or 4 of the file, and writes nothing', async () => {
    const before = await stateSnapshot(ctx.db);
    const report = await importLegacy(ctx.db, levelsExport(), { ...options, dryRun: true });
    expect(report.levels).toEqual({ 2: 1, 3: 2 });
    expect(report.lowered).toEqual([
      { email: 'root@legacyco.cl', fileLevel: 1, company: null },
      { email: 'jefe@legado.cl', fileLevel: 1, company: 'Legado SpA' },
      { email: 'tienda@legacyco.cl', fileLevel: 4, company: null },
    ]);
    const text = formatReport(report);
    expect(text).toContain('Niveles que se darían a los usuarios nuevos (nunca 1 ni 4):');
    expect(text).toContain('  Nivel 2 (RR.HH. de su empresa): 1');
    expect(text).toContain('  Nivel 3 (colaboradores):        2');
    expect(text).toContain('  - root@legacyco.cl: nivel 1 en el archivo → omitido (sin empresa)');
    expect(text).toContain('  - jefe@legado.cl: nivel 1 en el archivo → importado como nivel 3 de «Legado SpA»');
    expect(text).toContain('  - tienda@legacyco.cl: nivel 4 en el archivo → omitido (sin empresa)');
    expect(await stateSnapshot(ctx.db)).toEqual(before);
  });

  it('never creates a level 1 or 4: such a record is an employee of its company or skipped', async () => {
    const report = await importLegacy(ctx.db, levelsExport(), options);
    expect(await userByEmail('root@legacyco.cl')).toBeUndefined();
    expect(await userByEmail('tienda@legacyco.cl')).toBeUndefined();
    const [legado] = await ctx.db.select().from(companies).where(eq(companies.name, 'Legado SpA'));
    expect(await userByEmail('jefe@legado.cl')).toMatchObject({ level: 3, companyId: legado.id });
    expect(await userByEmail('rrhh@legado.cl')).toMatchObject({ level: 2, companyId: legado.id });
    expect(report.warnings).toContain('Usuario emp@legado.cl: se quitaron caracteres invisibles o de control de su nombre');
    expect(await ctx.db.$count(users, eq(users.level, 1))).toBe(0);
    expect(await ctx.db.$count(users, eq(users.level, 4))).toBe(0);
    expect(report.skipped.map((s) => s.reason)).toEqual(
      expect.arrayContaining([
        'Usuario root@legacyco.cl: nivel 1 en el archivo y sin empresa; los niveles 1 y 4 no se importan (créalo a mano si corresponde)',
        'Usuario tienda@legacyco.cl: nivel 4 en el archivo y sin empresa; los niveles 1 y 4 no se importan (créalo a mano si corresponde)',
      ]),
    );
  });

  it('cleaned the invisible and bidi characters of a name and skips a name the form would refuse', async () => {
    const report = await importLegacy(ctx.db, levelsExport(), { ...options, dryRun: true });
    expect((await userByEmail('emp@legado.cl')).name).toBe('Eva odnum Paz');
    expect(await userByEmail('largo@legado.cl')).toBeUndefined();
    // The first run's report said why; a second run (dry) says it again.
    expect(report.skipped.map((s) => s.reason)).toContain('Usuario largo@legado.cl: el nombre no es válido (El nombre puede tener hasta 120 caracteres)');
  });

  it('skips records keyed __proto__ or constructor with a reason: no company, no user made of them', async () => {
    const report = await importLegacy(ctx.db, levelsExport(), { ...options, dryRun: true });
    const skipped = report.skipped.map((s) => [s.entity, s.legacyId]);
    expect(skipped).toEqual(expect.arrayContaining([['company', 'constructor'], ['user', '__proto__']]));
    expect(report.skipped.find((s) => s.legacyId === '__proto__')?.reason).toBe(
      'Registro con clave «__proto__»: es un nombre reservado de JavaScript, no un registro; renómbralo en la exportación si es real',
    );
    expect(await ctx.db.$count(companies, eq(companies.name, 'Constructora Fantasma'))).toBe(0);
    expect(await userByEmail('proto@legado.cl')).toBeUndefined();
  });
});

describe('one broken record never stops the run (L2)', () => {
  const poisoned = () =>
    JSON.parse(`{
    "companies": {
      "-sana": { "name": "Sana Ltda", "maxUsers": 20 },
      "-enorme": { "name": "Enorme SA", "maxUsers": 1e12 }
    },
    "users": {
      "p-ok": { "email": "ok@sana.cl", "displayName": "Olga Ok", "level": 3, "companyId": "-sana" },
      "p-nul": { "email": "nul@sana.cl", "displayName": "a\\u0000b", "level": 3, "companyId": "-sana" },
      "p-date": { "email": "fecha@sana.cl", "displayName": "Fede Fecha", "level": 3, "companyId": "-sana", "createdAt": 1e20 },
      "p-rich": { "email": "rico@sana.cl", "displayName": "Rico Mucho", "level": 3, "companyId": "-sana" },
      "p-sur": { "email": "sur@sana.cl", "displayName": "Sur \\ud800", "level": 3, "companyId": "-sana" }
    },
    "jobby_benefits": {
      "jb-ok": { "title": "Café gratis", "tokenCost": 2, "status": "active" },
      "jb-caro": { "title": "Carísimo", "tokenCost": 1e10, "status": "active" }
    },
    "user_blank_tokens": {
      "p-ok": { "jobby_balance": 5, "company_balance": 0 },
      "p-rich": { "jobby_balance": 2000000, "company_balance": 0 }
    }
  }`);

  it('skips each broken record with its reason, imports the rest, and the ledger stays whole', async () => {
    const report = await importLegacy(ctx.db, poisoned(), options);
    expect(report.ledger.ok).toBe(true);
    const reasons = report.skipped.map((s) => s.reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'Empresa «-enorme»: maxUsers: el número está fuera de rango (más de 2.147.483.647)',
        'Usuario p-nul: displayName: contiene el carácter nulo (U+0000), que no se puede guardar',
        'Usuario p-date: createdAt: la fecha está fuera de 1970–2099 o no es una fecha',
        'Usuario p-sur: displayName: contiene un sustituto UTF-16 suelto, que no se puede guardar',
        'Beneficio Jobby jb-caro: tokenCost: el número está fuera de rango (más de 2.147.483.647)',
        'Saldo de rico@sana.cl: saldo Jobby de 2.000.000 tokens, más que el máximo importable (1.000.000)',
      ]),
    );
    expect(await userByEmail('ok@sana.cl')).toMatchObject({ name: 'Olga Ok', level: 3 });
    expect(await userByEmail('rico@sana.cl')).toMatchObject({ name: 'Rico Mucho' });
    for (const email of ['nul@sana.cl', 'fecha@sana.cl', 'sur@sana.cl']) expect(await userByEmail(email)).toBeUndefined();
    expect(await ctx.db.$count(companies, eq(companies.name, 'Enorme SA'))).toBe(0);
    expect(await ctx.db.$count(platformBenefits, eq(platformBenefits.title, 'Café gratis'))).toBe(1);
    expect(await ctx.db.$count(platformBenefits, eq(platformBenefits.title, 'Carísimo'))).toBe(0);
    // No wallet holds the refused balance; the good one holds its 5.
    const wallets = await ctx.db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'wallet'));
    expect(wallets.map((w) => w.balance)).toContain(5);
    expect(Math.max(...wallets.map((w) => w.balance))).toBeLessThanOrEqual(1_000_000);
  });

  it("a failure of the database is told by PostgreSQL's reason, never with the statement's values", () => {
    const cause = Object.assign(new Error('value too long for type character varying(10)'), { code: '22001' });
    const failure = new DrizzleQueryError('insert into "users" ("name", "email") values ($1, $2), ($3, $4)', ['Ana Rojas', 'ana@x.cl', 'Luis Soto', 'luis@x.cl'], cause);
    const said = failureReason(failure);
    expect(said).toBe('la base de datos rechazó una escritura: value too long for type character varying(10) (código 22001)');
    expect(said).not.toContain('ana@x.cl');
  });
});
