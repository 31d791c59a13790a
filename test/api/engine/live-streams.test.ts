/**
 * Live streams follow their session and scope: the hub's re-check (one query for all
 * open streams, every `live.recheckMs`) ends a stream whose session was signed out, whose user was
 * disabled, or whose level or company changed; and a person may hold only `live.streamsPerUser`
 * streams on one server copy. The re-check is driven through `live.recheck()` instead of waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp, type App } from '#server/app';
import { users } from '#server/db/schema';
import { as, createCompany, createTestContext, createUser, signIn, type TestContext } from '../../support/app';

let ctx: TestContext;
let app: App;
let base: string;
let companyId: string;
let counter = 0;

beforeAll(async () => {
  // An hour: nothing re-checks unless the test asks, so each assertion sees exactly one re-check.
  ctx = await createTestContext({ live: { recheckMs: 3_600_000, streamsPerUser: 5 } });
  companyId = await createCompany(ctx.db, 'Vivo');
  app = await buildApp({ config: ctx.config, database: ctx.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

async function person(level: 1 | 2 | 3 = 3) {
  counter += 1;
  const email = `p${counter}@vivo.cl`;
  const id = await createUser(ctx.db, { email, companyId, level });
  return { id, email, cookie: await signIn(ctx.app, email) };
}

/** Opens /api/events; `ended` resolves when the server closes the stream. */
async function open(cookie: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { accept: 'text/event-stream', cookie }, signal: controller.signal });
  const state = { ended: false };
  const ended =
    res.status === 200 && res.body
      ? (async () => {
          try {
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) void chunk;
          } catch {
            // aborted by the test
          }
          state.ended = true;
        })()
      : Promise.resolve();
  return { res, state, ended, close: async () => { controller.abort(); await ended; } };
}

describe('live streams end with their session or scope', () => {
  it('ends the stream of a signed-out session at the next re-check, and keeps the same user’s other session', async () => {
    const who = await person();
    const other = await open(await signIn(ctx.app, who.email));
    const stream = await open(who.cookie);
    expect(stream.res.status).toBe(200);
    const signedOut = await ctx.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: as(who.cookie), payload: {} });
    expect(signedOut.statusCode).toBe(200);

    await app.deps.live.recheck();
    await stream.ended;
    expect(stream.state.ended).toBe(true);
    expect(other.state.ended).toBe(false);
    // Reconnecting with the ended session is refused by the access hook.
    expect((await open(who.cookie)).res.status).toBe(401);
    await other.close();
  });

  it('ends the streams of a disabled user and of a user whose level or company changed, and no other', async () => {
    const [disabled, demoted, moved, untouched] = [await person(), await person(2), await person(), await person()];
    const streams = await Promise.all([disabled, demoted, moved, untouched].map((p) => open(p.cookie)));
    expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200, 200]);
    const elsewhere = await createCompany(ctx.db, 'Otra');
    await ctx.db.update(users).set({ status: 'inactive' }).where(eq(users.id, disabled.id));
    await ctx.db.update(users).set({ level: 3 }).where(eq(users.id, demoted.id));
    await ctx.db.update(users).set({ companyId: elsewhere }).where(eq(users.id, moved.id));

    await app.deps.live.recheck();
    await Promise.all(streams.slice(0, 3).map((s) => s.ended));
    expect(streams.map((s) => s.state.ended)).toEqual([true, true, true, false]);
    await streams[3].close();
  });
});

describe('live streams per person', () => {
  it('refuses a sixth open stream with 429 and the Spanish message, and accepts one again after a close', async () => {
    const who = await person();
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await open(who.cookie));
    expect(streams.map((s) => s.res.status)).toEqual([200, 200, 200, 200, 200]);

    const sixth = await open(who.cookie);
    expect(sixth.res.status).toBe(429);
    expect(await sixth.res.json()).toEqual({
      error: { code: 'TOO_MANY_LIVE_STREAMS', message: 'Tienes demasiadas pestañas con actualizaciones en vivo abiertas. Cierra alguna e intenta nuevamente.' },
    });
    // Another person is not affected.
    const someoneElse = await open((await person()).cookie);
    expect(someoneElse.res.status).toBe(200);

    await streams[0].close();
    // The server notices the closed socket on its own schedule: wait for the hub to count it out.
    await expect.poll(() => app.deps.live.size, { timeout: 5_000 }).toBe(5);
    const again = await open(who.cookie);
    expect(again.res.status).toBe(200);
    await Promise.all([...streams.slice(1), someoneElse, again].map((s) => s.close()));
  });
});
