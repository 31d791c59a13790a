/**
 * A sign-out the server has not heard yet (decision 346). 'Cerrar sesión' first writes
 * SIGN_OUT_PENDING_COOKIE — a cookie this page can write, where the session's is HttpOnly — and then
 * asks the server. Without a connection the ask fails, but the marker stays on the device: the server
 * ends the session on the first request that carries it (src/server/auth/pending-sign-out.ts), and
 * this module asks again as soon as the connection is back, from any open tab or the next start.
 */
import { SIGN_OUT_PENDING_COOKIE } from '../../domain/sign-out';
import { api } from './client';

/** Longer than any session lives (7 days, renewed daily); 400 days is the longest a browser keeps a cookie. */
const MARKER_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

function writeMarker(value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${SIGN_OUT_PENDING_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}

/** Whether this device has a sign-out the server has not confirmed. */
export function isSignOutPending(): boolean {
  return document.cookie.split(';').some((part) => part.trim().startsWith(`${SIGN_OUT_PENDING_COOKIE}=`));
}

let finishing: Promise<void> | null = null;

/**
 * Asks the server to end the session, the marker written first so that a failed or interrupted ask
 * still ends it later. Rejects when the server could not be reached (offline): the marker stays.
 * Calls made while one is under way share it.
 */
export function signOutForSure(): Promise<void> {
  writeMarker('1', MARKER_MAX_AGE_SECONDS);
  return finishPendingSignOut();
}

/** The pending sign-out, asked again; resolves at once when none is pending. */
export function finishPendingSignOut(): Promise<void> {
  if (!isSignOutPending()) return Promise.resolve();
  finishing ??= api
    .POST('/auth/sign-out')
    .then(() => {
      // The server's answer removes it too; this covers an answer whose cookies were not kept.
      writeMarker('', 0);
    })
    .finally(() => {
      finishing = null;
    });
  return finishing;
}

/**
 * At start and whenever the browser says the connection is back: a tab left on /login, or the app
 * opened again, finishes what was pressed offline without anyone doing anything. Returns the cleanup.
 */
export function finishPendingSignOutWhenOnline(): () => void {
  // After an ask still under way (it may be failing as the connection returns), once more if needed.
  const finish = () =>
    void (finishing ?? Promise.resolve())
      .catch(() => undefined)
      .then(finishPendingSignOut)
      .catch(() => undefined);
  window.addEventListener('online', finish);
  if (navigator.onLine) finish();
  return () => window.removeEventListener('online', finish);
}
