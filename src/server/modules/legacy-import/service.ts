/**
 * Moving a company from the earlier app (decisions 156 and 157): its Realtime Database export becomes Jobby's
 * companies, people, benefits, requests, codes, surveys and achievements, and each balance enters the
 * ledger as its history replayed as transfers (so every balance is the sum of its history and
 * every asset sums to zero), with the legacy rule of spec part 1 §4 applied. One transaction: a failure
 * leaves nothing half-imported, and `dryRun` runs it all and rolls back. Every imported record is kept
 * in `legacy_imports` (legacy id → new id), so a second run changes nothing. Rows are written in bulk
 * (thousands of people in one run); the ledger rows as the ledger writes them, checked before COMMIT.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client';
import { ledgerAccounts, ledgerTransfers } from '../../db/schema';
import { legacyWelcomeMail } from '../mail/index';
import { legacyExport } from './parse';
import { LEGACY_LINK_DAYS, ENTITIES, Run, type ImportOptions, type ImportReport } from './run';
import { importAchievements } from './steps/achievements';
import { importBalances } from './steps/balances';
import { importCompanyBenefits, importPlatformBenefits } from './steps/benefits';
import { importCompanies } from './steps/companies';
import { importCodes, importRequests } from './steps/requests-codes';
import { importSurveys } from './steps/surveys';
import { importUsers } from './steps/users';

export { ENTITIES, ENTITY_LABELS, LEGACY_LINK_DAYS } from './run';
export type { Entity, FirebaseAuthUser, ImportOptions, ImportReport, LoweredLevel, Skipped } from './run';

class DryRun extends Error {}

/** The steps, in order: each may refer to what the earlier ones imported. */
const STEPS = [importCompanies, importUsers, importPlatformBenefits, importCompanyBenefits, importRequests, importCodes, importBalances, importSurveys, importAchievements];

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
      const run = new Run(tx, data, options, report, now, mails);
      await run.loadKnown();
      for (const step of STEPS) await step(run);
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
