/**
 * HTTP side of the bench: signing in through the real endpoint, and running autocannon while
 * keeping every 2xx response time, so percentiles autocannon does not report (p95) come from the
 * same samples its histogram is built from.
 */
import autocannon, { type Options } from 'autocannon';

/** Signs in with email and password (better-auth checks the Origin header) and returns the Cookie header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error(`sign-in of ${email} set no cookie`);
  return cookies.join('; ');
}

/** JSON-call headers of a signed-in user. */
export function authHeaders(baseUrl: string, cookie: string): Record<string, string> {
  return { cookie, origin: baseUrl, 'content-type': 'application/json' };
}

export type LoadResult = {
  /** Response times of 2xx answers, in ms, in arrival order. */
  latencies: number[];
  /** Answers by status code. */
  statuses: Record<number, number>;
  ok: number;
  failed: number;
  /** Connection errors and timeouts: requests without an answer. */
  errors: number;
  seconds: number;
};

export async function runLoad(options: Options): Promise<LoadResult> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  // 30 s, not autocannon's 10: 50 redemptions queued on one hot row reached p95 ≈ 9.5 s on PGlite
  // under heavy machine load, and a timeout would hide a slow answer as an error.
  const instance = autocannon({ timeout: 30, ...options });
  const started = performance.now();
  let lastAnswer = started;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    lastAnswer = performance.now();
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  const ok = latencies.length;
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  // Timed from the first request to the last answer: autocannon's own `duration` ends at its next
  // 1-second sampling tick, so a 100-request round done in 0.4 s would count as 1 s (≤ 100 req/s).
  const seconds = Math.max(lastAnswer - started, 1) / 1000;
  return { latencies, statuses, ok, failed: answered - ok, errors: result.errors + result.timeouts, seconds };
}

/** Nearest-rank percentile (p in 0–100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Throws when a phase's answers were not what the bench expects, with the status codes seen. */
export function expectMostlyOk(phase: string, load: LoadResult, maxFailureRatio = 0.01): void {
  const total = load.ok + load.failed + load.errors;
  if (total === 0 || (load.failed + load.errors) / total > maxFailureRatio) {
    throw new Error(`${phase}: ${load.ok} ok, ${load.failed} refused, ${load.errors} errors — statuses ${JSON.stringify(load.statuses)}`);
  }
}
