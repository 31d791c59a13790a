/**
 * SERVER_PROCESSES (decision 318): the primary prepares the database and forks copies that share the
 * port; a copy that dies is replaced, and SIGTERM ends them all. PostgreSQL only: PGlite is one
 * process's embedded database (loadConfig refuses more than one process without DATABASE_URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/app';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-processes-'));
});
afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await ctx?.close();
});

/**
 * The server copies `pid` started, from /proc: its children that run main.ts (tsx may also have
 * started esbuild's service under it, on a machine whose transform cache is still empty).
 */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const parent = /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1];
        return parent === String(pid) && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('src/server/main.ts');
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
}

async function healthy(baseUrl: string): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/api/health`)).ok;
  } catch {
    return false;
  }
}

describe.skipIf(!onPostgres)('SERVER_PROCESSES=2 on PostgreSQL', () => {
  it('serves from two copies, replaces one that dies, and ends them all on SIGTERM', async () => {
    const primary: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        DATABASE_URL: ctx.database.url!,
        DATABASE_OWNER_URL: ctx.ownerUrl!,
        SERVER_PROCESSES: '2',
        // Any free port: the copies share the one the primary picks, and the ready line names it.
        PORT: '0',
        DATA_DIR: dataDir,
        DEMO_DATA: 'off',
        LOG_LEVEL: 'warn',
        BETTER_AUTH_SECRET: 'processes-test-secret-0123456789abcdef',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => primary.once('exit', (code) => resolve(code)));
    let output = '';
    const ready = new Promise<void>((resolve) =>
      primary.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Jobby está listo')) resolve();
      }),
    );
    try {
      // A start that fails ends the primary (its reason is on stderr, inherited above).
      expect(await Promise.race([ready.then(() => 'ready'), exited.then((code) => `exited with ${code}`)])).toBe('ready');
      expect(output).toContain('PostgreSQL, 2 procesos');
      const baseUrl = `http://127.0.0.1:${/escuchando en 127\.0\.0\.1:(\d+)/.exec(output)?.[1]}`;
      expect(await healthy(baseUrl)).toBe(true);
      const copies = childrenOf(primary.pid!);
      expect(copies).toHaveLength(2);

      process.kill(copies[0], 'SIGKILL');
      await expect.poll(() => childrenOf(primary.pid!).filter((pid) => pid !== copies[0]), { timeout: 60_000 }).toHaveLength(2);
      expect(childrenOf(primary.pid!)).toContain(copies[1]);
      await expect.poll(() => healthy(baseUrl)).toBe(true);
      const replaced = childrenOf(primary.pid!);

      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
      for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      if (primary.exitCode === null) primary.kill('SIGKILL');
    }
  }, 120_000);
});
