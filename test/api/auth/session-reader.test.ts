import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions, users } from '#server/db/schema';
import { verifiedToken } from '#server/auth/session-reader';
import { createTestContext, createUser, signIn, as, type TestContext } from '../../support/app';

/**
 * The one-read session check (decision 305) answers as better-auth's own `getSession` would: these
 * are the cases where the two could part.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const me = (cookie: string) => ctx.app.inject({ url: '/api/me', headers: as(cookie) });
const DAY_MS = 24 * 60 * 60 * 1000;

/** The token inside a Cookie header's session cookie, and the header with another value in its place. */
function sessionCookieOf(cookie: string) {
  const part = cookie.split('; ').find((p) => p.startsWith('jobby.session_token='))!;
  const value = part.slice('jobby.session_token='.length);
  const token = decodeURIComponent(value).split('.')[0];
  return { token, value, withValue: (other: string) => cookie.replace(part, `jobby.session_token=${other}`) };
}

async function sessionRow(token: string) {
  const [row] = await ctx.db.select().from(sessions).where(eq(sessions.token, token));
  return row ?? null;
}

describe('the signed cookie', () => {
  it('reads the token better-auth signed at sign-in, and nothing altered', async () => {
    await createUser(ctx.db, { email: 'firma@andes.cl' });
    const { token, value } = sessionCookieOf(await signIn(ctx.app, 'firma@andes.cl'));
    const secret = ctx.config.authSecret;
    expect(verifiedToken(value, secret)).toBe(token);
    expect(verifiedToken(value, `${secret}x`)).toBeNull();
    expect(verifiedToken(value.replace(token.slice(0, 4), 'AAAA'), secret)).toBeNull();
    expect(verifiedToken(token, secret)).toBeNull();
    expect(verifiedToken('%E0%A4%A', secret)).toBeNull();
  });

  it('a session cookie with a forged signature, or none, is signed out', async () => {
    await createUser(ctx.db, { email: 'forja@andes.cl' });
    const cookie = await signIn(ctx.app, 'forja@andes.cl');
    expect((await me(cookie)).statusCode).toBe(200);
    const { token, withValue } = sessionCookieOf(cookie);
    expect((await me(withValue(encodeURIComponent(`${token}.${'A'.repeat(43)}=`)))).statusCode).toBe(401);
    expect((await me(withValue(token))).statusCode).toBe(401);
    expect((await me(withValue(''))).statusCode).toBe(401);
  });
});

describe('the session row', () => {
  it('an expired session is refused and deleted, as better-auth does', async () => {
    await createUser(ctx.db, { email: 'vencida@andes.cl' });
    const cookie = await signIn(ctx.app, 'vencida@andes.cl');
    const { token } = sessionCookieOf(cookie);
    await ctx.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await sessionRow(token)).toBeNull();
  });

  it('a session due for its daily refresh is answered and its expiry moved a week ahead', async () => {
    await createUser(ctx.db, { email: 'refresco@andes.cl' });
    const cookie = await signIn(ctx.app, 'refresco@andes.cl');
    const { token } = sessionCookieOf(cookie);
    // Signed in two days ago: five days left of the seven, past the one-day refresh age.
    const twoDaysAgo = new Date(Date.now() + 5 * DAY_MS);
    await ctx.db.update(sessions).set({ expiresAt: twoDaysAgo }).where(eq(sessions.token, token));
    expect((await me(cookie)).statusCode).toBe(200);
    const refreshed = await sessionRow(token);
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });

  it('a fresh session is answered without a write to its row', async () => {
    await createUser(ctx.db, { email: 'fresca@andes.cl' });
    const cookie = await signIn(ctx.app, 'fresca@andes.cl');
    const { token } = sessionCookieOf(cookie);
    const before = await sessionRow(token);
    const res = await me(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe('fresca@andes.cl');
    expect(await sessionRow(token)).toEqual(before);
  });

  it('a user disabled after signing in is refused on the next request', async () => {
    const id = await createUser(ctx.db, { email: 'apagada@andes.cl' });
    const cookie = await signIn(ctx.app, 'apagada@andes.cl');
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, id));
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
