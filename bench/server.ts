/**
 * The real server in its own process, started the way `npm start` runs it (STACK-NOTES: one
 * `node --import tsx src/server/main.ts` process, never an `npx tsx` parent that would leave the
 * child holding the port). A separate process keeps autocannon off the server's event loop.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { BenchDatabase } from './db';

export type RunningServer = {
  baseUrl: string;
  /** The server process, for its CPU time (bench/verify-cpu.ts). */
  pid: number;
  stop: () => Promise<void>;
};

/** A free port picked by the OS; the server is told it, so the bench knows the URL without parsing logs. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Server processes per server: BENCH_SERVER_PROCESSES on PostgreSQL (decision 318), 1 unless set; PGlite
 * is always one. One by default because on the 2-core machine the database, the bench's clients and the
 * second server share the cores, and two processes did not measure reliably faster there.
 */
export function serverProcessesFor(target: Pick<BenchDatabase, 'url'>): number {
  return target.url ? Number(process.env.BENCH_SERVER_PROCESSES ?? 1) : 1;
}

/** `extraEnv` overrides the defaults below (the web bench loads the demo data). */
export async function startServer(target: Pick<BenchDatabase, 'dataDir' | 'url'>, extraEnv: NodeJS.ProcessEnv = {}, startTimeoutMs = 60_000): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    BETTER_AUTH_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: target.dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    // The limits protect real users; here they would only measure the limiter's 429s.
    VERIFY_ATTEMPTS_PER_MINUTE: '100000000',
    // The ceiling on all verifications of one provider (decision 134): the bench's one provider verifies far beyond a till.
    VERIFY_SUCCESSES_PER_MINUTE: '100000000',
    SIGNIN_FAILURES_PER_ACCOUNT: '100000000',
    SIGNIN_FAILURES_PER_ADDRESS: '100000000',
    // Production mode needs a mail transport; the bench sends no mail (its users are seeded verified).
    SMTP_URL: 'smtp://127.0.0.1:2525',
    // Production mode requires the WhatsApp webhook's secrets; the bench sends no webhook calls.
    WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
    WHATSAPP_VERIFY_TOKEN: randomBytes(8).toString('hex'),
    ...(target.url ? { DATABASE_URL: target.url, SERVER_PROCESSES: String(serverProcessesFor(target)) } : {}),
    ...extraEnv,
  };
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (not allowed in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Keep the server's last output: when it dies or never answers, the error says why.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk);
    process.stderr.write(`[server] ${chunk.toString()}`);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stopChild(child, exited);
      throw new Error(`the server did not answer /api/health within ${startTimeoutMs / 1000} s:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, pid: child.pid ?? 0, stop: () => stopChild(child, exited) };
}

/** SIGTERM lets main.ts close the app and the database (PGlite must be closed before the bench reopens it). */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
