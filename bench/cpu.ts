/**
 * CPU time of processes on this machine, read from /proc (Linux): what a request cost the server
 * process and, with PostgreSQL on the same host, the database (bench:verify, bench:redeem).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { openBenchDatabase, query, type BenchDatabase } from './db';

const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of a process, in ms. */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** CPU ms of every process named `postgres` (the local server's backends and its own workers). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += cpuMsOf(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/**
 * Waits until the outbox has handled every event (PostgreSQL; the server's workers do it after
 * the commits), so the CPU read after it bills the after-commit work to the requests that caused it.
 * Returns the seconds waited.
 */
export async function outboxDrained(target: BenchDatabase): Promise<number> {
  const started = performance.now();
  if (target.driver !== 'postgres') return 0;
  const database = await openBenchDatabase(target);
  try {
    for (;;) {
      const [row] = await query<{ left: number }>(database, `SELECT count(*)::int AS left FROM domain_events WHERE processed_at IS NULL`);
      if (row.left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await database.close();
  }
  return (performance.now() - started) / 1000;
}
