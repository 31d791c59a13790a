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
  admin: 'bench-admin',
  employee: (n: number) => `bench-emp-${n}`,
};
export const EMAILS = {
  provider: 'bench@jobby.sup',
  hr: 'admin@benchco.cl',
  admin: 'operador@jobby.cl',
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
            (${literal(IDS.hr)}, 'RRHH Bench', ${literal(EMAILS.hr)}, true, 2, ${company}, 'active', true),
            (${literal(IDS.admin)}, 'Operador Bench', ${literal(EMAILS.admin)}, true, 1, NULL, 'active', true)`,
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
  // Statistics and a visibility map, as autovacuum would have them after such growth: without them
  // the planner takes 10,000 employees for one row and picks plans no real server would.
  for (const table of ['companies', 'users', 'accounts', 'platform_benefits', 'company_benefits', 'ledger_accounts', 'ledger_transfers']) {
    await query(database, `VACUUM ANALYZE ${table}`);
  }
}

/**
 * Adds codes n = from … to−1 (each with its approved request), `chunk` rows per statement so that
 * one statement never holds a million rows in memory (PGlite runs inside this process).
 * The requests are platform-benefit requests approved without payment (token cost 0), so the
 * ledger needs no matching transfers; the codes are linked to the bench provider, the one case
 * every verification rule accepts.
 *
 * With `aged`, the codes look like those of a platform that has run for 300 days: created evenly
 * over that time, each valid for 30 days, and six in ten used by the provider two hours after they
 * were issued (n mod 10 in 2…7; the level 1 dashboard counts them and lists the latest). The codes
 * the verification phase takes (n = 1, 1 + step, 1 + 2·step, …: CodePool) stay active and valid.
 * Without it every code is active, a day old and valid for 29 more days.
 */
export async function seedCodes(
  database: Database,
  options: { from: number; to: number; employees: number; aged?: { verificationStep: number }; chunk?: number },
): Promise<void> {
  const chunk = options.chunk ?? 250_000;
  const company = `${literal(IDS.company)}::uuid`;
  const benefit = `${literal(IDS.platformBenefit)}::uuid`;
  const provider = literal(IDS.provider);
  const owner = `'bench-emp-' || (1 + n % ${options.employees})`;
  const aged = options.aged;
  const verified = aged ? `((n - 1) % ${aged.verificationStep} = 0)` : 'true';
  const isUsed = aged ? `(NOT ${verified} AND n % 10 BETWEEN 2 AND 7)` : 'false';
  const createdAt = aged ? `(now() - interval '300 days' + (n::float / ${options.to}) * interval '300 days')` : `(now() - interval '1 day')`;
  const expiresAt = aged ? `CASE WHEN ${verified} THEN now() + interval '29 days' ELSE ${createdAt} + interval '30 days' END` : `now() + interval '29 days'`;
  await bulkLoad(database, ['benefit_codes', 'benefit_requests'], options.to - options.from, async (run) => {
    for (let start = options.from; start < options.to; start += chunk) {
      const end = Math.min(start + chunk, options.to) - 1;
      await run(
        `INSERT INTO benefit_requests (id, user_id, company_id, platform_benefit_id, benefit_name, benefit_type, is_benefit_jobby,
                                       paid_with_tokens, token_cost, status, request_date, processed_date, admin_id)
         SELECT ${requestIdSql('n')}, ${owner}, ${company}, ${benefit}, 'Bench: gimnasio', 'third_party', true,
                false, 0, 'approved', ${createdAt}, ${createdAt}, 'system'
         FROM generate_series(${start}, ${end}) AS n`,
      );
      await run(
        `INSERT INTO benefit_codes (id, code, request_id, status, created_at, expires_at, created_by, user_id, company_id,
                                    platform_benefit_id, provider_user_id, benefit_name, benefit_type, is_benefit_jobby, used_by, used_at)
         SELECT ${codeIdSql('n')}, ${benchCodeSql('n')}, ${requestIdSql('n')}, CASE WHEN ${isUsed} THEN 'used' ELSE 'active' END, ${createdAt},
                ${expiresAt}, 'system', ${owner}, ${company}, ${benefit}, ${provider}, 'Bench: gimnasio', 'third_party', true,
                CASE WHEN ${isUsed} THEN ${provider} END, CASE WHEN ${isUsed} THEN LEAST(${createdAt} + interval '2 hours', now()) END
         FROM generate_series(${start}, ${end}) AS n`,
      );
    }
  });
  // The dashboard's running total (decision 110), as the outbox workers would have counted these uses.
  await query(
    database,
    `INSERT INTO platform_counters (name, value) SELECT 'codes_used', count(*) FROM benefit_codes WHERE used_at IS NOT NULL
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
  );
}

/**
 * Runs `load` in one transaction. Above BULK_THRESHOLD rows it loads the way bulk loads usually are,
 * because row-by-row index maintenance and foreign-key triggers made 1,000,000 codes take over six
 * minutes on PGlite:
 * - foreign-key triggers are skipped for this transaction (`session_replication_role = replica`);
 *   the rows are built to point at rows that exist, so nothing unchecked can be wrong;
 * - the secondary indexes of `tables` are dropped and then re-created from their own definitions
 *   (read from pg_indexes, so they stay exactly the app's migrations). Primary keys stay; the ids
 *   are sequential, so maintaining them is cheap. A freshly built B-tree is a little denser than one
 *   grown by random inserts; at 1,000,000 keys both are three levels deep, so a lookup reads the
 *   same number of pages.
 * Then VACUUM ANALYZE, as autovacuum would have done on a real server after such growth: fresh
 * statistics, and a visibility map, without which no count could be answered from an index alone.
 */
async function bulkLoad(database: Database, tables: string[], rows: number, load: (run: (text: string) => Promise<unknown>) => Promise<void>): Promise<void> {
  await database.db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    let indexes: { indexname: string; indexdef: string }[] = [];
    if (rows >= BULK_THRESHOLD) {
      await run('SET LOCAL session_replication_role = replica');
      const result = (await run(
        `SELECT indexname, indexdef FROM pg_indexes
         WHERE schemaname = 'public' AND tablename IN (${tables.map(literal).join(', ')})
           AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      )) as unknown as { rows: { indexname: string; indexdef: string }[] };
      indexes = result.rows;
      for (const index of indexes) await run(`DROP INDEX ${index.indexname}`);
    }
    await load(run);
    // A unique index that fails to build here means the seeded data is wrong: the error surfaces.
    for (const index of indexes) await run(index.indexdef);
  });
  for (const table of tables) await query(database, `VACUUM ANALYZE ${table}`);
}

export type PlatformOptions = {
  /** Companies besides benchco. */
  companies: number;
  /** Accounts besides those of seedBase, spread over those companies. */
  users: number;
  /** Ledger transfers besides seedBase's two grants per employee. */
  transfers: number;
  /** Platform-benefit requests waiting for level 1. */
  pendingRequests: number;
};

/** Company c (1 … companies) and its id, derived like the codes so that rows can refer to it in SQL. */
const companyIdSql = (c: string) => `('d0000000-0000-4000-8000-' || lpad(to_hex(${c}), 12, '0'))::uuid`;

/**
 * The rest of a large platform around benchco, for the level 1 screens' bench: more
 * companies, accounts of every level spread over them, and a long ledger. Account i belongs to
 * company 1 + i mod companies; i ≤ companies is that company's HR admin; every 997th is a provider
 * and every 1,000th has no level yet (both without company), every 5,000th employee lost its company,
 * every 50th account is disabled, every 25th company is inactive and every 20th allows fewer accounts
 * than it has — so each of the user diagnostics' counts and recommendations has something to find.
 *
 * Ledger: transfer n (0 … transfers−1) grants 1 flexible token to account 1 + n mod users, so each
 * wallet's balance is its number of grants and the platform issuance holds minus their sum: the
 * invariants of ARCHITECTURE §4 hold, as for seedBase.
 */
export async function seedPlatform(database: Database, options: PlatformOptions): Promise<void> {
  const { companies, users, transfers, pendingRequests } = options;
  const companyOfUser = (i: string) => `(1 + ${i} % ${companies})`;
  const level = (i: string) => `CASE WHEN ${i} % 1000 = 0 THEN NULL WHEN ${i} % 997 = 0 THEN 4 WHEN ${i} <= ${companies} THEN 2 ELSE 3 END`;
  const hasCompany = (i: string) => `(${i} % 1000 <> 0 AND ${i} % 997 <> 0 AND ${i} % 5000 <> 7)`;
  const userId = (i: string) => `'bench-u-' || ${i}`;
  const perCompany = Math.ceil(users / companies);
  await query(
    database,
    `INSERT INTO companies (id, name, email_domain, contact_name, contact_email, max_users, status, created_at, updated_at)
     SELECT ${companyIdSql('c')}, 'Empresa Bench ' || lpad(c::text, 3, '0'), 'empresa' || c || '.bench.cl', 'Contacto ' || c,
            'contacto@empresa' || c || '.bench.cl', CASE WHEN c % 20 = 0 THEN ${Math.floor(perCompany / 2)} ELSE ${perCompany * 2} END,
            CASE WHEN c % 25 = 0 THEN 'inactive' ELSE 'active' END, now() - c * interval '1 day', now() - c * interval '1 day'
     FROM generate_series(1, ${companies}) AS c`,
  );
  await bulkLoad(database, ['users'], users, async (run) => {
    await run(
      `INSERT INTO users (id, name, email, email_verified, level, company_id, status, survey_completed, created_at, updated_at)
       SELECT ${userId('i')}, 'Persona ' || lpad(i::text, 5, '0'), 'persona' || i || '@empresa' || ${companyOfUser('i')} || '.bench.cl', true,
              ${level('i')}, CASE WHEN ${hasCompany('i')} THEN ${companyIdSql(companyOfUser('i'))} END,
              CASE WHEN i % 50 = 0 THEN 'inactive' ELSE 'active' END, true,
              now() - interval '400 days' + i * interval '5 minutes', now() - interval '400 days' + i * interval '5 minutes'
       FROM generate_series(1, ${users}) AS i`,
    );
  });
  // The bulk load skipped the trigger that keeps the per-level tallies (decision 111): recount them.
  await query(database, 'SELECT rebuild_user_tallies()');
  // The balance of account i's wallet: the number of n < transfers with n mod users = i − 1.
  await query(
    database,
    `INSERT INTO ledger_accounts (id, kind, asset, owner_user_id, company_id, token_type, balance)
     SELECT 'employee:' || ${userId('i')} || ':jobby', 'wallet', 'jobby', ${userId('i')}, NULL, 'jobby', (${transfers} - i) / ${users} + 1
     FROM generate_series(1, LEAST(${users}, ${transfers})) AS i`,
  );
  await query(database, `UPDATE ledger_accounts SET balance = balance - ${transfers} WHERE id = 'platform:jobby'`);
  await bulkLoad(database, ['ledger_transfers'], transfers, async (run) => {
    for (let start = 0; start < transfers; start += 250_000) {
      const end = Math.min(start + 250_000, transfers) - 1;
      // n / users is how many grants the wallet had before this one (each of 1 token).
      await run(
        `INSERT INTO ledger_transfers (asset, from_account, to_account, amount, kind, reason, actor_id, actor_name,
                                       wallet_user_id, wallet_company_id, token_type, balance_before, balance_after, created_at)
         SELECT 'jobby', 'platform:jobby', 'employee:bench-u-' || (1 + n % ${users}) || ':jobby', 1, 'grant', 'Bench: asignación',
                ${literal(IDS.admin)}, 'Operador Bench', 'bench-u-' || (1 + n % ${users}),
                CASE WHEN ${hasCompany(`(1 + n % ${users})`)} THEN ${companyIdSql(companyOfUser(`(1 + n % ${users})`))} END,
                'jobby', n / ${users}, n / ${users} + 1, now() - (${transfers} - n) * interval '30 seconds'
         FROM generate_series(${start}, ${end}) AS n`,
      );
    }
  });
  await query(
    database,
    `INSERT INTO benefit_requests (id, user_id, company_id, platform_benefit_id, benefit_name, benefit_type, is_benefit_jobby,
                                   paid_with_tokens, token_cost, status, request_date)
     SELECT ('e0000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'bench-emp-' || (1 + n % 10000), ${literal(IDS.company)}::uuid,
            ${literal(IDS.platformBenefit)}::uuid, 'Bench: gimnasio', 'third_party', true, false, 0, 'pending', now() - n * interval '1 minute'
     FROM generate_series(1, ${pendingRequests}) AS n`,
  );
  await query(database, 'VACUUM ANALYZE companies');
  await query(database, 'VACUUM ANALYZE ledger_accounts');
  await query(database, 'VACUUM ANALYZE benefit_requests');
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

export async function countPlatform(database: Database): Promise<{ users: number; companies: number; transfers: number }> {
  const [row] = await query<{ users: string | number; companies: string | number; transfers: string | number }>(
    database,
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM companies) AS companies, (SELECT count(*) FROM ledger_transfers) AS transfers`,
  );
  return { users: Number(row.users), companies: Number(row.companies), transfers: Number(row.transfers) };
}
