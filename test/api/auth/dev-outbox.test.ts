/**
 * The development outbox (DEV_OUTBOX_API=on) hands out reset links, so it answers
 * only a loopback peer carrying this start's token; anything else is a plain 404.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDevOutboxToken } from '#server/config';
import { createTestContext, createUser, ORIGIN, type TestContext } from '../../support/app';

const TOKEN = 'a'.repeat(64);
const VICTIM = 'plataforma@jobby.cl';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ devOutboxApi: true, devOutboxToken: TOKEN });
  await createUser(ctx.db, { email: VICTIM, level: 1 });
  const reset = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: ORIGIN },
    payload: { email: VICTIM, redirectTo: '/reset-password' },
  });
  expect(reset.statusCode).toBe(200);
});
afterAll(async () => ctx.close());

function outbox(headers: Record<string, string> = {}, remoteAddress?: string) {
  return ctx.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(VICTIM)}`, headers, remoteAddress });
}

describe('GET /api/dev/outbox', () => {
  it('answers the test process: loopback peer with the right token', async () => {
    // The reset mail is sent without waiting (no enumeration by time): poll until it is there.
    let res = await outbox({ 'x-dev-outbox-token': TOKEN });
    for (let i = 0; i < 50 && res.statusCode === 404; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      res = await outbox({ 'x-dev-outbox-token': TOKEN });
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().link).toContain('/reset-password?token=');
  });

  it('is a plain 404 without the token', async () => {
    const res = await outbox();
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(res.body).not.toContain('reset-password');
  });

  it('is a plain 404 with a wrong token', async () => {
    expect((await outbox({ 'x-dev-outbox-token': 'b'.repeat(64) })).statusCode).toBe(404);
    expect((await outbox({ 'x-dev-outbox-token': 'corto' })).statusCode).toBe(404);
  });

  it('is a plain 404 from a non-loopback peer, even with the token and a loopback X-Forwarded-For', async () => {
    const res = await outbox({ 'x-dev-outbox-token': TOKEN, 'x-forwarded-for': '127.0.0.1' }, '192.168.1.20');
    expect(res.statusCode).toBe(404);
    expect((await outbox({ 'x-dev-outbox-token': TOKEN }, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });
});

describe('the token file', () => {
  it('is written at start to DATA_DIR, readable by its owner only, replaced at each start', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jobby-outbox-'));
    try {
      writeDevOutboxToken({ dataDir, devOutboxToken: 'primero' });
      writeDevOutboxToken({ dataDir, devOutboxToken: 'segundo' });
      const file = path.join(dataDir, 'dev-outbox-token');
      expect(readFileSync(file, 'utf8')).toBe('segundo');
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
