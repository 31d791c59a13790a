/**
 * The sign-in's refusal before the password check (routes.ts `originRefusedByAuth`)
 * mirrors better-auth's own CSRF check (`validateFormCsrf`) exactly, so nothing better-auth refuses
 * is counted as a failed sign-in first. The tests' server runs better-auth in its test mode, which
 * skips that check; here a bare better-auth (memory adapter) runs it for real, and each header
 * combination must get the same verdict from both: refused (403) or let through (to the password).
 */
import { describe, expect, it } from 'vitest';
import { betterAuth } from 'better-auth';
import { memoryAdapter } from 'better-auth/adapters/memory';
import { originRefusedByAuth } from '#server/auth/routes';

const TRUSTED = 'http://localhost:3000';
const auth = betterAuth({
  baseURL: TRUSTED,
  secret: 'test-secret-test-secret-test-secret-0123456789',
  database: memoryAdapter({ user: [], session: [], account: [], verification: [] }),
  emailAndPassword: { enabled: true },
  trustedOrigins: [TRUSTED],
  rateLimit: { enabled: false },
  // What production runs: better-auth turns both off by itself under NODE_ENV=test.
  advanced: { disableOriginCheck: false, disableCSRFCheck: false },
});

const CASES: Record<string, string>[] = [
  {},
  { 'sec-fetch-mode': 'cors' },
  { 'sec-fetch-mode': 'cors', 'sec-fetch-site': 'same-origin' },
  { 'sec-fetch-dest': 'empty' },
  { 'sec-fetch-site': 'none' },
  { 'sec-fetch-mode': ' ' },
  { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', origin: TRUSTED },
  { 'sec-fetch-mode': 'cors', origin: TRUSTED },
  { 'sec-fetch-mode': 'cors', origin: 'https://malicioso.example' },
  { 'sec-fetch-mode': 'cors', referer: `${TRUSTED}/login` },
  { 'sec-fetch-mode': 'cors', referer: 'https://malicioso.example/x' },
  { 'sec-fetch-mode': 'cors', origin: 'null' },
  { 'sec-fetch-site': 'same-origin', origin: 'null' },
  { origin: TRUSTED },
  { origin: 'https://malicioso.example' },
  { referer: 'https://malicioso.example/x' },
  { referer: `${TRUSTED}/login` },
  { referer: '/login', 'sec-fetch-mode': 'cors' },
  { cookie: 'jobby.session_token=viejo' },
  { cookie: 'jobby.session_token=viejo', origin: TRUSTED },
  { cookie: 'jobby.session_token=viejo', referer: 'https://malicioso.example/' },
  { cookie: 'jobby.session_token=viejo', origin: 'null', 'sec-fetch-site': 'same-origin' },
];

describe("the sign-in's refusal before the password check is better-auth's CSRF check", () => {
  it.each(CASES)('%o: same verdict', async (extra) => {
    const headers = new Headers({ 'content-type': 'application/json', ...extra });
    const response = await auth.handler(
      new Request(`${TRUSTED}/api/auth/sign-in/email`, { method: 'POST', headers, body: JSON.stringify({ email: 'nadie@andes.cl', password: 'secreto123' }) }),
    );
    const refusedByBetterAuth = response.status === 403;
    // Let through, better-auth goes on to the password: an unknown account answers 401.
    if (!refusedByBetterAuth) expect(response.status).toBe(401);
    expect(originRefusedByAuth(headers, { trustedOrigins: [TRUSTED] })).toBe(refusedByBetterAuth);
  });
});
