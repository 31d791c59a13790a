/**
 * `node --import tsx bench/verify-cpu.ts` (PGlite) or with DATABASE_URL (PostgreSQL): code verification
 * alone, for an A/B of its path. One server on a fresh database (the bench's 10,000
 * employees and `BENCH_VERIFY_CODES` active codes, default 6,000), warmed up, then
 * `BENCH_VERIFY_REQUESTS` verifications (default 5,000) at 10 connections, each a distinct code with
 * an Idempotency-Key, as the web sends them. It prints the rate and latency, and the CPU each
 * verification cost: the server process's, and (PostgreSQL on this machine) every `postgres`
 * process's, read from /proc before the run and after the outbox has handled the run's events — so
 * the after-commit work is billed to the verification that caused it.
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
import { CodePool } from './codes';
import { cpuMsOf, outboxDrained, postgresCpuMs } from './cpu';
import { createBenchDatabase, openBenchDatabase } from './db';
import { authHeaders, expectMostlyOk, percentile, round, runLoad, signIn } from './load';
import { verifyRequest, warmUpServer } from './phases';
import { EMAILS, PASSWORD, seedBase, seedCodes } from './seed';
import { startServer } from './server';

const CODES = Number(process.env.BENCH_VERIFY_CODES ?? 6_000);
const REQUESTS = Number(process.env.BENCH_VERIFY_REQUESTS ?? 5_000);
const CONNECTIONS = 10;
const target = await createBenchDatabase(process.env.DATABASE_URL);
try {
  const database = await openBenchDatabase(target, true);
  await seedBase(database, { employees: 10_000, jobbyInitial: 100, companyInitial: 10_000 });
  await seedCodes(database, { from: 1, to: CODES + 1, employees: 10_000 });
  await database.close();
  // One process: its CPU time is read from /proc by pid (decision 318's copies would each have their own).
  const server = await startServer(target, { SERVER_PROCESSES: '1' });
  try {
    await warmUpServer(server.baseUrl);
    const pool = new CodePool(1, CODES + 1);
    const headers = authHeaders(server.baseUrl, await signIn(server.baseUrl, EMAILS.provider, PASSWORD));
    const verify = (amount: number) => runLoad({ url: server.baseUrl, connections: CONNECTIONS, amount, requests: [verifyRequest(headers, pool)] });
    expectMostlyOk('warm-up', await verify(500), 0);
    await new Promise((resolve) => setTimeout(resolve, 2_000)); // the warm-up's events handled before the count starts
    const nodeBefore = cpuMsOf(server.pid);
    const pgBefore = target.driver === 'postgres' ? postgresCpuMs() : 0;
    const load = await verify(REQUESTS);
    expectMostlyOk('verify', load, 0);
    // The run's events handled too: their cost is the verification's.
    const drainSeconds = await outboxDrained(target);
    const nodeMs = cpuMsOf(server.pid) - nodeBefore;
    const pgMs = target.driver === 'postgres' ? postgresCpuMs() - pgBefore : null;
    console.log(
      JSON.stringify(
        {
          driver: target.driver,
          requests: load.ok,
          rps: round(load.ok / load.seconds, 1),
          p50_ms: round(percentile(load.latencies, 50)),
          p95_ms: round(percentile(load.latencies, 95)),
          outbox_drain_after_s: target.driver === 'postgres' ? round(drainSeconds, 2) : null,
          server_cpu_ms_per_verification: round(nodeMs / load.ok, 3),
          postgres_cpu_ms_per_verification: pgMs === null ? null : round(pgMs / load.ok, 3),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
} finally {
  await target.dispose();
}
