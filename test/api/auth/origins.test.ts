/**
 * With the default configuration (PUBLIC_URL http://localhost:3000) the loopback
 * spellings the server prints (127.0.0.1, [::1]) sign in, register and ask for a reset too; any
 * other origin is refused, and the log names it and the setting that would allow it.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, createUser, PASSWORD, type TestContext } from '../../support/app';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ logLevel: 'warn' }, { logStream });
});
afterAll(async () => ctx.close());

function post(url: string, origin: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { origin, 'content-type': 'application/json' }, payload });
}

describe.each(['http://127.0.0.1:3000', 'http://[::1]:3000', 'http://localhost:3000'])('from %s with the default configuration', (origin) => {
  const tag = origin.replace(/\W/g, '');

  it('signs in', async () => {
    await createUser(ctx.db, { email: `entra-${tag}@andes.cl` });
    const res = await post('/api/auth/sign-in/email', origin, { email: `entra-${tag}@andes.cl`, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.some((c) => c.name.endsWith('session_token'))).toBe(true);
  });

  it('registers', async () => {
    const res = await post('/api/auth/sign-up/email', origin, { name: 'Nueva Persona', email: `nueva-${tag}@andes.cl`, password: 'clave1234' });
    expect(res.statusCode).toBe(200);
  });

  it('asks for a password reset', async () => {
    await createUser(ctx.db, { email: `olvida-${tag}@andes.cl` });
    const res = await post('/api/auth/request-password-reset', origin, { email: `olvida-${tag}@andes.cl`, redirectTo: '/reset-password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });
});

describe('an origin that is not trusted', () => {
  it('is refused, and the log names the origin and TRUSTED_ORIGINS', async () => {
    await createUser(ctx.db, { email: 'ajeno@andes.cl' });
    const res = await post('/api/auth/sign-in/email', 'http://192.168.1.20:3000', { email: 'ajeno@andes.cl', password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; origin?: string }).filter((entry) => entry.origin === 'http://192.168.1.20:3000');
    expect(logged).toHaveLength(1);
    expect(logged[0].level).toBe(40);
    expect(logged[0].msg).toContain('TRUSTED_ORIGINS');
  });

  it('another port of a loopback name is not trusted either', async () => {
    const res = await post('/api/auth/sign-in/email', 'http://127.0.0.1:4000', { email: 'ajeno@andes.cl', password: PASSWORD });
    expect(res.statusCode).toBe(403);
  });

  it('is accepted once TRUSTED_ORIGINS lists it', async () => {
    const local = await createTestContext({ trustedOrigins: ['http://localhost:3000', 'http://192.168.1.20:3000'] });
    try {
      await createUser(local.db, { email: 'lan@andes.cl' });
      const res = await local.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: 'http://192.168.1.20:3000' },
        payload: { email: 'lan@andes.cl', password: PASSWORD },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await local.close();
    }
  });
});
