/**
 * The measured phases (ARCHITECTURE §8): code verification, the HR employee list, and concurrent
 * redemptions. Each warms the server up on the same path before the measured run, so JIT and
 * caches are not billed to the first measured requests.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from 'autocannon';
import type { CodePool } from './codes';
import { authHeaders, expectMostlyOk, percentile, round, runLoad, signIn } from './load';
import { EMAILS, IDS, PASSWORD } from './seed';

/**
 * A freshly started server runs its first few thousand requests through cold JIT and cold caches.
 * This warms the path every API call shares (session, actor row) before anything is measured, so
 * the first measured phase does not pay for it and the second (same server) does not look faster.
 */
export async function warmUpServer(baseUrl: string, requests = 1_000): Promise<void> {
  const { cookie, origin } = authHeaders(baseUrl, await signIn(baseUrl, EMAILS.provider, PASSWORD));
  expectMostlyOk('server warm-up', await runLoad({ url: `${baseUrl}/api/me`, connections: 10, amount: requests, headers: { cookie, origin } }), 0);
}

export type VerifyTarget = { baseUrl: string; pool: CodePool };

/** One autocannon request that verifies the pool's next code, with an Idempotency-Key as the web client sends it. */
export function verifyRequest(headers: Record<string, string>, pool: CodePool) {
  return {
    method: 'POST' as const,
    path: '/api/codes/verify',
    headers,
    setupRequest: (req: { headers?: Record<string, string> }) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': randomUUID() },
      body: JSON.stringify({ code: pool.take() }),
    }),
  };
}
export type VerifyFigures = { p50: number; p95: number; rps: number; requests: number };

/**
 * Verifies codes as the provider on two servers, one with the small table and one with the large,
 * in alternating rounds (small, large, large, small, …). This machine also runs other work, whose
 * load comes and goes; alternating spreads it over both sizes instead of billing it to whichever
 * phase it happened to hit, so the large ÷ small ratio compares like with like.
 *
 * Each request takes the next code of the server's pool, so every one is a distinct, active code:
 * the measured path is the successful one (lookup, conditional update, idempotency row).
 */
export async function verifyRounds(
  small: VerifyTarget,
  large: VerifyTarget,
  options: { warmup: number; rounds: number; perRound: number; connections: number },
): Promise<{ small: VerifyFigures; large: VerifyFigures }> {
  const run = async (target: VerifyTarget, amount: number) => {
    // Signed in before every round: the session's cookie cache lasts 60 s, and rounds run with an
    // expired one would pay an extra session lookup per request that other rounds did not.
    const headers = authHeaders(target.baseUrl, await signIn(target.baseUrl, EMAILS.provider, PASSWORD));
    const load = await runLoad({ url: target.baseUrl, connections: options.connections, amount, requests: [verifyRequest(headers, target.pool)] });
    expectMostlyOk('verify', load);
    return load;
  };
  await run(small, options.warmup);
  await run(large, options.warmup);
  const samples = { small: { latencies: [] as number[], seconds: 0 }, large: { latencies: [] as number[], seconds: 0 } };
  for (let round = 0; round < options.rounds; round++) {
    // ABBA order: whichever size goes second in a pair runs on a server that has just been idle
    // while the other one worked; alternating the order cancels that out too.
    const order = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
    for (const size of order) {
      const load = await run(size === 'small' ? small : large, options.perRound);
      samples[size].latencies.push(...load.latencies);
      samples[size].seconds += load.seconds;
    }
  }
  const figures = ({ latencies, seconds }: { latencies: number[]; seconds: number }): VerifyFigures => ({
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    rps: round(latencies.length / seconds, 1),
    requests: latencies.length,
  });
  return { small: figures(samples.small), large: figures(samples.large) };
}

/**
 * Verifications at `connections` for `seconds` after `warmup` of them, each a distinct code: the
 * rate set beside pgbench's, measured as pgbench measures its own — a sustained run, not
 * the rounds' 100 verifications, whose rate is mostly their start and end.
 */
export async function verifySustained(target: VerifyTarget, options: { warmup: number; seconds: number; connections: number }): Promise<VerifyFigures> {
  const headers = authHeaders(target.baseUrl, await signIn(target.baseUrl, EMAILS.provider, PASSWORD));
  const run = (length: { amount: number } | { duration: number }) =>
    runLoad({ url: target.baseUrl, connections: options.connections, requests: [verifyRequest(headers, target.pool)], ...length });
  expectMostlyOk('verify warm-up', await run({ amount: options.warmup }));
  const load = await run({ duration: options.seconds });
  expectMostlyOk('verify, sustained', load);
  return {
    p50: round(percentile(load.latencies, 50)),
    p95: round(percentile(load.latencies, 95)),
    rps: round(load.ok / load.seconds, 1),
    requests: load.ok,
  };
}

export type HrFigures = { listP50: number; listP95: number; searchP50: number; searchP95: number; requests: number };

/** HR's first page of employees with balances, and a search, one request at a time: pure latency. */
export async function hrListPhase(baseUrl: string, options: { warmup: number; measured: number; search: string }): Promise<HrFigures> {
  const { cookie, origin } = authHeaders(baseUrl, await signIn(baseUrl, EMAILS.hr, PASSWORD));
  const headers = { cookie, origin };
  const measure = async (path: string) => {
    // autocannon takes the path from the URL; a top-level `path` option would be ignored.
    const common = { url: `${baseUrl}${path}`, connections: 1, method: 'GET', headers };
    expectMostlyOk(`GET ${path} warm-up`, await runLoad({ ...common, amount: options.warmup }), 0);
    const load = await runLoad({ ...common, amount: options.measured });
    expectMostlyOk(`GET ${path}`, load, 0);
    return load.latencies;
  };
  const list = await measure('/api/company/employees?limit=20');
  const search = await measure(`/api/company/employees?limit=20&search=${encodeURIComponent(options.search)}`);
  return {
    listP50: round(percentile(list, 50)),
    listP95: round(percentile(list, 95)),
    searchP50: round(percentile(search, 50)),
    searchP95: round(percentile(search, 95)),
    requests: list.length + search.length,
  };
}

export type RedeemFigures = {
  /** One client, one redemption at a time: the uncontended rate and latency. */
  singlePerSecond: number;
  singleP50: number;
  perSecond: number;
  p50: number;
  p95: number;
  ok: number;
  refused: number;
  statuses: Record<number, number>;
  /** Successful answers per employee number, warm-up included. */
  successes: Map<number, number>;
  /** Requests never answered (in flight when a run stopped, timed out, connection lost): the check resolves them. */
  inFlight: { employee: number; key: string }[];
};

/**
 * `redeemers` employees redeem the bench company benefit (cost 1) at once, one autocannon
 * connection per employee, each request with its own Idempotency-Key, for a fixed time (so the
 * phase lasts the same on a fast and a slow driver). Successes are counted per employee from the
 * answers, so the final check can tell a lost update from a refused request.
 *
 * A timed run ends with up to one request per connection in flight, which the server may still
 * commit. Their keys are kept: the server stores the key in the redemption's own transaction, so
 * the check can tell from the database which of them were charged.
 */
export async function redeemPhase(
  baseUrl: string,
  options: { redeemers: number; warmupSeconds: number; singleSeconds: number; seconds: number },
): Promise<RedeemFigures> {
  // Sign-ins run a few at a time: each is a scrypt check the server does on its single thread.
  const cookies: string[] = [];
  for (let n = 1; n <= options.redeemers; n += 10) {
    const batch = Array.from({ length: Math.min(10, options.redeemers - n + 1) }, (_, i) => signIn(baseUrl, EMAILS.employee(n + i), PASSWORD));
    cookies.push(...(await Promise.all(batch)));
  }
  const successes = new Map<number, number>();
  const inFlight: { employee: number; key: string }[] = [];
  const body = JSON.stringify({ kind: 'company', benefitId: IDS.companyBenefit });

  const run = async (seconds: number, connections: number) => {
    let nextClient = 0;
    const pendingOf: (() => { employee: number; key: string } | null)[] = [];
    // setupClient runs once per connection: connection k is employee k for the whole run. With one
    // request at a time per connection (no pipelining), the key built last and not yet answered
    // is the one in flight.
    const setupClient = (client: Client) => {
      const employee = (nextClient++ % options.redeemers) + 1;
      let pending: string | null = null;
      pendingOf.push(() => (pending ? { employee, key: pending } : null));
      // A timed-out or broken connection drops its request unanswered; autocannon reconnects and
      // sends a new one, so the dropped key is set aside here, before it would be overwritten.
      const drop = () => {
        if (pending) inFlight.push({ employee, key: pending });
        pending = null;
      };
      client.on('timeout', drop);
      client.on('connError', drop);
      client.setRequests([
        {
          method: 'POST',
          path: '/api/redemptions',
          headers: authHeaders(baseUrl, cookies[employee - 1]),
          body,
          setupRequest: (req) => {
            pending = randomUUID();
            return { ...req, headers: { ...req.headers, 'idempotency-key': pending } };
          },
          onResponse: (status) => {
            pending = null;
            if (status >= 200 && status < 300) successes.set(employee, (successes.get(employee) ?? 0) + 1);
          },
        },
      ]);
    };
    const load = await runLoad({ url: baseUrl, connections, duration: seconds, setupClient });
    for (const get of pendingOf) {
      const pending = get();
      if (pending) inFlight.push(pending);
    }
    return load;
  };

  // Refusals are not thrown here: under concurrency they are a finding (deadlocks, 500s), reported
  // with their status codes; the wallets are checked against the successes either way.
  await run(options.warmupSeconds, options.redeemers);
  // One client alone first: the same work without contention. If 50 clients get little more done
  // per second than one, the redemptions are serialised on a shared row, not limited by the CPU.
  const single = await run(options.singleSeconds, 1);
  const load = await run(options.seconds, options.redeemers);
  return {
    singlePerSecond: round(single.ok / single.seconds, 1),
    singleP50: round(percentile(single.latencies, 50)),
    perSecond: round(load.ok / load.seconds, 1),
    p50: round(percentile(load.latencies, 50)),
    p95: round(percentile(load.latencies, 95)),
    ok: load.ok,
    refused: load.failed + load.errors,
    statuses: load.statuses,
    successes,
    inFlight,
  };
}

export type ScreenFigures = { p50: number; p95: number; loads: number };

/**
 * A screen's API calls made at once, as the browser makes them when the screen opens, one screen
 * load after another on kept-alive connections: the time until the last answer of each load.
 * Signed in right before, so the session's 60 s cookie cache is warm for the whole series.
 */
export async function measureScreen(
  baseUrl: string,
  account: string,
  paths: string[],
  options: { warmup: number; measured: number },
): Promise<ScreenFigures> {
  const headers = { cookie: await signIn(baseUrl, account, PASSWORD), origin: baseUrl };
  const load = async () => {
    const start = performance.now();
    await Promise.all(
      paths.map(async (path) => {
        const response = await fetch(`${baseUrl}${path}`, { headers });
        // The body is read whole: the screen needs all of it, and the time includes sending it.
        const body = await response.text();
        if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body.slice(0, 300)}`);
      }),
    );
    return performance.now() - start;
  };
  for (let i = 0; i < options.warmup; i++) await load();
  const times: number[] = [];
  for (let i = 0; i < options.measured; i++) times.push(await load());
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), loads: times.length };
}

/** The screens of level 1 that read the whole platform, as the platform operator. */
export const ADMIN_SCREENS = {
  dashboard: ['/api/admin/dashboard'],
  users: ['/api/admin/users?limit=20&offset=0', '/api/admin/users/summary'],
  /** Typing in the search re-reads the list only. */
  usersSearch: ['/api/admin/users?limit=20&offset=0&search=Persona%204321'],
};

/** The screens of level 2 measured on the 10,000-employee company, as its HR admin. */
export const HR_SCREENS = {
  dashboard: ['/api/company/dashboard'],
  // /level2/tokens: the employees' first page, the stat cards and the history (50 loaded, 10 shown).
  tokens: ['/api/company/employees?limit=20&offset=0', '/api/company/tokens/stats', '/api/company/tokens/history?limit=50'],
};

export type ExportFigures = { seconds: number; rows: number; bytes: number };

/**
 * Downloads a CSV export whole, `runs` times after one warm-up: the median time from the request to
 * the last byte, and the data rows (lines minus the header) of the last download.
 */
export async function measureExport(baseUrl: string, account: string, path: string, runs = 3): Promise<ExportFigures> {
  const headers = { cookie: await signIn(baseUrl, account, PASSWORD), origin: baseUrl };
  const download = async () => {
    const start = performance.now();
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (!response.ok || !response.body) throw new Error(`GET ${path}: ${response.status}`);
    let lines = 0;
    let bytes = 0;
    const reader = response.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      bytes += part.value.length;
      for (const byte of part.value) if (byte === 0x0a) lines += 1;
    }
    return { seconds: (performance.now() - start) / 1000, rows: lines - 1, bytes };
  };
  await download();
  const results: { seconds: number; rows: number; bytes: number }[] = [];
  for (let i = 0; i < runs; i++) results.push(await download());
  const last = results[results.length - 1];
  return { seconds: round(percentile(results.map((r) => r.seconds), 50), 3), rows: last.rows, bytes: last.bytes };
}
