/**
 * Moving a company from the earlier app (issue 20 §1): its Realtime Database export becomes Jobby's
 * companies, people, benefits, requests, codes, surveys and achievements, and each balance enters the
 * ledger as its history replayed as transfers (so every balance is the sum of its history and
 * every asset sums to zero), with the legacy rule of part 1 §4 applied. One transaction: a failure
 * leaves nothing half-imported, and `dryRun` runs it all and rolls back. Every imported record is kept
 * in `legacy_imports` (legacy id → new id), so a second run changes nothing. Rows are written in bulk
 * (thousands of people in one run); the ledger rows as the ledger writes them, checked before COMMIT.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { CODE_PATTERN } from '../../../domain/code';
import { companyDomainProblem } from '../../../domain/company-domain';
import { toE164 } from '../../../domain/phone';
import { valuesOf } from '../../../domain/labelled';
import { ACHIEVEMENT_CONDITION_TYPES } from '../../../domain/schemas/engine';
import { recordStatusOf, type TokenType } from '../../../domain/constants';
import type { AppConfig } from '../../config';
import { queryRows, type Db, type Tx } from '../../db/client';
import {
  accounts as authAccounts,
  achievementRules,
  benefitCodes,
  benefitRequests,
  companies,
  companyBenefits,
  ledgerAccounts,
  ledgerTransfers,
  legacyImports,
  platformBenefits,
  platformCounters,
  profileSurveys,
  surveyBResponses,
  userAchievements,
  users,
  verifications,
} from '../../db/schema';
import { accountRow, accounts, transferRow, walletFor, type Account, type TransferInput } from '../ledger/index';
import { resetPasswordIdentifier } from '../../accounts/verification-tokens';
import { legacyWelcomeMail } from '../mail/index';
import type { MailTransport } from '../mail/index';
import { encodeFirebaseHash, type FirebaseHashConfig } from '../../accounts/firebase-password';
import {
  legacyAchievement,
  legacyBalance,
  legacyCompany,
  legacyCompanyBenefit,
  legacyExport,
  legacyHistoryEntry,
  legacyPlatformBenefit,
  legacyRequest,
  legacySurveyA,
  legacySurveyB,
  legacyToken,
  legacyUser,
  legacyName,
  legacyUserAchievement,
  MAX_IMPORTED_BALANCE,
  RESERVED_KEYS,
  zodReason,
  type LegacyHistoryEntry,
} from './parse';

/** What the import brings over, in the report's order, and how operators read each entity there. */
export const ENTITY_LABELS = {
  company: 'Empresas',
  user: 'Usuarios',
  platform_benefit: 'Beneficios Jobby',
  company_benefit: 'Beneficios de empresa',
  balance: 'Saldos e historial',
  request: 'Solicitudes',
  code: 'Tokens (códigos)',
  survey_a: 'Encuestas A',
  survey_b: 'Encuestas B',
  achievement: 'Logros',
  user_achievement: 'Logros otorgados',
} as const;
export type Entity = keyof typeof ENTITY_LABELS;
export const ENTITIES = valuesOf(ENTITY_LABELS);

/** One person of `firebase auth:export --format=json`. */
export type FirebaseAuthUser = { localId: string; email?: string; passwordHash?: string; salt?: string };

export type ImportOptions = {
  dryRun: boolean;
  /** The Firebase Auth export's users and the project's hash parameters; without both, everyone gets a mail. */
  authUsers?: FirebaseAuthUser[] | null;
  hashConfig?: FirebaseHashConfig | null;
  config: Pick<AppConfig, 'publicUrl' | 'staffDomain' | 'providerDomain'>;
  mail?: MailTransport | null;
  now?: Date;
};

export type Skipped = { entity: Entity; legacyId: string; reason: string };
/** A record whose file said level 1 or 4 (decision 350): imported as an employee of its company, or skipped without one. */
export type LoweredLevel = { email: string; fileLevel: 1 | 4; company: string | null };
export type ImportReport = {
  dryRun: boolean;
  counts: Record<Entity, { created: number; existing: number; skipped: number }>;
  /** The levels this run gives (or, in a dry run, would give) the people it creates: only 2 and 3 ever. */
  levels: { 2: number; 3: number };
  /** Every level 1 or 4 of the file, for a level 1 person to decide (the import never gives them). */
  lowered: LoweredLevel[];
  skipped: Skipped[];
  warnings: string[];
  transfers: number;
  passwords: { imported: number; mailed: number };
  ledger: { ok: boolean; mismatchedAccounts: number; unbalancedAssets: string[] };
};

/** How long the link of the welcome mail stays valid. */
export const LEGACY_LINK_DAYS = 7;
const DEFAULT_CODE_DAYS = 30;
const CHUNK = 500;

class DryRun extends Error {}

const REQUEST_STATUSES = new Set(['pending', 'pending_provider_approval', 'pending_admin_approval', 'approved', 'rejected']);
const BENEFIT_TYPES = new Set(['automatic', 'managed', 'third_party']);

function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function isoDate(value: string | null): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** The [key, value] pairs of a map inside a record (a company's benefits, a person's achievements). */
function pairsIn(map: unknown): Array<[string, unknown]> {
  return map !== null && typeof map === 'object' ? Object.entries(map) : [];
}

/**
 * Imports the export `raw` (the parsed JSON) into `db`. Returns the report; throws only what the
 * database throws (the transaction is then rolled back and nothing is written).
 */
export async function importLegacy(db: Db, raw: unknown, options: ImportOptions): Promise<ImportReport> {
  const data = legacyExport.parse(raw && typeof raw === 'object' ? raw : {});
  const now = options.now ?? new Date();
  const report: ImportReport = {
    dryRun: options.dryRun,
    counts: Object.fromEntries(ENTITIES.map((e) => [e, { created: 0, existing: 0, skipped: 0 }])) as ImportReport['counts'],
    levels: { 2: 0, 3: 0 },
    lowered: [],
    skipped: [],
    warnings: [],
    transfers: 0,
    passwords: { imported: 0, mailed: 0 },
    ledger: { ok: true, mismatchedAccounts: 0, unbalancedAssets: [] },
  };
  const mails: Array<{ email: string; name: string; token: string }> = [];
  try {
    await db.transaction(async (tx) => {
      await new Run(tx, data, options, report, now, mails).all();
      report.ledger = await ledgerCheck(tx);
      // A broken ledger is never committed: the report says why, and nothing is kept.
      if (options.dryRun || !report.ledger.ok) throw new DryRun();
    });
  } catch (error) {
    if (!(error instanceof DryRun)) throw error;
  }
  if (!options.dryRun && options.mail) {
    for (const m of mails) {
      const link = `${options.config.publicUrl}/reset-password?token=${encodeURIComponent(m.token)}`;
      await options.mail.send(legacyWelcomeMail({ email: m.email, name: m.name }, link, LEGACY_LINK_DAYS));
    }
  }
  return report;
}

/** The ledger invariants (ARCHITECTURE §4) over the whole ledger: each balance is the sum of its transfers; each asset sums to zero. */
export async function ledgerCheck(tx: Tx | Db): Promise<ImportReport['ledger']> {
  const mismatched = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${ledgerAccounts} a left join (
          select account, sum(delta) as total from (
            select ${ledgerTransfers.toAccount} as account, ${ledgerTransfers.amount} as delta from ${ledgerTransfers}
            union all select ${ledgerTransfers.fromAccount}, -${ledgerTransfers.amount} from ${ledgerTransfers}
          ) moves group by account
        ) t on t.account = a.id
        where a.balance <> coalesce(t.total, 0)`,
  );
  const unbalanced = await tx
    .select({ asset: ledgerAccounts.asset })
    .from(ledgerAccounts)
    .groupBy(ledgerAccounts.asset)
    .having(sql`sum(${ledgerAccounts.balance}) <> 0`);
  const mismatchedAccounts = Number(mismatched[0]?.n ?? 0);
  return { ok: mismatchedAccounts === 0 && unbalanced.length === 0, mismatchedAccounts, unbalancedAssets: unbalanced.map((r) => r.asset) };
}

type UserInfo = { id: string; level: number; companyId: string | null; name: string; email: string };

class Run {
  /** legacy id → new id per entity: what earlier runs imported plus what this run adds. */
  private readonly ids = new Map<Entity, Map<string, string>>();
  private readonly people = new Map<string, UserInfo>();
  private readonly companyByName = new Map<string, string>();
  /** Company id → name, for the report's lines. */
  private readonly companyNames = new Map<string, string>();
  private readonly platformBenefitRows = new Map<string, { id: string; title: string; type: string; providerUserId: string | null }>();
  private readonly companyBenefitRows = new Map<string, { id: string; title: string; companyId: string }>();

  constructor(
    private readonly tx: Tx,
    private readonly data: ReturnType<typeof legacyExport.parse>,
    private readonly options: ImportOptions,
    private readonly report: ImportReport,
    private readonly now: Date,
    private readonly mails: Array<{ email: string; name: string; token: string }>,
  ) {}

  async all(): Promise<void> {
    const known = await this.tx.select().from(legacyImports);
    for (const row of known) this.map(row.entity as Entity).set(row.legacyId, row.newId);
    await this.companies();
    await this.users();
    await this.platformBenefits();
    await this.companyBenefits();
    await this.requests();
    await this.codes();
    await this.balances();
    await this.surveys();
    await this.achievements();
  }

  private map(entity: Entity): Map<string, string> {
    let m = this.ids.get(entity);
    if (!m) this.ids.set(entity, (m = new Map()));
    return m;
  }

  private skip(entity: Entity, legacyId: string, reason: string): void {
    this.report.counts[entity].skipped++;
    this.report.skipped.push({ entity, legacyId, reason });
  }

  /**
   * The records of one map, as [legacy id, value]; a record keyed `__proto__`, `constructor` or
   * `prototype` is skipped with its reason (it names JavaScript's machinery, and an object would
   * have dropped or misread it). `prefix` makes the legacy id of a record inside another's map.
   */
  private records(entity: Entity, pairs: Array<[string, unknown]>, prefix = ''): Array<[string, unknown]> {
    return pairs.filter(([key, value]) => {
      if (value === null || typeof value !== 'object') return false;
      if (!RESERVED_KEYS.has(key)) return true;
      this.skip(entity, `${prefix}${key}`, `Registro con clave «${prefix}${key}»: es un nombre reservado de JavaScript, no un registro; renómbralo en la exportación si es real`);
      return false;
    });
  }

  /** Records what this run created (the mapping row and the count). */
  private async remember(entity: Entity, pairs: Array<[legacyId: string, newId: string]>): Promise<void> {
    for (const [legacyId, newId] of pairs) this.map(entity).set(legacyId, newId);
    this.report.counts[entity].created += pairs.length;
    for (const part of chunks(pairs, 2000)) {
      await this.tx.insert(legacyImports).values(part.map(([legacyId, newId]) => ({ entity, legacyId, newId })));
    }
  }

  /** Whether `legacyId` came in an earlier run (then it is counted as existing and left alone). */
  private existing(entity: Entity, legacyId: string): boolean {
    if (!this.map(entity).has(legacyId)) return false;
    this.report.counts[entity].existing++;
    return true;
  }

  /** A legacy company reference: its key, or (a company keyed by name, or referred to by name) its name. */
  private companyOf(ref: string | null): string | null {
    if (!ref) return null;
    return this.map('company').get(ref) ?? this.companyByName.get(ref.toLowerCase()) ?? null;
  }

  private async companies(): Promise<void> {
    const taken = await this.tx.select({ id: companies.id, name: companies.name, emailDomain: companies.emailDomain }).from(companies);
    const imported = new Set(this.map('company').values());
    const takenNames = new Map(taken.map((c) => [c.name.toLowerCase(), c.id]));
    const takenDomains = new Set(taken.flatMap((c) => (c.emailDomain ? [c.emailDomain.toLowerCase()] : [])));
    for (const c of taken) {
      this.companyNames.set(c.id, c.name);
      if (imported.has(c.id)) this.companyByName.set(c.name.toLowerCase(), c.id);
    }
    const created: Array<[string, string]> = [];
    for (const [key, value] of this.records('company', this.data.companies)) {
      const parsed = legacyCompany.safeParse(value);
      if (!parsed.success) {
        this.skip('company', key, `Empresa «${key}»: ${zodReason(parsed.error)}`);
        continue;
      }
      if (this.existing('company', key)) {
        this.companyByName.set((parsed.data.name ?? key).toLowerCase(), this.map('company').get(key) as string);
        continue;
      }
      const named = legacyName(parsed.data.name ?? key, 'company');
      if ('error' in named) {
        this.skip('company', key, `Empresa «${key.slice(0, 80)}»: el nombre no es válido (${named.error})`);
        continue;
      }
      const name = named.name;
      if (named.cleaned) this.report.warnings.push(`Empresa «${name}»: se quitaron caracteres invisibles o de control de su nombre`);
      if (takenNames.has(name.toLowerCase())) {
        this.skip('company', key, `Empresa «${name}»: ya existe una empresa con ese nombre en Jobby`);
        continue;
      }
      const domain = parsed.data.contactEmail?.split('@')[1]?.toLowerCase() ?? null;
      const emailDomain =
        domain && !takenDomains.has(domain) && companyDomainProblem(domain, this.options.config) === null ? domain : null;
      if (emailDomain) takenDomains.add(emailDomain);
      const [row] = await this.tx
        .insert(companies)
        .values({
          name,
          emailDomain,
          contactName: parsed.data.contactName,
          contactEmail: parsed.data.contactEmail,
          contactPhone: parsed.data.contactPhone,
          address: parsed.data.address,
          maxUsers: Math.max(1, parsed.data.maxUsers ?? 10),
          status: recordStatusOf(parsed.data.status),
          botEnabled: parsed.data.botEnabled,
          botEnabledAt: parsed.data.botEnabled ? (parsed.data.botEnabledDate ?? this.now) : null,
          createdAt: parsed.data.createdAt ?? this.now,
        })
        .returning({ id: companies.id });
      takenNames.set(name.toLowerCase(), row.id);
      this.companyNames.set(row.id, name);
      this.companyByName.set(name.toLowerCase(), row.id);
      created.push([key, row.id]);
    }
    await this.remember('company', created);
  }

  private async users(): Promise<void> {
    const emails = new Set((await this.tx.select({ email: users.email }).from(users)).map((r) => r.email.toLowerCase()));
    const phones = new Set((await this.tx.select({ phone: users.phone }).from(users)).flatMap((r) => (r.phone ? [r.phone] : [])));
    // People of earlier runs: their level and company, for what refers to them.
    const earlier = await this.mapped('user', (ids) =>
      this.tx.select({ id: users.id, level: users.level, companyId: users.companyId, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids)),
    );
    for (const [legacyId, r] of earlier) this.people.set(legacyId, { ...r, level: r.level ?? 3 });
    const hashes = new Map<string, string>();
    if (this.options.hashConfig && this.options.authUsers) {
      for (const person of this.options.authUsers) {
        if (person.localId && person.passwordHash) {
          hashes.set(person.localId, encodeFirebaseHash({ ...this.options.hashConfig, passwordHash: person.passwordHash, salt: person.salt ?? '' }));
        }
      }
    }
    const rows: Array<typeof users.$inferInsert> = [];
    const credentialRows: Array<typeof authAccounts.$inferInsert> = [];
    const resetRows: Array<typeof verifications.$inferInsert> = [];
    const created: Array<[string, string]> = [];
    for (const [uid, value] of this.records('user', this.data.users)) {
      if (this.existing('user', uid)) continue;
      const parsed = legacyUser.safeParse(value);
      if (!parsed.success) {
        this.skip('user', uid, `Usuario ${uid}: ${zodReason(parsed.error)}`);
        continue;
      }
      const u = parsed.data;
      const level = u.level ?? u.userLevel;
      if (level === null || level < 1 || level > 4) {
        this.skip('user', uid, `Usuario ${u.email}: no tiene nivel (ni level ni userLevel) o no es 1, 2, 3 ni 4`);
        continue;
      }
      if (emails.has(u.email)) {
        this.skip('user', uid, `Usuario ${u.email}: ya existe una cuenta con ese correo en Jobby`);
        continue;
      }
      const companyId = this.companyOf(u.companyId);
      // Levels 1 and 4 are never taken from a file (decision 350): the earlier app let a browser write
      // its own record. Such a person comes in as an employee of the record's company, or not at all,
      // and the report lists them for a level 1 person to decide.
      if (level === 1 || level === 4) {
        this.report.lowered.push({ email: u.email, fileLevel: level, company: companyId ? (this.companyNames.get(companyId) ?? null) : null });
        if (!companyId) {
          this.skip('user', uid, `Usuario ${u.email}: nivel ${level} en el archivo y sin empresa; los niveles 1 y 4 no se importan (créalo a mano si corresponde)`);
          continue;
        }
      }
      if (!companyId) {
        this.skip('user', uid, u.companyId ? `Usuario ${u.email}: su empresa «${u.companyId}» no está en la exportación o no se importó` : `Usuario ${u.email}: nivel ${level} sin empresa`);
        continue;
      }
      const givenLevel = level === 2 ? 2 : 3;
      const named = legacyName(u.displayName ?? u.email.split('@')[0], 'person');
      if ('error' in named) {
        this.skip('user', uid, `Usuario ${u.email}: el nombre no es válido (${named.error})`);
        continue;
      }
      if (named.cleaned && u.displayName) this.report.warnings.push(`Usuario ${u.email}: se quitaron caracteres invisibles o de control de su nombre`);
      const name = named.name;
      let phone = u.phone ? toE164(u.phone) : null;
      if (u.phone && (!phone || phones.has(phone))) {
        this.report.warnings.push(`Usuario ${u.email}: el teléfono «${u.phone}» no es válido o ya lo usa otra cuenta; se importó sin teléfono`);
        phone = null;
      }
      if (phone) phones.add(phone);
      emails.add(u.email);
      this.report.levels[givenLevel]++;
      const id = randomUUID();
      const prefs = Array.isArray(u.benefitPreferences)
        ? u.benefitPreferences.filter((p): p is string => typeof p === 'string')
        : typeof u.benefitPreferences === 'string' && u.benefitPreferences
          ? u.benefitPreferences.split(',').map((p) => p.trim()).filter(Boolean)
          : null;
      rows.push({
        id,
        name,
        email: u.email,
        emailVerified: true,
        level: givenLevel,
        companyId,
        userType: u.userType === 'B' ? 'B' : 'A',
        status: recordStatusOf(u.status),
        themePreference: u.themePreference === 'dark' ? 'dark' : 'light',
        phone,
        department: u.department,
        surveyCompleted: u.surveyCompleted,
        surveyCompletedAt: u.surveyCompleted ? (u.surveyCompletedAt ?? u.updatedAt ?? this.now) : null,
        surveyUpdatedAt: u.surveyUpdatedAt,
        surveyType: u.surveyType === 'A' || u.surveyType === 'B' ? u.surveyType : null,
        benefitPreferences: prefs,
        generationalMemory: u.generationalMemory,
        contactPhone: u.contactPhone,
        createdBy: 'legacy-import',
        createdAt: u.createdAt ?? this.now,
        updatedAt: u.updatedAt ?? u.createdAt ?? this.now,
      });
      const hash = hashes.get(uid);
      if (hash) {
        credentialRows.push({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: hash });
        this.report.passwords.imported++;
      } else {
        const token = randomBytes(24).toString('base64url');
        resetRows.push({ id: randomUUID(), identifier: resetPasswordIdentifier(token), value: id, expiresAt: new Date(this.now.getTime() + LEGACY_LINK_DAYS * 86_400_000) });
        this.mails.push({ email: u.email, name, token });
        this.report.passwords.mailed++;
      }
      this.people.set(uid, { id, level: givenLevel, companyId, name, email: u.email });
      created.push([uid, id]);
    }
    for (const part of chunks(rows)) await this.tx.insert(users).values(part);
    for (const part of chunks(credentialRows)) await this.tx.insert(authAccounts).values(part);
    for (const part of chunks(resetRows)) await this.tx.insert(verifications).values(part);
    await this.remember('user', created);
  }

  private async platformBenefits(): Promise<void> {
    const rows: Array<typeof platformBenefits.$inferInsert & { id: string }> = [];
    const created: Array<[string, string]> = [];
    for (const [key, value] of this.records('platform_benefit', this.data.jobby_benefits)) {
      if (this.existing('platform_benefit', key)) continue;
      const parsed = legacyPlatformBenefit.safeParse(value);
      const title = parsed.success ? (parsed.data.title ?? parsed.data.name) : null;
      if (!parsed.success || !title) {
        this.skip('platform_benefit', key, `Beneficio Jobby ${key}: ${parsed.success ? 'no tiene título ni nombre' : zodReason(parsed.error)}`);
        continue;
      }
      const named = legacyName(title, 'benefit');
      if ('error' in named) {
        this.skip('platform_benefit', key, `Beneficio Jobby ${key}: el título no es válido (${named.error})`);
        continue;
      }
      const b = parsed.data;
      const type = b.type && BENEFIT_TYPES.has(b.type) ? b.type : 'automatic';
      if (b.type !== type) this.report.warnings.push(`Beneficio Jobby «${title}»: tipo «${b.type ?? ''}» desconocido; se importó como automático`);
      const id = randomUUID();
      // availableTokens 0 meant unlimited in the earlier app; Jobby keeps unlimited as null (decision in schema).
      const stock = b.availableTokens === null ? 100 : b.availableTokens <= 0 ? null : b.availableTokens;
      rows.push({
        id,
        title: named.name,
        description: b.description ?? named.name,
        type,
        value: b.value,
        providerName: b.provider,
        category: b.category,
        image: b.image,
        isHighlighted: b.isHighlighted,
        tokenCost: Math.max(1, b.tokenCost ?? 1),
        stockRemaining: stock,
        status: recordStatusOf(b.status),
        createdBy: 'legacy-import',
        createdAt: b.createdAt ?? this.now,
      });
      created.push([key, id]);
    }
    for (const part of chunks(rows)) await this.tx.insert(platformBenefits).values(part);
    await this.remember('platform_benefit', created);
    await this.loadBenefits();
  }

  private async companyBenefits(): Promise<void> {
    const rows: Array<typeof companyBenefits.$inferInsert & { id: string }> = [];
    const created: Array<[string, string]> = [];
    for (const [companyKey, benefits] of this.records('company_benefit', this.data.company_benefits)) {
      const companyId = this.companyOf(companyKey);
      for (const [key, value] of this.records('company_benefit', pairsIn(benefits), `${companyKey}/`)) {
        const legacyId = `${companyKey}/${key}`;
        if (this.existing('company_benefit', legacyId)) continue;
        if (!companyId) {
          this.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: la empresa «${companyKey}» no se importó`);
          continue;
        }
        const parsed = legacyCompanyBenefit.safeParse(value);
        const title = parsed.success ? (parsed.data.title ?? parsed.data.name) : null;
        if (!parsed.success || !title) {
          this.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: ${parsed.success ? 'no tiene título ni nombre' : zodReason(parsed.error)}`);
          continue;
        }
        const named = legacyName(title, 'benefit');
        if ('error' in named) {
          this.skip('company_benefit', legacyId, `Beneficio de empresa ${key}: el título no es válido (${named.error})`);
          continue;
        }
        const b = parsed.data;
        let startDate = isoDate(b.startDate);
        let endDate = isoDate(b.endDate);
        if (startDate && endDate && startDate > endDate) [startDate, endDate] = [endDate, startDate];
        const id = randomUUID();
        rows.push({
          id,
          companyId,
          title: named.name,
          description: b.description ?? named.name,
          category: b.category,
          image: b.image,
          tokenCost: Math.max(1, b.tokenCost ?? 1),
          availableTokens: Math.max(0, b.availableTokens ?? 10),
          limitPerUser: Math.max(1, b.limitPerUser ?? 1),
          startDate,
          endDate,
          status: recordStatusOf(b.status),
          createdBy: 'legacy-import',
          createdAt: b.createdAt ?? this.now,
        });
        created.push([legacyId, id]);
      }
    }
    for (const part of chunks(rows)) await this.tx.insert(companyBenefits).values(part);
    await this.remember('company_benefit', created);
    await this.loadBenefits();
  }

  /** The imported benefits (this run's and earlier ones'), for requests and codes. */
  private async loadBenefits(): Promise<void> {
    const platform = await this.mapped('platform_benefit', (ids) =>
      this.tx
        .select({ id: platformBenefits.id, title: platformBenefits.title, type: platformBenefits.type, providerUserId: platformBenefits.providerUserId })
        .from(platformBenefits)
        .where(inArray(platformBenefits.id, ids)),
    );
    for (const [key, row] of platform) this.platformBenefitRows.set(key, row);
    const company = await this.mapped('company_benefit', (ids) =>
      this.tx.select({ id: companyBenefits.id, title: companyBenefits.title, companyId: companyBenefits.companyId }).from(companyBenefits).where(inArray(companyBenefits.id, ids)),
    );
    for (const [key, row] of company) this.companyBenefitRows.set(key, row);
  }

  /** The rows of what was imported as `entity` (earlier runs and this one), by legacy id; `read` takes up to 5,000 new ids. */
  private async mapped<T extends { id: string }>(entity: Entity, read: (ids: string[]) => Promise<T[]>): Promise<Map<string, T>> {
    const out = new Map<string, T>();
    for (const part of chunks([...this.map(entity).entries()], 5000)) {
      const byId = new Map((await read(part.map(([, id]) => id))).map((row) => [row.id, row]));
      for (const [legacyId, id] of part) {
        const row = byId.get(id);
        if (row) out.set(legacyId, row);
      }
    }
    return out;
  }

  /** A company benefit by its legacy id alone (requests name the benefit, not its company path), within `companyId`. */
  private companyBenefitOf(benefitId: string, companyKey: string | null, companyId: string | null) {
    if (companyKey) {
      const direct = this.companyBenefitRows.get(`${companyKey}/${benefitId}`);
      if (direct) return direct;
    }
    for (const [key, row] of this.companyBenefitRows) if (key.endsWith(`/${benefitId}`) && (!companyId || row.companyId === companyId)) return row;
    return null;
  }

  private async requests(): Promise<void> {
    const rows: Array<typeof benefitRequests.$inferInsert & { id: string }> = [];
    const created: Array<[string, string]> = [];
    for (const [key, value] of this.records('request', this.data.benefit_requests)) {
      if (this.existing('request', key)) continue;
      const parsed = legacyRequest.safeParse(value);
      if (!parsed.success) {
        this.skip('request', key, `Solicitud ${key}: ${zodReason(parsed.error)}`);
        continue;
      }
      const r = parsed.data;
      const person = r.userId ? this.people.get(r.userId) : undefined;
      if (!person) {
        this.skip('request', key, `Solicitud ${key}: su usuario «${r.userId ?? ''}» no se importó`);
        continue;
      }
      const platform = r.isBenefitJobby && r.benefitId ? this.platformBenefitRows.get(r.benefitId) : undefined;
      const company = !r.isBenefitJobby && r.benefitId ? this.companyBenefitOf(r.benefitId, r.companyId, person.companyId) : null;
      if (!platform && !company) {
        this.skip('request', key, `Solicitud ${key}: su beneficio «${r.benefitId ?? ''}» no está en la exportación o no se importó`);
        continue;
      }
      if (!r.status || !REQUEST_STATUSES.has(r.status)) {
        this.skip('request', key, `Solicitud ${key}: estado «${r.status ?? ''}» desconocido`);
        continue;
      }
      const id = randomUUID();
      rows.push({
        id,
        userId: person.id,
        companyId: company?.companyId ?? person.companyId,
        platformBenefitId: platform?.id ?? null,
        companyBenefitId: company?.id ?? null,
        benefitName: r.benefitName ?? platform?.title ?? company?.title ?? '',
        benefitType: r.benefitType ?? platform?.type ?? null,
        isBenefitJobby: Boolean(platform),
        paidWithTokens: r.paidWithTokens,
        tokenCost: Math.max(0, r.tokenCost ?? 0),
        status: r.status,
        requestDate: r.requestDate ?? this.now,
        processedDate: r.processedDate,
        providerUserId: platform?.providerUserId ?? null,
        adminId: r.adminId === 'system' ? 'system' : r.adminId ? (this.people.get(r.adminId)?.id ?? null) : null,
        adminInstructions: r.adminInstructions,
        productLink: r.productLink,
        userEmail: r.userEmail,
        userName: r.userName,
        comments: r.comments,
      });
      created.push([key, id]);
    }
    for (const part of chunks(rows)) await this.tx.insert(benefitRequests).values(part);
    await this.remember('request', created);
  }

  private async codes(): Promise<void> {
    const requestIds = [...this.map('request').values()];
    const requestRows = new Map<string, typeof benefitRequests.$inferSelect>();
    for (const part of chunks(requestIds, 5000)) {
      for (const r of await this.tx.select().from(benefitRequests).where(inArray(benefitRequests.id, part))) requestRows.set(r.id, r);
    }
    const candidates = this.records('code', this.data.benefit_tokens).map(([key, value]) => [key, legacyToken.safeParse(value)] as const);
    const wanted = candidates.flatMap(([, p]) => (p.success && p.data.tokenCode ? [p.data.tokenCode.toUpperCase()] : []));
    const takenCodes = new Set<string>();
    for (const part of chunks(wanted, 5000)) {
      for (const r of await this.tx.select({ code: benefitCodes.code }).from(benefitCodes).where(inArray(benefitCodes.code, part))) takenCodes.add(r.code);
    }
    const coded = new Set<string>();
    const rows: Array<typeof benefitCodes.$inferInsert & { id: string }> = [];
    const created: Array<[string, string]> = [];
    let used = 0;
    for (const [key, parsed] of candidates) {
      if (this.existing('code', key)) continue;
      if (!parsed.success) {
        this.skip('code', key, `Token ${key}: ${zodReason(parsed.error)}`);
        continue;
      }
      const t = parsed.data;
      const requestId = t.requestId ? this.map('request').get(t.requestId) : undefined;
      const request = requestId ? requestRows.get(requestId) : undefined;
      if (!request) {
        this.skip('code', key, `Token ${key}: su solicitud «${t.requestId ?? ''}» no está en la exportación o no se importó`);
        continue;
      }
      const code = t.tokenCode?.toUpperCase() ?? '';
      if (!CODE_PATTERN.test(code)) {
        this.skip('code', key, `Token ${key}: el código «${t.tokenCode ?? ''}» no tiene 8 caracteres de A-Z y 0-9`);
        continue;
      }
      if (takenCodes.has(code)) {
        this.skip('code', key, `Token ${key}: el código ${code} ya existe en Jobby`);
        continue;
      }
      if (coded.has(request.id)) {
        this.skip('code', key, `Token ${key}: su solicitud ya tiene otro token`);
        continue;
      }
      takenCodes.add(code);
      coded.add(request.id);
      const isUsed = t.status === 'used';
      const createdAt = t.createdAt ?? request.processedDate ?? request.requestDate;
      const id = randomUUID();
      rows.push({
        id,
        code,
        requestId: request.id,
        status: isUsed ? 'used' : 'active',
        createdAt,
        expiresAt: t.expiresAt ?? new Date(createdAt.getTime() + DEFAULT_CODE_DAYS * 86_400_000),
        createdBy: t.createdBy === 'system' ? 'system' : t.createdBy ? (this.people.get(t.createdBy)?.id ?? null) : null,
        userId: request.userId,
        companyId: request.companyId,
        platformBenefitId: request.platformBenefitId,
        companyBenefitId: request.companyBenefitId,
        providerUserId: request.providerUserId,
        benefitName: request.benefitName,
        benefitType: request.benefitType,
        isBenefitJobby: request.isBenefitJobby,
        adminInstructions: t.adminInstructions ?? request.adminInstructions,
        usedBy: isUsed && t.usedBy ? (this.people.get(t.usedBy)?.id ?? null) : null,
        usedAt: isUsed ? (t.usedAt ?? createdAt) : null,
      });
      if (isUsed) used++;
      created.push([key, id]);
    }
    for (const part of chunks(rows)) await this.tx.insert(benefitCodes).values(part);
    if (used > 0) {
      // The platform's running count of used codes (modules/counters), which the workers keep from events.
      await this.tx
        .insert(platformCounters)
        .values({ name: 'codes_used', value: used })
        .onConflictDoUpdate({ target: platformCounters.name, set: { value: sql`${platformCounters.value} + ${used}`, updatedAt: new Date() } });
    }
    await this.remember('code', created);
  }

  /**
   * Each wallet's history replayed as transfers, oldest first: 'add' → import (from issuance), 'remove'
   * → revoke (to issuance), 'used' → spend (to the spend account). When the history alone would go below
   * zero (it began before the export), an opening import comes first; when it does not end at the
   * balance, a last adjustment makes it (so the balance is the sum of the history). Legacy rule (part 1
   * §4): no jobby_balance → the legacy balance (and history) is the flexible one, and company tokens are 0.
   */
  private async balances(): Promise<void> {
    const inputs: Array<{ input: TransferInput; at: Date }> = [];
    const created: Array<[string, string]> = [];
    for (const [uid, value] of this.records('balance', this.data.user_blank_tokens)) {
      if (this.existing('balance', uid)) continue;
      const person = this.people.get(uid);
      if (!person) {
        this.skip('balance', uid, `Saldo de ${uid}: su usuario no está en la exportación o no se importó`);
        continue;
      }
      const parsed = legacyBalance.safeParse(value);
      if (!parsed.success) {
        this.skip('balance', uid, `Saldo de ${person.email}: ${zodReason(parsed.error)}`);
        continue;
      }
      const b = parsed.data;
      const legacyRule = b.jobby_balance === null;
      const wallets: Array<{ tokenType: TokenType; target: number; history: unknown[] }> = [
        { tokenType: 'jobby', target: legacyRule ? (b.balance ?? 0) : b.jobby_balance ?? 0, history: legacyRule && b.jobby_history.length === 0 ? b.history : b.jobby_history },
        { tokenType: 'company', target: legacyRule ? 0 : (b.company_balance ?? 0), history: b.company_history },
      ];
      let problem: string | null = null;
      for (const w of wallets) {
        const label = w.tokenType === 'jobby' ? 'Jobby' : 'de empresa';
        if (w.target < 0) problem = `saldo ${label} negativo (${w.target})`;
        // Decision 351: a balance no person of the earlier app could have had is a broken record, not money.
        if (w.target > MAX_IMPORTED_BALANCE) problem = `saldo ${label} de ${w.target.toLocaleString('es-CL')} tokens, más que el máximo importable (${MAX_IMPORTED_BALANCE.toLocaleString('es-CL')})`;
        if (w.tokenType === 'company' && !person.companyId && (w.target > 0 || w.history.length > 0)) problem = 'tiene tokens de empresa pero no tiene empresa';
      }
      if (problem) {
        this.skip('balance', uid, `Saldo de ${person.email}: ${problem}`);
        continue;
      }
      for (const w of wallets) {
        const history: LegacyHistoryEntry[] = [];
        for (const entry of w.history) {
          const e = legacyHistoryEntry.safeParse(entry);
          if (e.success) history.push(e.data);
          else this.report.warnings.push(`Historial de ${person.email}: se omitió un movimiento (${zodReason(e.error)})`);
        }
        inputs.push(...this.replay(person, w.tokenType, w.target, history));
      }
      created.push([uid, person.id]);
    }
    await this.writeTransfers(inputs);
    await this.remember('balance', created);
  }

  private replay(person: UserInfo, tokenType: TokenType, target: number, history: LegacyHistoryEntry[]): Array<{ input: TransferInput; at: Date }> {
    if (tokenType === 'company' && !person.companyId) return [];
    const { account: wallet, wallet: ref } = walletFor(tokenType, { userId: person.id, companyId: person.companyId });
    const issuance = tokenType === 'jobby' ? accounts.platformIssuance() : accounts.companyIssuance(person.companyId as string);
    const spend = tokenType === 'jobby' ? accounts.platformSpend(null) : accounts.companySpend(person.companyId as string);
    const sorted = history.map((e, i) => ({ e, i })).sort((a, b) => (a.e.createdAt?.getTime() ?? 0) - (b.e.createdAt?.getTime() ?? 0) || a.i - b.i).map((x) => x.e);
    const delta = (e: LegacyHistoryEntry) => (e.type === 'add' ? e.amount : -e.amount);
    let running = 0;
    let lowest = 0;
    for (const e of sorted) lowest = Math.min(lowest, (running += delta(e)));
    const out: Array<{ input: TransferInput; at: Date }> = [];
    const first = sorted[0]?.createdAt ?? this.now;
    const move = (from: Account, to: Account, amount: number, kind: TransferInput['kind'], reason: string, at: Date, actor: TransferInput['actor'] = null) =>
      out.push({ input: { from, to, amount, kind, reason, actor, wallet: ref }, at });
    if (lowest < 0) move(issuance, wallet, -lowest, 'import', 'Saldo inicial importado de la app anterior', first);
    for (const e of sorted) {
      const at = e.createdAt ?? first;
      const actorName = e.adminName ?? e.adminEmail;
      const actor = actorName || e.adminId ? { id: (e.adminId && this.people.get(e.adminId)?.id) || e.adminId || 'legacy', name: actorName ?? '' } : null;
      if (e.type === 'add') move(issuance, wallet, e.amount, 'import', e.reason ?? 'Tokens importados de la app anterior', at, actor);
      else if (e.type === 'remove') move(wallet, issuance, e.amount, 'revoke', e.reason ?? 'Tokens retirados (app anterior)', at, actor);
      else move(wallet, spend, e.amount, 'spend', e.reason ?? 'Canje (app anterior)', at, actor);
    }
    const end = running - lowest;
    const last = sorted.at(-1)?.createdAt ?? this.now;
    if (target > end) move(issuance, wallet, target - end, 'import', 'Ajuste de saldo importado de la app anterior', last);
    if (target < end) move(wallet, issuance, end - target, 'revoke', 'Ajuste de saldo importado de la app anterior', last);
    return out;
  }

  private async surveys(): Promise<void> {
    const rowsA: Array<typeof profileSurveys.$inferInsert> = [];
    const createdA: Array<[string, string]> = [];
    const seenA = new Set<string>();
    for (const [key, value] of this.records('survey_a', this.data['encuestas-perfilamiento'])) {
      if (this.existing('survey_a', key)) continue;
      const parsed = legacySurveyA.safeParse(value);
      if (!parsed.success) {
        this.skip('survey_a', key, `Encuesta ${key}: ${zodReason(parsed.error)}`);
        continue;
      }
      // Keyed by the person's uid, or a push id with userId inside.
      const person = this.people.get(parsed.data.userId ?? key);
      if (!person) {
        this.skip('survey_a', key, `Encuesta ${key}: su usuario no está en la exportación o no se importó`);
        continue;
      }
      if (seenA.has(person.id)) {
        this.skip('survey_a', key, `Encuesta ${key}: ${person.email} ya tiene otra encuesta en la exportación`);
        continue;
      }
      seenA.add(person.id);
      rowsA.push({
        userId: person.id,
        userName: parsed.data.userName ?? person.name,
        surveyType: 'A',
        answers: parsed.data.answers,
        selectedBenefits: parsed.data.selectedBenefits,
        medals: parsed.data.medals,
        completedAt: parsed.data.completedAt ?? parsed.data.timestamp ?? this.now,
      });
      createdA.push([key, person.id]);
    }
    for (const part of chunks(rowsA)) await this.tx.insert(profileSurveys).values(part).onConflictDoNothing();
    await this.remember('survey_a', createdA);

    const rowsB: Array<typeof surveyBResponses.$inferInsert> = [];
    const createdB: Array<[string, string]> = [];
    for (const [uid, value] of this.records('survey_b', this.data.survey_b_responses)) {
      if (this.existing('survey_b', uid)) continue;
      const parsed = legacySurveyB.safeParse(value);
      const person = this.people.get(uid);
      if (!parsed.success || !person) {
        this.skip('survey_b', uid, `Encuesta B ${uid}: ${parsed.success ? 'su usuario no está en la exportación o no se importó' : zodReason(parsed.error)}`);
        continue;
      }
      const s = parsed.data;
      rowsB.push({
        userId: person.id,
        personalityMatrix: s.personalityMatrix,
        benefitPriorities: s.benefitPriorities ?? null,
        lifestyleAssessment: s.lifestyleAssessment ?? null,
        futureVision: s.futureVision ?? null,
        completedAt: s.completedAt ?? s.submittedAt ?? this.now,
        submittedAt: s.submittedAt ?? s.completedAt ?? this.now,
      });
      createdB.push([uid, person.id]);
    }
    for (const part of chunks(rowsB)) await this.tx.insert(surveyBResponses).values(part).onConflictDoNothing();
    await this.remember('survey_b', createdB);
  }

  private async achievements(): Promise<void> {
    const created: Array<[string, string]> = [];
    for (const [key, value] of this.records('achievement', this.data.achievements)) {
      if (this.existing('achievement', key)) continue;
      const parsed = legacyAchievement.safeParse(value);
      const type = parsed.success ? parsed.data.condition.type : null;
      if (!parsed.success || !parsed.data.name || !type || !(ACHIEVEMENT_CONDITION_TYPES as readonly string[]).includes(type)) {
        this.skip('achievement', key, `Logro ${key}: ${parsed.success ? (parsed.data.name ? `condición «${type ?? ''}» desconocida` : 'no tiene nombre') : zodReason(parsed.error)}`);
        continue;
      }
      const a = parsed.data;
      const [row] = await this.tx
        .insert(achievementRules)
        .values({
          name: a.name as string,
          description: a.description ?? (a.name as string),
          conditionType: type,
          conditionValue: a.condition.value ?? null,
          conditionMinUsers: a.condition.minUsers ?? null,
          rewardTokens: Math.max(0, a.rewards.tokens ?? 0),
          status: recordStatusOf(a.status),
          createdBy: a.createdBy ? (this.people.get(a.createdBy)?.id ?? null) : null,
          createdAt: a.createdAt ?? this.now,
        })
        .returning({ id: achievementRules.id });
      created.push([key, row.id]);
    }
    await this.remember('achievement', created);

    const rows: Array<typeof userAchievements.$inferInsert> = [];
    const granted: Array<[string, string]> = [];
    for (const [uid, list] of this.records('user_achievement', this.data.user_achievements)) {
      const person = this.people.get(uid);
      for (const [key, value] of this.records('user_achievement', pairsIn(list), `${uid}/`)) {
        const legacyId = `${uid}/${key}`;
        if (this.existing('user_achievement', legacyId)) continue;
        const parsed = legacyUserAchievement.safeParse(value);
        const ruleId = parsed.success && parsed.data.ruleId ? this.map('achievement').get(parsed.data.ruleId) : undefined;
        if (!person || !parsed.success || !ruleId) {
          this.skip('user_achievement', legacyId, `Logro otorgado ${legacyId}: ${!person ? 'su usuario no se importó' : !parsed.success ? zodReason(parsed.error) : 'su logro no se importó'}`);
          continue;
        }
        const id = randomUUID();
        // The reward's tokens are already in the person's imported history: no transfer here.
        rows.push({ id, userId: person.id, ruleId, ruleName: parsed.data.ruleName ?? '', grantedAt: parsed.data.grantedAt ?? this.now, context: parsed.data.context ?? null, rewardTokens: Math.max(0, parsed.data.rewardTokens ?? 0) });
        granted.push([legacyId, id]);
      }
    }
    for (const part of chunks(rows)) await this.tx.insert(userAchievements).values(part).onConflictDoNothing();
    await this.remember('user_achievement', granted);
  }

  /**
   * The replayed history, written in bulk (decision 156): at 10,000 people the ledger's transferAll
   * (one statement per wallet movement) took minutes. The same rows transferAll would write — accounts
   * as in `accounts`, each transfer with its wallet's balance before and after, the shared accounts
   * moved by their totals after the wallets (the ledger's lock order) — but in a few multi-row
   * statements, each transfer with its own date from the start. The invariants are checked in the
   * same transaction before it commits (importLegacy rolls back when they do not hold).
   */
  private async writeTransfers(inputs: Array<{ input: TransferInput; at: Date }>): Promise<void> {
    if (inputs.length === 0) return;
    const walletIds = [...new Set(inputs.map(({ input }) => (input.from.kind === 'wallet' ? input.from.id : input.to.id)))].sort();
    const held = new Map<string, number>();
    for (const part of chunks(walletIds, 5000)) {
      const rows = await this.tx.select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance }).from(ledgerAccounts).where(inArray(ledgerAccounts.id, part)).for('update');
      for (const r of rows) held.set(r.id, r.balance);
    }
    const opened = new Map<string, Account>();
    const shared = new Map<string, { account: Account; delta: number }>();
    const rows: Array<typeof ledgerTransfers.$inferInsert> = [];
    for (const { input, at } of inputs) {
      const walletSide = input.from.kind === 'wallet' ? input.from : input.to;
      const other = walletSide === input.from ? input.to : input.from;
      const delta = walletSide === input.to ? input.amount : -input.amount;
      const before = held.get(walletSide.id) ?? 0;
      const after = before + delta;
      if (after < 0) throw new Error(`legacy import: wallet ${walletSide.id} would go below zero`);
      held.set(walletSide.id, after);
      opened.set(walletSide.id, walletSide);
      const s = shared.get(other.id);
      shared.set(other.id, { account: other, delta: (s?.delta ?? 0) - delta });
      rows.push({ ...transferRow(input, { balanceBefore: before, balanceAfter: after }), createdAt: at });
    }
    for (const part of chunks([...opened.values()], 2000)) {
      await this.tx
        .insert(ledgerAccounts)
        .values(part.map((account) => accountRow(account, held.get(account.id) ?? 0)))
        .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance: sql`excluded.balance`, updatedAt: new Date() } });
    }
    for (const { account, delta } of [...shared.values()].sort((a, b) => (a.account.id < b.account.id ? -1 : 1))) {
      if (delta === 0) continue;
      await this.tx
        .insert(ledgerAccounts)
        .values(accountRow(account, delta))
        .onConflictDoUpdate({ target: ledgerAccounts.id, set: { balance: sql`${ledgerAccounts.balance} + ${delta}`, updatedAt: new Date() } });
    }
    for (const part of chunks(rows, 1000)) await this.tx.insert(ledgerTransfers).values(part);
    this.report.transfers += rows.length;
  }
}
