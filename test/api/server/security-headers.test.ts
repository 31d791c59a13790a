/**
 * Every answer carries the security headers (ARCHITECTURE §9): a Content-Security-Policy with the
 * app's own directives — its own origin only, inline styles (Mantine), WebAssembly for the QR
 * scanner, its service worker and manifest — and helmet's other headers. Without HTTPS in PUBLIC_URL
 * there is neither HSTS nor upgrade-insecure-requests, which would break the default http://localhost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../support/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('security headers', () => {
  // /api/me without a session is refused (401) by the access hook: refusals carry them too.
  it.each(['/api/health', '/login', '/api/me'])('are on %s', async (url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    const policy = String(res.headers['content-security-policy']).split(';').map((directive) => directive.trim());
    expect(policy).toEqual(
      expect.arrayContaining([
        "default-src 'self'",
        "img-src 'self' data: https:",
        "style-src 'self' 'unsafe-inline'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "connect-src 'self'",
        "worker-src 'self'",
        "manifest-src 'self'",
        "frame-ancestors 'self'",
        "object-src 'none'",
      ]),
    );
    expect(policy).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
