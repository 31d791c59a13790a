// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_OUT_PENDING_COOKIE } from '../../domain/sign-out';
import { finishPendingSignOut, finishPendingSignOutWhenOnline, isSignOutPending, signOutForSure } from './pending-sign-out';

/** A fetch whose answers the test gives one by one: `reachable` answers 200, otherwise the network fails. */
function fakeServer() {
  const calls: { url: string; method: string }[] = [];
  let reachable = true;
  const fetch = vi.fn(async (request: Request) => {
    calls.push({ url: new URL(request.url).pathname, method: request.method });
    if (!reachable) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ success: true }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, setReachable: (value: boolean) => (reachable = value) };
}

const markerInCookies = () => document.cookie.includes(`${SIGN_OUT_PENDING_COOKIE}=`);

describe('a sign-out for sure (decision 346)', () => {
  let stopWatching: (() => void) | null = null;
  beforeEach(() => {
    document.cookie = `${SIGN_OUT_PENDING_COOKIE}=; Path=/; Max-Age=0`;
  });
  afterEach(() => {
    stopWatching?.();
    stopWatching = null;
    vi.unstubAllGlobals();
  });

  it('online: asks the server once and leaves no marker', async () => {
    const server = fakeServer();
    await signOutForSure();
    expect(server.calls).toEqual([{ url: '/api/auth/sign-out', method: 'POST' }]);
    expect(isSignOutPending()).toBe(false);
    expect(markerInCookies()).toBe(false);
  });

  it('offline: fails but keeps the marker, and the connection coming back finishes it without anyone pressing anything', async () => {
    const server = fakeServer();
    server.setReachable(false);
    await expect(signOutForSure()).rejects.toMatchObject({ status: 0 });
    expect(isSignOutPending()).toBe(true);

    stopWatching = finishPendingSignOutWhenOnline();
    server.setReachable(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(isSignOutPending()).toBe(false));
    expect(server.calls.map((call) => call.url)).toEqual(['/api/auth/sign-out', '/api/auth/sign-out']);
  });

  it('asks nothing when no sign-out is pending, and one ask at a time when one is', async () => {
    const server = fakeServer();
    stopWatching = finishPendingSignOutWhenOnline();
    window.dispatchEvent(new Event('online'));
    await finishPendingSignOut();
    expect(server.calls).toEqual([]);

    document.cookie = `${SIGN_OUT_PENDING_COOKIE}=1; Path=/`;
    await Promise.all([finishPendingSignOut(), finishPendingSignOut()]);
    expect(server.calls).toHaveLength(1);
    expect(isSignOutPending()).toBe(false);
  });
});
