/**
 * `npm run bench:legacy` (decisions 156 and 157): times `importLegacy` on a generated earlier-app export of
 * BENCH_LEGACY_USERS people (default 10,000; budget: under 2 minutes on this machine), then a second run
 * (which must change nothing). A fresh migrated PGlite in a temp folder, or with DATABASE_URL a fresh
 * database `jobby_bench_legacy_<random>` on that server, dropped at the end. Reports, never asserts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../src/server/db/client';
import { importLegacy } from '../src/server/modules/legacy-import/service';

const USERS = Number(process.env.BENCH_LEGACY_USERS ?? 10_000);
const COMPANIES = 20;
const DAY = 86_400_000;

/** A plausible export: 20 companies, their HR, USERS employees with both balances and 3-entry histories, a request and code for one in three, a survey for one in two. */
export function generateExport(users: number) {
  const t0 = Date.UTC(2025, 0, 1);
  const out = {
    companies: {} as Record<string, unknown>,
    users: {} as Record<string, unknown>,
    jobby_benefits: { 'jb-1': { name: 'Almuerzo', description: 'Un almuerzo', type: 'automatic', tokenCost: 2, availableTokens: 0 } } as Record<string, unknown>,
    company_benefits: {} as Record<string, Record<string, unknown>>,
    benefit_requests: {} as Record<string, unknown>,
    benefit_tokens: {} as Record<string, unknown>,
    user_blank_tokens: {} as Record<string, unknown>,
    'encuestas-perfilamiento': {} as Record<string, unknown>,
  };
  for (let c = 0; c < COMPANIES; c++) {
    // Half keyed by name, as the earlier app's first admin sign-in did.
    const key = c % 2 === 0 ? `Empresa ${c}` : `-Ncomp${c}`;
    out.companies[key] = { name: `Empresa ${c}`, contactEmail: `rrhh@empresa${c}.cl`, maxUsers: users, createdAt: t0 };
    out.users[`hr-${c}`] = { email: `rrhh${c}@empresa${c}.cl`, displayName: `RR.HH. ${c}`, level: 2, companyId: key };
    out.company_benefits[key] = { [`cb-${c}`]: { title: 'Tarde libre', description: 'Sal temprano', tokenCost: 1, availableTokens: 1000, limitPerUser: 5 } };
  }
  for (let i = 0; i < users; i++) {
    const c = i % COMPANIES;
    const key = c % 2 === 0 ? `Empresa ${c}` : `-Ncomp${c}`;
    const uid = `uid-${i}`;
    out.users[uid] = { email: `persona${i}@empresa${c}.cl`, displayName: `Persona ${i}`, [i % 3 === 0 ? 'userLevel' : 'level']: 3, companyId: key, createdAt: new Date(t0 + (i % 300) * DAY).toISOString() };
    const legacy = i % 10 === 0;
    out.user_blank_tokens[uid] = legacy
      ? { balance: 8, history: { h1: { type: 'add', amount: 10, createdAt: t0 }, h2: { type: 'used', amount: 2, createdAt: t0 + DAY } } }
      : {
          jobby_balance: 8,
          company_balance: 5,
          jobby_history: { h1: { type: 'add', amount: 10, reason: 'Bono', createdAt: t0 }, h2: { type: 'used', amount: 2, createdAt: t0 + DAY } },
          company_history: { h3: { type: 'add', amount: 5, reason: 'Aniversario', createdAt: t0 + 2 * DAY } },
        };
    if (i % 3 === 0) {
      out.benefit_requests[`req-${i}`] = { userId: uid, benefitId: 'jb-1', benefitName: 'Almuerzo', isBenefitJobby: true, tokenCost: 2, status: 'approved', requestDate: t0 + DAY };
      const code = i.toString(36).toUpperCase().padStart(8, '0');
      out.benefit_tokens[`tok-${i}`] = { requestId: `req-${i}`, tokenCode: code, status: i % 2 === 0 ? 'used' : 'active', createdAt: t0 + DAY, expiresAt: Date.now() + 30 * DAY, usedAt: t0 + 2 * DAY };
    }
    if (i % 2 === 0) out['encuestas-perfilamiento'][uid] = { userName: `Persona ${i}`, completedAt: t0, answers: { q1: 'comidas' }, selectedBenefits: ['comidas'], medals: [] };
  }
  return out;
}

async function openFresh(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `jobby_bench_legacy_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    return {
      database,
      cleanup: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'jobby-bench-legacy-'));
  const database = await openDatabase({ url: null, pgliteDir: dir });
  return { database, cleanup: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
}

const exported = generateExport(USERS);
const { database, cleanup } = await openFresh();
try {
  await migrateDatabase(database);
  const options = { dryRun: false, config: { publicUrl: 'http://localhost:3000', staffDomain: 'jobby.cl', providerDomain: 'jobby.sup' }, mail: null };
  let started = performance.now();
  const first = await importLegacy(database.db, exported, options);
  const firstSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  const second = await importLegacy(database.db, exported, options);
  const secondSeconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({
    driver: database.driver,
    users: USERS,
    firstRun: { seconds: Number(firstSeconds.toFixed(1)), usersCreated: first.counts.user.created, transfers: first.transfers, codes: first.counts.code.created, skipped: first.skipped.length, ledgerOk: first.ledger.ok },
    secondRun: { seconds: Number(secondSeconds.toFixed(1)), created: Object.values(second.counts).reduce((n, c) => n + c.created, 0), transfers: second.transfers, ledgerOk: second.ledger.ok },
    budgetSeconds: 120,
  }, null, 2));
} finally {
  await cleanup();
}
