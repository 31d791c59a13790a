/**
 * `npm run bench:redeem` (PGlite) or with DATABASE_URL (PostgreSQL): redemptions of one benefit
 * alone, for an A/B of their path. One server on a fresh database (the bench's 10,000
 * employees), warmed up, then the full bench's redemption phase: 50 employees redeem the bench's
 * company benefit at once, each request with its own Idempotency-Key (3 s warm-up, 5 s of one
 * client, 15 s of 50). It prints the rates, and the CPU each successful redemption cost: the
 * server process's and (PostgreSQL on this machine) every `postgres` process's, read from /proc
 * around the whole phase and after the outbox has handled its events.
 * BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
 */
import { cpuMsOf, outboxDrained, postgresCpuMs } from './cpu';
import { createBenchDatabase, openBenchDatabase } from './db';
import { round } from './load';
import { redeemPhase, warmUpServer } from './phases';
import { seedBase } from './seed';
import { startServer } from './server';

const target = await createBenchDatabase(process.env.DATABASE_URL);
try {
  const database = await openBenchDatabase(target, true);
  await seedBase(database, { employees: 10_000, jobbyInitial: 100, companyInitial: 10_000 });
  await database.close();
  // One process: its CPU time is read from /proc by pid.
  const server = await startServer(target, { SERVER_PROCESSES: '1' });
  try {
    await warmUpServer(server.baseUrl);
    const nodeBefore = cpuMsOf(server.pid);
    const pgBefore = target.driver === 'postgres' ? postgresCpuMs() : 0;
    const redeem = await redeemPhase(server.baseUrl, { redeemers: 50, warmupSeconds: 3, singleSeconds: 5, seconds: 15 });
    const drainSeconds = await outboxDrained(target);
    const nodeMs = cpuMsOf(server.pid) - nodeBefore;
    const pgMs = target.driver === 'postgres' ? postgresCpuMs() - pgBefore : null;
    // Every success of the phase (warm-up and one client included) paid for the CPU read around it.
    const redeemed = [...redeem.successes.values()].reduce((sum, n) => sum + n, 0);
    console.log(
      JSON.stringify(
        {
          driver: target.driver,
          redemptions_per_s_50_clients: redeem.perSecond,
          p95_ms_50_clients: redeem.p95,
          redemptions_per_s_1_client: redeem.singlePerSecond,
          refused: redeem.refused,
          redeemed_in_phase: redeemed,
          outbox_drain_after_s: round(drainSeconds, 2),
          server_cpu_ms_per_redemption: round(nodeMs / redeemed, 3),
          postgres_cpu_ms_per_redemption: pgMs === null ? null : round(pgMs / redeemed, 3),
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
