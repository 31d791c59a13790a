/**
 * The physical reference: PostgreSQL's own pgbench, TPC-B's default script, run on the
 * same server in the same bench run, so the product's figures can be read as a share of what this
 * machine and this PostgreSQL do at that moment.
 *
 * - scale 1: ONE branch row that every transaction updates (with its teller and account) — the
 *   same shape as 50 employees redeeming ONE benefit, whose stock row every redemption updates;
 * - scale 10: ten branches, 1,000,000 accounts — little contention, the reference for verification.
 *
 * It runs in its own scratch database `jobby_pgbench_<random>`, created and dropped here.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { adminQuery } from './db';

const run = promisify(execFile);

export const PGBENCH = process.env.PGBENCH_PATH ?? '/usr/bin/pgbench';

/** Scratch databases created and not dropped yet: dropScratchDatabases() removes them on Ctrl-C. */
const scratch = new Map<string, string>();

export async function dropScratchDatabases(): Promise<void> {
  for (const [name, baseUrl] of scratch) {
    await adminQuery(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    scratch.delete(name);
  }
}

export type PgbenchFigures = { scale: number; clients: number; seconds: number; tps: number; latencyMs: number };

/** pgbench's connection options from a postgres:// URL (the password goes through PGPASSWORD). */
function connectionOf(url: URL, database: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}) };
  return { args: [...args, database], env };
}

/** The "tps = … (without initial connection time)" and "latency average = … ms" of pgbench's report. */
export function parsePgbench(output: string): { tps: number; latencyMs: number } {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output) ?? /tps = ([\d.]+)/.exec(output);
  const latency = /latency average = ([\d.]+) ms/.exec(output);
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return { tps: Number(tps[1]), latencyMs: latency ? Number(latency[1]) : NaN };
}

/**
 * Initialises a scratch database at each scale in turn and runs TPC-B's default script with
 * `clients` clients for `seconds` seconds (2 threads: the machine's cores). Drops the database
 * at the end, also when pgbench fails.
 */
export async function runPgbench(baseUrl: string, options: { scales: number[]; clients: number; seconds: number }): Promise<PgbenchFigures[]> {
  const url = new URL(baseUrl);
  const name = `jobby_pgbench_${randomBytes(6).toString('hex')}`;
  await adminQuery(baseUrl, `CREATE DATABASE ${name}`);
  scratch.set(name, baseUrl);
  const { args, env } = connectionOf(url, name);
  const figures: PgbenchFigures[] = [];
  try {
    for (const scale of options.scales) {
      // -i drops and re-creates the pgbench tables, then VACUUMs them: each scale starts fresh.
      await run(PGBENCH, ['-i', '-q', '-s', String(scale), ...args], { env, maxBuffer: 16 << 20 });
      const { stdout } = await run(PGBENCH, ['-c', String(options.clients), '-j', '2', '-T', String(options.seconds), ...args], { env, maxBuffer: 16 << 20 });
      const { tps, latencyMs } = parsePgbench(stdout);
      figures.push({ scale, clients: options.clients, seconds: options.seconds, tps: Math.round(tps * 10) / 10, latencyMs });
    }
  } finally {
    await dropScratchDatabases();
  }
  return figures;
}
