/**
 * `npm run bench`: the performance budgets of ARCHITECTURE §8, measured against the real server
 * over HTTP and reported as numbers (bench/README.md explains each one).
 *
 * Two databases, each served by its own server process: "main" with 1,000 codes (also used for the
 * HR list and the redemptions) and "large" with 1,000,000. Both are seeded by the bench first, then
 * the servers start: PGlite is single-process, so the bench never holds a folder a server holds.
 *   seed main, seed large → start both → verify in alternating rounds → stop large
 *   → HR list → redemptions → [PGlite: stop main] check wallets and ledger → drop everything.
 * With DATABASE_URL each database is a fresh jobby_bench_* database on that server, and the bench
 * keeps its own connection to main while the server runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Database } from '../src/server/db/client';
import { checkRedemptions } from './checks';
import { CodePool, benchCode } from './codes';
import { createBenchDatabase, literal, openBenchDatabase, query, waitForIdleServer, type BenchDatabase } from './db';
import { round } from './load';
import { ADMIN_SCREENS, HR_SCREENS, hrListPhase, measureExport, measureScreen, redeemPhase, verifyRounds, verifySustained, warmUpServer } from './phases';
import { explainScreen, type ScreenPlans } from './plans';
import { dropScratchDatabases, runPgbench, type PgbenchFigures } from './pgbench';
import { BENEFIT_STOCK, EMAILS, IDS, countCodes, countPlatform, seedBase, seedCodes, seedPlatform } from './seed';
import { getAdminDashboard } from '../src/server/modules/dashboards/admin';
import { getUserSummary, listAdminUsers } from '../src/server/modules/users/levels';
import { getCompanyTokenStats, getHrDashboard } from '../src/server/modules/dashboards/hr';
import { listCompanyEmployees, listCompanyTokenHistory } from '../src/server/modules/assignment/service';
import { loadActorRow, toActor } from '../src/server/actor';
import { serverProcessesFor, startServer, type RunningServer } from './server';

/** BENCH_LARGE_CODES shrinks the large database for a quick try of the harness; the budgets are at 1,000,000. */
const largeCodes = Number(process.env.BENCH_LARGE_CODES ?? 1_000_000);
const largeScale = Math.min(1, largeCodes / 1_000_000);

const settings = {
  employees: 10_000,
  smallCodes: 1_000,
  largeCodes,
  /**
   * The large platform, added to the large database: with seedBase's 10,003 accounts and 20,000
   * grants, 100,003 accounts in 200 companies, 1,000,000 codes and 1,000,000 ledger transfers.
   */
  platform: {
    companies: 199,
    users: Math.round(90_000 * largeScale),
    transfers: Math.round(980_000 * largeScale),
    pendingRequests: 2_000,
  },
  /** Screen loads (every API call of the screen at once), one after another. */
  screens: { warmup: 20, measured: 200 },
  jobbyInitial: 100,
  companyInitial: 10_000,
  // 100 warm-up + 8 × 100 measured = 900 of the 1,000 small codes; the large table gets the same
  // amounts, so both percentiles come from the same number of samples at the same concurrency.
  verify: { warmup: 100, rounds: 8, perRound: 100, connections: 10 },
  // The rate beside pgbench's: like pgbench, a sustained run. Its codes are added to main
  // after the rounds, so the rounds still meet the 1,000-code table; 20,000 last 15 s at 1,300/s.
  verifySustained: { warmup: 500, seconds: 15, connections: 10, codes: 20_000 },
  hr: { warmup: 20, measured: 200, search: 'Empleado 0432' },
  // Timed, so PGlite (one transaction at a time) and PostgreSQL spend the same time here; even at
  // 1,000/s each employee redeems ~360 times, far below its 10,000-token balance.
  redeem: { redeemers: 50, warmupSeconds: 3, singleSeconds: 5, seconds: 15 },
  // The physical reference on PostgreSQL: TPC-B, 50 clients, scale 10 next to the
  // verification and scale 1 (one hot branch row) next to the redemptions. BENCH_PGBENCH=off skips it.
  pgbench: { clients: 50, seconds: Number(process.env.BENCH_PGBENCH_SECONDS ?? 15), enabled: process.env.BENCH_PGBENCH !== 'off' },
};

function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const start = performance.now();
  log(`${label}…`);
  const value = await work();
  const seconds = round((performance.now() - start) / 1000, 1);
  log(`${label}: ${seconds} s`);
  return { value, seconds };
}

/**
 * The plan of the verification's statement (plain EXPLAIN: nothing is executed): the conditional
 * UPDATE, with the provider's status checked in it, and the owner's name joined (codes/verify.ts).
 */
async function verifyPlan(database: Database, code: string): Promise<string> {
  const provider = literal(IDS.provider);
  const rows = await query<{ 'QUERY PLAN': string }>(
    database,
    `EXPLAIN WITH used AS (
       UPDATE benefit_codes SET status = 'used', used_by = ${provider}, used_at = now()
       WHERE code = ${literal(code)} AND status = 'active' AND expires_at > now()
         AND (provider_user_id IS NULL OR provider_user_id = ${provider})
         AND EXISTS (SELECT 1 FROM users WHERE id = ${provider} AND level = 4 AND status = 'active')
       RETURNING code, benefit_name, is_benefit_jobby, used_at, user_id)
     SELECT used.*, users.name, users.email FROM used LEFT JOIN users ON users.id = used.user_id`,
  );
  return rows.map((row) => row['QUERY PLAN'].trim()).join(' | ');
}

/** One database, the server on it, and the bench's own connection to it. */
type Side = { target: BenchDatabase; server: RunningServer | null; database: Database | null };

async function main() {
  const started = performance.now();
  const loadBefore = os.loadavg().map((n) => round(n, 1));
  const sides: Side[] = [];
  const newSide = async (): Promise<Side> => {
    const side: Side = { target: await createBenchDatabase(process.env.DATABASE_URL), server: null, database: null };
    sides.push(side);
    return side;
  };

  // Ctrl-C must not leave a server holding a port or a jobby_bench_* database behind.
  const cleanup = async () => {
    for (const side of sides) {
      await side.server?.stop().catch(() => undefined);
      await side.database?.close().catch(() => undefined);
      await side.target.dispose().catch(() => undefined);
    }
    await dropScratchDatabases().catch(() => undefined);
  };
  const interrupted = () => {
    log('interrupted: cleaning up');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);

  /** The bench's connection; with PGlite the server must be stopped first (one process per folder). */
  const openDb = async (side: Side): Promise<Database> => {
    if (side.target.driver === 'pglite' && side.server) {
      await side.server.stop();
      side.server = null;
    }
    // Migrating on every open is harmless: the first creates the schema, later ones find nothing to do.
    side.database ??= await openBenchDatabase(side.target, true);
    return side.database;
  };
  const startSide = async (side: Side, label: string): Promise<string> => {
    if (side.target.driver === 'pglite' && side.database) {
      await side.database.close();
      side.database = null;
    }
    const server = (await timed(`start ${label} server`, () => startServer(side.target))).value;
    side.server = server;
    await timed(`warm up ${label} server`, () => warmUpServer(server.baseUrl));
    return server.baseUrl;
  };
  const stopSide = async (side: Side) => {
    await side.server?.stop();
    side.server = null;
    await side.database?.close();
    side.database = null;
    await side.target.dispose();
    sides.splice(sides.indexOf(side), 1);
  };

  try {
    const mainSide = await newSide();
    const largeSide = await newSide();
    const driver = mainSide.target.driver;
    log(`driver ${driver}`);

    // The large side's verification codes are spread over the table (step): see CodePool. Each pool
    // holds 1,000 codes, enough for the 900 verifications.
    const largeStep = Math.max(1, Math.floor(settings.largeCodes / settings.smallCodes));
    const seedMain = await timed(`seed main: ${settings.employees} employees, ${settings.smallCodes} codes`, async () => {
      const db = await openDb(mainSide);
      await seedBase(db, settings);
      await seedCodes(db, { from: 1, to: settings.smallCodes + 1, employees: settings.employees });
      const codes = await countCodes(db);
      const hr = await actorOf(db, IDS.hr);
      const plans = {
        hr_dashboard: await explainScreen(db, (planned) => getHrDashboard(planned, hr)),
        hr_tokens_page: await explainScreen(db, (planned) =>
          Promise.all([
            listCompanyEmployees(planned, { limit: 20, offset: 0 }, hr),
            getCompanyTokenStats(planned, hr),
            listCompanyTokenHistory(planned, { limit: 50, offset: 0, type: 'all' }, hr),
          ]),
        ),
      };
      return { ...codes, plans };
    });
    const seedLarge = await timed(`seed large: ${settings.employees} employees, ${settings.largeCodes} codes`, async () => {
      const db = await openDb(largeSide);
      await seedBase(db, settings);
      await seedCodes(db, { from: 1, to: settings.largeCodes + 1, employees: settings.employees, aged: { verificationStep: largeStep } });
      await seedPlatform(db, settings.platform);
      const codes = await countCodes(db);
      const platform = await countPlatform(db);
      const plan = await verifyPlan(db, benchCode(settings.largeCodes));
      const hr = await actorOf(db, IDS.hr);
      const plans = {
        admin_dashboard: await explainScreen(db, (planned) => getAdminDashboard(planned)),
        admin_users: await explainScreen(db, (planned) => Promise.all([listAdminUsers(planned, { limit: 20, offset: 0 }), getUserSummary(planned)])),
        admin_users_search: await explainScreen(db, (planned) => listAdminUsers(planned, { limit: 20, offset: 0, search: 'Persona 4321' })),
        hr_dashboard_large: await explainScreen(db, (planned) => getHrDashboard(planned, hr)),
      };
      // The large side needs no bench connection while its server runs.
      await db.close();
      largeSide.database = null;
      return { codes, platform, plan, plans };
    });

    let mainUrl = await startSide(mainSide, 'main');
    const largeUrl = await startSide(largeSide, 'large');
    const verify = (
      await timed('verify, alternating small and large', () =>
        verifyRounds(
          { baseUrl: mainUrl, pool: new CodePool(1, settings.smallCodes + 1) },
          { baseUrl: largeUrl, pool: new CodePool(1, settings.largeCodes + 1, largeStep) },
          settings.verify,
        ),
      )
    ).value;
    const admin = (
      await timed('level 1 screens on the large platform', async () => ({
        dashboard: await measureScreen(largeUrl, EMAILS.admin, ADMIN_SCREENS.dashboard, settings.screens),
        users: await measureScreen(largeUrl, EMAILS.admin, ADMIN_SCREENS.users, settings.screens),
        usersSearch: await measureScreen(largeUrl, EMAILS.admin, ADMIN_SCREENS.usersSearch, settings.screens),
        // The same 10,000 employees as main, but their company owns the 1,000,000 codes.
        hrDashboard: await measureScreen(largeUrl, EMAILS.hr, HR_SCREENS.dashboard, settings.screens),
      }))
    ).value;
    // Only main is needed from here on; the large database's memory and disk go back now.
    await stopSide(largeSide);

    const sustained = (
      await timed(`verify, sustained ${settings.verifySustained.seconds} s`, async () => {
        const from = settings.smallCodes + 1;
        const to = from + settings.verifySustained.codes;
        await seedCodes(await openDb(mainSide), { from, to, employees: settings.employees });
        // PGlite: openDb() stopped the server (one process per folder).
        if (!mainSide.server) mainUrl = await startSide(mainSide, 'main');
        return verifySustained({ baseUrl: mainUrl, pool: new CodePool(from, to) }, settings.verifySustained);
      })
    ).value;

    // pgbench's 50 clients run while the main server idles (its pool holds at most 20 connections).
    const pgbenchUrl = driver === 'postgres' && settings.pgbench.enabled ? (process.env.DATABASE_URL ?? null) : null;
    const pgbench = async (scale: number): Promise<PgbenchFigures | null> =>
      pgbenchUrl
        ? (await timed(`pgbench TPC-B, scale ${scale}, ${settings.pgbench.clients} clients`, () => runPgbench(pgbenchUrl, { scales: [scale], ...settings.pgbench }))).value[0]
        : null;
    const pgbench10 = await pgbench(10);

    const hr = (await timed('HR employee list', () => hrListPhase(mainUrl, settings.hr))).value;
    // Before the redemptions, so the history holds the seeded grants only (20,000 transfers).
    const hrScreens = (
      await timed('HR screens and exports', async () => ({
        dashboard: await measureScreen(mainUrl, EMAILS.hr, HR_SCREENS.dashboard, settings.screens),
        tokens: await measureScreen(mainUrl, EMAILS.hr, HR_SCREENS.tokens, settings.screens),
        historyCsv: await measureExport(mainUrl, EMAILS.hr, '/api/company/tokens/history/export'),
        usersCsv: await measureExport(mainUrl, EMAILS.hr, '/api/company/users/export'),
      }))
    ).value;
    const pgbench1 = await pgbench(1);
    const redeem = (await timed('redemptions', () => redeemPhase(mainUrl, settings.redeem))).value;

    // PGlite: openDb() stops the server; a redemption cut short by the shutdown rolls back whole,
    // its idempotency row with it, so the check still counts exactly what committed.
    const checkDb = await openDb(mainSide);
    if (driver === 'postgres') await waitForIdleServer(checkDb);
    const checks = await checkRedemptions(checkDb, {
      successes: redeem.successes,
      inFlight: redeem.inFlight,
      redeemers: settings.redeem.redeemers,
      initialBalance: settings.companyInitial,
      cost: 1,
      initialStock: BENEFIT_STOCK,
    });
    log(`checks: ${JSON.stringify(checks)}`);
    await stopSide(mainSide);

    const results = {
      driver,
      server_processes: serverProcessesFor(mainSide.target),
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      load_average_before: loadBefore,
      load_average_after: os.loadavg().map((n) => round(n, 1)),
      codes_small: seedMain.value.total,
      platform_users: seedLarge.value.platform.users,
      platform_companies: seedLarge.value.platform.companies,
      platform_codes: seedLarge.value.codes.total,
      platform_used_codes: seedLarge.value.codes.total - seedLarge.value.codes.active,
      platform_transfers: seedLarge.value.platform.transfers,
      codes_large: seedLarge.value.codes.total,
      verify_connections: settings.verify.connections,
      verify_requests_small: verify.small.requests,
      verify_requests_large: verify.large.requests,
      verify_p50_ms_small: verify.small.p50,
      verify_p95_ms_small: verify.small.p95,
      verify_rps_small: verify.small.rps,
      verify_p50_ms_large: verify.large.p50,
      verify_p95_ms_large: verify.large.p95,
      verify_rps_large: verify.large.rps,
      verify_large_vs_small_p50: round(verify.large.p50 / verify.small.p50),
      verify_large_vs_small_p95: round(verify.large.p95 / verify.small.p95),
      verify_plan_large: seedLarge.value.plan,
      verify_sustained_seconds: settings.verifySustained.seconds,
      verify_sustained_requests: sustained.requests,
      verify_sustained_p50_ms: sustained.p50,
      verify_sustained_p95_ms: sustained.p95,
      verify_sustained_rps: sustained.rps,
      redeem_connections: settings.redeem.redeemers,
      redeem_seconds: settings.redeem.seconds,
      redeem_single_client_per_s: redeem.singlePerSecond,
      redeem_single_client_p50_ms: redeem.singleP50,
      redeem_per_s: redeem.perSecond,
      redeem_p50_ms: redeem.p50,
      redeem_p95_ms: redeem.p95,
      redeem_ok: redeem.ok,
      redeem_refused: redeem.refused,
      redeem_statuses: redeem.statuses,
      redeem_unanswered: checks.inFlight,
      redeem_unanswered_committed: checks.inFlightCommitted,
      pgbench_scale1_tps: pgbench1?.tps ?? null,
      pgbench_scale10_tps: pgbench10?.tps ?? null,
      pgbench_clients: pgbench1 || pgbench10 ? settings.pgbench.clients : null,
      pgbench_seconds: pgbench1 || pgbench10 ? settings.pgbench.seconds : null,
      redeem_vs_pgbench_scale1: pgbench1 ? round(redeem.perSecond / pgbench1.tps, 3) : null,
      verify_vs_pgbench_scale10: pgbench10 ? round(sustained.rps / pgbench10.tps, 3) : null,
      redeem_lost_updates: checks.lostUpdates,
      redeem_row_mismatches: checks.rowMismatches,
      redeem_stock_difference: checks.stockDifference,
      ledger_balance_mismatches: checks.ledgerBalanceMismatches,
      ledger_unbalanced_assets: checks.unbalancedAssets,
      ledger_negative_wallets: checks.negativeWallets,
      admin_dashboard_p50_ms: admin.dashboard.p50,
      admin_dashboard_p95_ms: admin.dashboard.p95,
      admin_users_p50_ms: admin.users.p50,
      admin_users_p95_ms: admin.users.p95,
      admin_users_search_p50_ms: admin.usersSearch.p50,
      admin_users_search_p95_ms: admin.usersSearch.p95,
      hr_dashboard_p50_ms: hrScreens.dashboard.p50,
      hr_dashboard_p95_ms: hrScreens.dashboard.p95,
      hr_dashboard_p95_ms_1m_codes: admin.hrDashboard.p95,
      hr_tokens_page_p50_ms: hrScreens.tokens.p50,
      hr_tokens_page_p95_ms: hrScreens.tokens.p95,
      hr_csv_10k_s: hrScreens.historyCsv.seconds,
      hr_csv_rows: hrScreens.historyCsv.rows,
      hr_users_csv_s: hrScreens.usersCsv.seconds,
      hr_users_csv_rows: hrScreens.usersCsv.rows,
      plan_statement_ms: Object.fromEntries(
        Object.entries({ ...seedLarge.value.plans, ...seedMain.value.plans }).map(([screen, plans]) => [screen, plans.executionMs]),
      ),
      hr_employees: settings.employees,
      hr_list_ms_10k: hr.listP50,
      hr_list_p95_ms_10k: hr.listP95,
      hr_search_ms_10k: hr.searchP50,
      hr_search_p95_ms_10k: hr.searchP95,
      seed_main_s: seedMain.seconds,
      seed_large_s: seedLarge.seconds,
      wall_s: round((performance.now() - started) / 1000, 1),
    };

    const dir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(dir, { recursive: true });
    const json = `${JSON.stringify(results, null, 2)}\n`;
    writeFileSync(`${dir}latest.json`, json);
    // Kept per driver too, so one run on each driver can be compared (README table).
    writeFileSync(`${dir}latest-${driver}.json`, json);
    writeFileSync(`${dir}plans-${driver}.txt`, plansText({ ...seedLarge.value.plans, ...seedMain.value.plans }));
    printTable(results);
  } finally {
    await cleanup();
  }
}

/** The actor the server would build for a seeded user (the HR screens' services take one). */
async function actorOf(database: Database, userId: string) {
  const row = await loadActorRow(database.db, userId);
  if (!row) throw new Error(`seeded user ${userId} not found`);
  return toActor(row);
}

function plansText(plans: Record<string, ScreenPlans>): string {
  return Object.entries(plans)
    .map(([screen, { plans: statements }]) => `##### ${screen}: ${statements.length} statements\n\n${statements.join('\n\n')}\n`)
    .join('\n');
}

/** A ratio row of the table, on PostgreSQL only (PGlite has no pgbench to compare with). */
function pgbenchRow(label: string, product: number, tps: number | null, ratio: number | null): [string, string][] {
  if (tps === null || ratio === null) return [];
  return [[label, `${round(ratio * 100, 1)} %  (${product} ÷ ${round(tps, 0)})`]];
}

function printTable(r: {
  driver: string;
  server_processes: number;
  codes_small: number;
  codes_large: number;
  verify_p50_ms_small: number;
  verify_p95_ms_small: number;
  verify_rps_small: number;
  verify_p50_ms_large: number;
  verify_p95_ms_large: number;
  verify_rps_large: number;
  verify_large_vs_small_p50: number;
  verify_sustained_seconds: number;
  verify_sustained_p50_ms: number;
  verify_sustained_p95_ms: number;
  verify_sustained_rps: number;
  redeem_single_client_per_s: number;
  redeem_per_s: number;
  pgbench_scale1_tps: number | null;
  pgbench_scale10_tps: number | null;
  redeem_vs_pgbench_scale1: number | null;
  verify_vs_pgbench_scale10: number | null;
  redeem_p95_ms: number;
  redeem_ok: number;
  redeem_refused: number;
  redeem_lost_updates: number;
  ledger_balance_mismatches: number;
  hr_list_ms_10k: number;
  hr_search_ms_10k: number;
  admin_dashboard_p95_ms: number;
  admin_users_p95_ms: number;
  hr_dashboard_p95_ms: number;
  hr_tokens_page_p95_ms: number;
  hr_csv_10k_s: number;
  hr_csv_rows: number;
  wall_s: number;
}) {
  const rows: [string, string][] = [
    ['driver', r.driver],
    ['server processes (SERVER_PROCESSES)', String(r.server_processes)],
    [`verify p50 / p95 ms, ${r.codes_small.toLocaleString('en')} codes`, `${r.verify_p50_ms_small} / ${r.verify_p95_ms_small}  (${r.verify_rps_small} req/s)`],
    [`verify p50 / p95 ms, ${r.codes_large.toLocaleString('en')} codes`, `${r.verify_p50_ms_large} / ${r.verify_p95_ms_large}  (${r.verify_rps_large} req/s)`],
    ['verify large ÷ small (p50, budget ≤ 1.5)', String(r.verify_large_vs_small_p50)],
    [`verify req/s, sustained ${r.verify_sustained_seconds} s (p50 / p95 ms)`, `${r.verify_sustained_rps}  (${r.verify_sustained_p50_ms} / ${r.verify_sustained_p95_ms})`],
    ...pgbenchRow('verify req/s ÷ pgbench TPC-B scale 10 TPS (aim ≥ 20 %)', r.verify_sustained_rps, r.pgbench_scale10_tps, r.verify_vs_pgbench_scale10),
    ['redemptions/s, 50 clients', `${r.redeem_per_s}  (${r.redeem_ok} ok, ${r.redeem_refused} refused)`],
    ...pgbenchRow('redemptions/s ÷ pgbench TPC-B scale 1 TPS (aim ≥ 30 %)', r.redeem_per_s, r.pgbench_scale1_tps, r.redeem_vs_pgbench_scale1),
    ['redemptions/s, 1 client', String(r.redeem_single_client_per_s)],
    ['redeem p95 ms, 50 clients', String(r.redeem_p95_ms)],
    ['lost updates (budget 0)', String(r.redeem_lost_updates)],
    ['ledger balance ≠ sum of transfers', String(r.ledger_balance_mismatches)],
    ['HR list p50 ms, 10,000 employees', String(r.hr_list_ms_10k)],
    ['HR search p50 ms, 10,000 employees', String(r.hr_search_ms_10k)],
    ['level 1 dashboard p95 ms, 100,000 users (budget 50)', String(r.admin_dashboard_p95_ms)],
    ['level 1 users screen p95 ms (budget 50)', String(r.admin_users_p95_ms)],
    ['HR dashboard p95 ms (budget 50)', String(r.hr_dashboard_p95_ms)],
    ['HR tokens screen p95 ms (budget 50)', String(r.hr_tokens_page_p95_ms)],
    [`HR history CSV s, ${r.hr_csv_rows.toLocaleString('en')} rows`, String(r.hr_csv_10k_s)],
    ['wall time s', String(r.wall_s)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log(`\n${rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n')}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  // Drizzle wraps the driver's error; its message (the real reason) is in `cause`.
  if (error instanceof Error && error.cause) console.error('cause:', error.cause);
  process.exit(1);
});
