/**
 * What every step of a legacy import shares (docs/architecture.md): the transaction, the parsed export,
 * the report it fills, the legacy id → new id maps (earlier runs' and this one's), and the people,
 * companies and benefits later steps refer to. Each step in ./steps/ is a function over it; service.ts
 * runs them in order inside one transaction.
 */
import type { AppConfig } from '../../config';
import type { Tx } from '../../db/client';
import { legacyImports } from '../../db/schema';
import { valuesOf } from '#domain/labelled';
import type { FirebaseHashConfig } from '../../accounts/firebase-password';
import { RESERVED_KEYS, type legacyExport } from './parse';
import type { MailTransport } from '../mail/index';

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
const CHUNK = 500;

export function chunks<T>(rows: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The [key, value] pairs of a map inside a record (a company's benefits, a person's achievements). */
export function pairsIn(map: unknown): Array<[string, unknown]> {
  return map !== null && typeof map === 'object' ? Object.entries(map) : [];
}

export type UserInfo = { id: string; level: number; companyId: string | null; name: string; email: string };

export class Run {
  /** legacy id → new id per entity: what earlier runs imported plus what this run adds. */
  readonly ids = new Map<Entity, Map<string, string>>();
  readonly people = new Map<string, UserInfo>();
  readonly companyByName = new Map<string, string>();
  /** Company id → name, for the report's lines. */
  readonly companyNames = new Map<string, string>();
  readonly platformBenefitRows = new Map<string, { id: string; title: string; type: string; providerUserId: string | null }>();
  readonly companyBenefitRows = new Map<string, { id: string; title: string; companyId: string }>();

  constructor(
    readonly tx: Tx,
    readonly data: ReturnType<typeof legacyExport.parse>,
    readonly options: ImportOptions,
    readonly report: ImportReport,
    readonly now: Date,
    readonly mails: Array<{ email: string; name: string; token: string }>,
  ) {}

  /** Loads what earlier runs imported, so this run counts it as existing and refers to it. */
  async loadKnown(): Promise<void> {
    const known = await this.tx.select().from(legacyImports);
    for (const row of known) this.map(row.entity as Entity).set(row.legacyId, row.newId);
  }

  map(entity: Entity): Map<string, string> {
    let m = this.ids.get(entity);
    if (!m) this.ids.set(entity, (m = new Map()));
    return m;
  }

  skip(entity: Entity, legacyId: string, reason: string): void {
    this.report.counts[entity].skipped++;
    this.report.skipped.push({ entity, legacyId, reason });
  }

  /**
   * The records of one map, as [legacy id, value]; a record keyed `__proto__`, `constructor` or
   * `prototype` is skipped with its reason (it names JavaScript's machinery, and an object would
   * have dropped or misread it). `prefix` makes the legacy id of a record inside another's map.
   */
  records(entity: Entity, pairs: Array<[string, unknown]>, prefix = ''): Array<[string, unknown]> {
    return pairs.filter(([key, value]) => {
      if (value === null || typeof value !== 'object') return false;
      if (!RESERVED_KEYS.has(key)) return true;
      this.skip(entity, `${prefix}${key}`, `Registro con clave «${prefix}${key}»: es un nombre reservado de JavaScript, no un registro; renómbralo en la exportación si es real`);
      return false;
    });
  }

  /** Records what this run created (the mapping row and the count). */
  async remember(entity: Entity, pairs: Array<[legacyId: string, newId: string]>): Promise<void> {
    for (const [legacyId, newId] of pairs) this.map(entity).set(legacyId, newId);
    this.report.counts[entity].created += pairs.length;
    for (const part of chunks(pairs, 2000)) {
      await this.tx.insert(legacyImports).values(part.map(([legacyId, newId]) => ({ entity, legacyId, newId })));
    }
  }

  /** Whether `legacyId` came in an earlier run (then it is counted as existing and left alone). */
  existing(entity: Entity, legacyId: string): boolean {
    if (!this.map(entity).has(legacyId)) return false;
    this.report.counts[entity].existing++;
    return true;
  }

  /** A legacy company reference: its key, or (a company keyed by name, or referred to by name) its name. */
  companyOf(ref: string | null): string | null {
    if (!ref) return null;
    return this.map('company').get(ref) ?? this.companyByName.get(ref.toLowerCase()) ?? null;
  }

  /** The rows of what was imported as `entity` (earlier runs and this one), by legacy id; `read` takes up to 5,000 new ids. */
  async mapped<T extends { id: string }>(entity: Entity, read: (ids: string[]) => Promise<T[]>): Promise<Map<string, T>> {
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
}
