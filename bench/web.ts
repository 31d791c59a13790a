/**
 * `npm run bench:web`: Lighthouse (mobile preset, its default) on six pages (decision 61) of the
 * built app, served by the real server in production mode with the demo data in a temporary DATA_DIR,
 * three runs per page and the median run reported (BENCH_WEB_RUNS changes the count). Pages behind a
 * session get the cookie of a sign-in through the API as an extra header. Writes
 * bench/results/web.json and the table between the markers of bench/README.md. Reports; asserts nothing.
 * Each page's full Lighthouse report goes to bench/results/lighthouse/<page>.json (its audits say what
 * costs the most). `BENCH_WEB_PAGES=/login,/level4` measures only those pages and leaves the README alone.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from './server';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The flags of playwright.config.ts, headless. */
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const AIM = { performance: 90, accessibility: 95 };

type Target = { path: string; account: string | null };
const TARGETS: Target[] = [
  { path: '/login', account: null },
  { path: '/level3/dashboard', account: 'camila@andes.cl' },
  { path: '/level3/benefits', account: 'camila@andes.cl' },
  { path: '/level4', account: 'cafe@jobby.sup' },
  { path: '/level2/dashboard', account: 'admin@andes.cl' },
  { path: '/level1/dashboard', account: 'plataforma@jobby.cl' },
];
/** Lighthouse's own advice: the median of several runs, as one run's score can swing by several points. */
const RUNS = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));

/** The pages named in BENCH_WEB_PAGES (comma-separated), or all of them. */
function selectedTargets(): Target[] {
  const wanted = (process.env.BENCH_WEB_PAGES ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (wanted.length === 0) return TARGETS;
  const unknown = wanted.filter((p) => !TARGETS.some((t) => t.path === p));
  if (unknown.length > 0) throw new Error(`BENCH_WEB_PAGES: unknown page ${unknown.join(', ')} (known: ${TARGETS.map((t) => t.path).join(', ')})`);
  return TARGETS.filter((t) => wanted.includes(t.path));
}

type Figures = { performance: number; accessibility: number; lcpMs: number; tbtMs: number; cls: number; runs?: number[] };
/** `error`: Lighthouse could not measure the page (twice); the figures are then missing. */
type PageResult = { path: string } & (Figures | { error: string });

/** The session cookie of `email`, from the same sign-in the login page calls. */
async function sessionCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const signIn = () =>
    fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password }),
    });
  // A kept-alive socket the server closed while Lighthouse ran fails the first try ('other side closed').
  const response = await signIn().catch(signIn);
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function audit(port: number, url: string, cookie: string | null): Promise<Figures> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  const reportDir = path.resolve('bench/results/lighthouse');
  mkdirSync(reportDir, { recursive: true });
  writeFileSync(path.join(reportDir, `${new URL(url).pathname.slice(1).replaceAll('/', '-')}.json`), JSON.stringify(result.lhr));
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: Number(value('cumulative-layout-shift').toFixed(3)),
  };
}

/** The run with the median performance score of `RUNS` runs, with every run's score beside it. */
async function medianAudit(port: number, url: string, cookie: string | null): Promise<Figures | { error: string }> {
  const runs: Figures[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const figures = await auditWithRetry(port, url, cookie);
    if ('error' in figures) return figures;
    runs.push(figures);
  }
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return { ...sorted[Math.floor((sorted.length - 1) / 2)], runs: runs.map((r) => r.performance) };
}

/** One more try when Lighthouse times out (a busy machine), then the error is reported instead. */
async function auditWithRetry(port: number, url: string, cookie: string | null): Promise<Figures | { error: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(port, url, cookie);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt === 2) return { error: message };
      console.warn(`retrying ${url}: ${message}`);
    }
  }
}

function table(results: PageResult[]): string {
  const rows = results.map((r) =>
    'error' in r
      ? `| \`${r.path}\` | — | — | — | — | — |`
      : `| \`${r.path}\` | ${r.performance} (${r.runs?.join(', ') ?? r.performance}) | ${r.accessibility} | ${(r.lcpMs / 1000).toFixed(2)} s | ${r.tbtMs} ms | ${r.cls} |`,
  );
  return ['| page | performance, median (runs) | accessibility | LCP | TBT | CLS |', '| --- | ---: | ---: | ---: | ---: | ---: |', ...rows].join('\n');
}

/** Replaces the text between the web bench's markers in bench/README.md. */
function writeReadmeTable(markdown: string) {
  const file = path.resolve('bench/README.md');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from === -1 || to === -1) throw new Error('bench/README.md has no bench:web markers');
  writeFileSync(file, `${text.slice(0, from + start.length)}\n${markdown}\n${text.slice(to)}`);
}

async function main() {
  const targets = selectedTargets();
  if (!existsSync(CHROMIUM)) throw new Error(`No se encontró Chromium en ${CHROMIUM} (CHROMIUM_PATH).`);
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the web build failed');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-bench-web-'));
  const password = randomBytes(9).toString('base64url');
  // Production mode, as deployed: production refuses the published demo password, so a random one.
  // Loading the demo data (hashing its passwords) takes a while on a busy machine.
  const server = await startServer({ dataDir, url: null }, { DEMO_DATA: 'on', DEMO_PASSWORD: password }, 300_000);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  const results: PageResult[] = [];
  try {
    for (const target of targets) {
      const cookie = target.account ? await sessionCookie(server.baseUrl, target.account, password) : null;
      const figures = await medianAudit(chrome.port, `${server.baseUrl}${target.path}`, cookie);
      results.push({ path: target.path, ...figures });
      console.log(`${target.path}: ${JSON.stringify(figures)}`);
    }
  } finally {
    chrome.kill();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  mkdirSync('bench/results', { recursive: true });
  const report = { date: new Date().toISOString(), lighthouse: '12.8.2', preset: 'mobile (Lighthouse default)', runsPerPage: RUNS, aim: AIM, pages: results };
  writeFileSync('bench/results/web.json', `${JSON.stringify(report, null, 2)}\n`);
  const markdown = table(results);
  if (targets.length === TARGETS.length) writeReadmeTable(markdown);
  console.log(`\n${markdown}\n`);
  const missed = results.filter((r) => 'error' in r || r.performance < AIM.performance || r.accessibility < AIM.accessibility).map((r) => r.path);
  console.log(missed.length === 0 ? 'Every page meets the aim.' : `Below the aim (performance ≥ ${AIM.performance}, accessibility ≥ ${AIM.accessibility}): ${missed.join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
