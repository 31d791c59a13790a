/**
 * Set-based seeding (INSERT … SELECT FROM generate_series): a provider, an HR admin, one company with
 * its employees and their wallets, the benefits the phases use, and N approved requests each with
 * an active code. A million codes take seconds this way; row-by-row inserts would take many minutes.
 *
 * The rows keep the app's invariants, so the server sees a database it could have produced itself:
 * every wallet balance equals the sum of its transfers (one grant each), issuance accounts hold
 * minus what they issued, and each code belongs to exactly one approved request.
 */
import { sql } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Database } from '../src/server/db/client';
import { benchCodeSql } from './codes';
import { literal, query } from './db';

export const PASSWORD = 'bench-secreto-123';

/** Fixed ids, so the phases and the final checks can name rows without reading them back. */
export const IDS = {
  company: 'b0000000-0000-4000-8000-000000000001',
  platformBenefit: 'b0000000-0000-4000-8000-000000000002',
  companyBenefit: 'b0000000-0000-4000-8000-000000000003',
  provider: 'bench-provider',
  hr: 'bench-hr',
  employee: (n: number) => `bench-emp-${n}`,
};
export const EMAILS = {
  provider: 'bench@jobby.sup',
  hr: 'admin@benchco.cl',
  employee: (n: number) => `emp${n}@benchco.cl`,
};
export const COMPANY_NAME = 'benchco';
/** The company benefit's stock: far above what a run can redeem, so no request is refused for stock. */
export const BENEFIT_STOCK = 100_000_000;

export type SeedOptions = {
  employees: number;
  /** Initial balance of every employee's flexible (jobby) wallet. */
  jobbyInitial: number;
  /** Initial balance of every employee's company wallet: the one the redemption phase spends. */
  companyInitial: number;
};

/** Request and code ids derived from n, like the codes themselves (codes.ts). */
const requestIdSql = (n: string) => `('a0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const codeIdSql = (n: string) => `('c0000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

export async function seedBase(database: Database, options: SeedOptions): Promise<void> {
  const { employees, jobbyInitial, companyInitial } = options;
  // One scrypt hash shared by every user: hashing 10,000 passwords would take minutes.
  const hash = literal(await hashPassword(PASSWORD));
  const company = `${literal(IDS.company)}::uuid`;
  const companyAsset = literal(`company:${IDS.company}`);
  const companyIssuance = literal(`company:${IDS.company}`);

  const statements = [
    `INSERT INTO companies (id, name, max_users, status) VALUES (${company}, ${literal(COMPANY_NAME)}, ${employees + 100}, 'active')`,

    // Levels are set here, so no first-sign-in derivation runs during the bench.
    `INSERT INTO users (id, name, email, email_verified, level, company_id, status, survey_completed)
     VALUES (${literal(IDS.provider)}, 'Proveedor Bench', ${literal(EMAILS.provider)}, true, 4, NULL, 'active', true),
            (${literal(IDS.hr)}, 'RRHH Bench', ${literal(EMAILS.hr)}, true, 2, ${company}, 'active', true)`,
    `INSERT INTO users (id, name, email, email_verified, level, company_id, status, survey_completed, department, created_at, updated_at)
     SELECT 'bench-emp-' || i, 'Empleado ' || lpad(i::text, 5, '0'), 'emp' || i || '@benchco.cl', true, 3, ${company}, 'active', true,
            'Área ' || (i % 12), now() - i * interval '1 second', now() - i * interval '1 second'
     FROM generate_series(1, ${employees}) AS i`,
    `INSERT INTO accounts (id, account_id, provider_id, user_id, password)
     SELECT 'bench-acc-' || u.id, u.id, 'credential', u.id, ${hash} FROM users u`,

    `INSERT INTO platform_benefits (id, title, description, type, provider_name, provider_user_id, token_cost, stock_remaining, status)
     VALUES (${literal(IDS.platformBenefit)}, 'Bench: gimnasio', 'Beneficio de proveedor para el bench', 'third_party', 'Proveedor Bench',
             ${literal(IDS.provider)}, 1, NULL, 'active')`,
    // Cost 1, stock and per-user limit far above what a run can reach, no approval: every
    // redemption should succeed, so any failure or mismatch is the server's, not the data's.
    `INSERT INTO company_benefits (id, company_id, title, description, token_cost, available_tokens, limit_per_user, requires_approval, status)
     VALUES (${literal(IDS.companyBenefit)}, ${company}, 'Bench: café', 'Beneficio interno para el bench', 1, ${BENEFIT_STOCK}, 1000000, false, 'active')`,

    // Ledger: issuance accounts hold minus what they issued; each wallet got one grant.
    `INSERT INTO ledger_accounts (id, kind, asset, company_id, balance)
     VALUES ('platform:jobby', 'issuance', 'jobby', NULL, ${-employees * jobbyInitial}),
            (${companyIssuance}, 'issuance', ${companyAsset}, ${company}, ${-employees * companyInitial})`,
    `INSERT INTO ledger_accounts (id, kind, asset, owner_user_id, company_id, token_type, balance)
     SELECT 'employee:bench-emp-' || i || ':jobby', 'wallet', 'jobby', 'bench-emp-' || i, NULL, 'jobby', ${jobbyInitial}
     FROM generate_series(1, ${employees}) AS i
     UNION ALL
     SELECT 'employee:bench-emp-' || i || ':company:' || ${literal(IDS.company)}, 'wallet', ${companyAsset}, 'bench-emp-' || i, ${company}, 'company', ${companyInitial}
     FROM generate_series(1, ${employees}) AS i`,
    `INSERT INTO ledger_transfers (asset, from_account, to_account, amount, kind, reason, actor_id, actor_name,
                                   wallet_user_id, wallet_company_id, token_type, balance_before, balance_after)
     SELECT 'jobby', 'platform:jobby', 'employee:bench-emp-' || i || ':jobby', ${jobbyInitial}, 'grant', 'Bench: saldo inicial',
            'bench', 'Bench', 'bench-emp-' || i, ${company}, 'jobby', 0, ${jobbyInitial}
     FROM generate_series(1, ${employees}) AS i
     UNION ALL
     SELECT ${companyAsset}, ${companyIssuance}, 'employee:bench-emp-' || i || ':company:' || ${literal(IDS.company)}, ${companyInitial}, 'grant',
            'Bench: saldo inicial', ${literal(IDS.hr)}, 'RRHH Bench', 'bench-emp-' || i, ${company}, 'company', 0, ${companyInitial}
     FROM generate_series(1, ${employees}) AS i`,
  ];
  for (const statement of statements) await query(database, statement);
}

/**
 * Adds codes n = from … to−1 (each with its approved request), `chunk` rows per statement so that
 * one statement never holds a million rows in memory (PGlite runs inside this process).
 * The requests are platform-benefit requests approved without payment (token cost 0), so the
 * ledger needs no matching transfers; the codes are linked to the bench provider, the one case
 * every verification rule accepts.
 *
 * Large batches are loaded the way bulk loads usually are, because row-by-row index maintenance
 * and foreign-key triggers made 1,000,000 codes take over six minutes on PGlite:
 * - foreign-key triggers are skipped for this transaction (`session_replication_role = replica`);
 *   the rows are built to point at rows that exist, so nothing unchecked can be wrong;
 * - the secondary indexes of the two tables are dropped and then re-created from their own
 *   definitions (read from pg_indexes, so they stay exactly the app's migrations). Primary keys
 *   stay; the ids are sequential, so maintaining them is cheap. A freshly built B-tree is a little
 *   denser than one grown by random inserts; at 1,000,000 keys both are three levels deep, so a
 *   lookup reads the same number of pages.
 */
export async function seedCodes(database: Database, options: { from: number; to: number; employees: number; chunk?: number }): Promise<void> {
  const chunk = options.chunk ?? 250_000;
  const bulk = options.to - options.from >= BULK_THRESHOLD;
  const company = `${literal(IDS.company)}::uuid`;
  const benefit = `${literal(IDS.platformBenefit)}::uuid`;
  const provider = literal(IDS.provider);
  const owner = `'bench-emp-' || (1 + n % ${options.employees})`;
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    let indexes: { indexname: string; indexdef: string }[] = [];
    if (bulk) {
      await run('SET LOCAL session_replication_role = replica');
      const result = (await run(
        `SELECT indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename IN ('benefit_codes', 'benefit_requests')
           AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] };
      indexes = result.rows;
      for (const index of indexes) await run(`DROP INDEX ${index.indexname}`);
    }
    for (let start = options.from; start < options.to; start += chunk) {
      const end = Math.min(start + chunk, options.to) - 1;
      await run(
        `INSERT INTO benefit_requests (id, user_id, company_id, platform_benefit_id, benefit_name, benefit_type, is_benefit_jobby,
                                       paid_with_tokens, token_cost, status, request_date, processed_date, admin_id)
         SELECT ${requestIdSql('n')}, ${owner}, ${company}, ${benefit}, 'Bench: gimnasio', 'third_party', true,
                false, 0, 'approved', now() - interval '1 day', now() - interval '1 day', 'system'
         FROM generate_series(${start}, ${end}) AS n`,
      );
      await run(
        `INSERT INTO benefit_codes (id, code, request_id, status, created_at, expires_at, created_by, user_id, company_id,
                                    platform_benefit_id, provider_user_id, benefit_name, benefit_type, is_benefit_jobby)
         SELECT ${codeIdSql('n')}, ${benchCodeSql('n')}, ${requestIdSql('n')}, 'active', now() - interval '1 day',
                now() + interval '29 days', 'system', ${owner}, ${company}, ${benefit}, ${provider}, 'Bench: gimnasio', 'third_party', true
         FROM generate_series(${start}, ${end}) AS n`,
      );
    }
    // A unique index that fails to build here means the code derivation is broken: the error surfaces.
    for (const index of indexes) await run(index.indexdef);
  });
  // Fresh statistics, as autovacuum would have them on a real server after such growth.
  await query(database, 'ANALYZE benefit_requests');
  await query(database, 'ANALYZE benefit_codes');
}

/** Below this many rows plain inserts are fast enough and exercise the indexes as the app does. */
const BULK_THRESHOLD = 50_000;

export async function countCodes(database: Database): Promise<{ total: number; active: number }> {
  const [row] = await query<{ total: string | number; active: string | number }>(
    database,
    `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'active') AS active FROM benefit_codes`,
  );
  return { total: Number(row.total), active: Number(row.active) };
}
