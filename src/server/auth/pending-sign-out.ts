/**
 * A sign-out the server has not heard yet (decision 346). 'Cerrar sesión' pressed without a connection
 * cannot remove the HttpOnly session cookie, so the web app writes SIGN_OUT_PENDING_COOKIE instead; the
 * first request that reaches the server with it — whatever it asks for, a page, a preload, a file —
 * ends that session in the database and is answered as a signed-out one, with both cookies removed.
 * Nothing of the app needs to run first, so the next person opening it online is never in the
 * previous person's account, even for the page's first requests.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SIGN_OUT_PENDING_COOKIE } from '../../domain/sign-out';
import { cookieValue } from './cookies';
import { verifiedToken } from './session-reader';

/** The requests whose session this hook ended: their answer removes the cookies (onSend). */
const endedHere = new WeakMap<FastifyRequest, string>();

/** The Cookie header without the named cookies; undefined when none is left. */
function withoutCookies(header: string, names: readonly string[]): string | undefined {
  const kept = header.split(';').filter((part) => {
    const separator = part.indexOf('=');
    return !names.includes((separator < 0 ? part : part.slice(0, separator)).trim());
  });
  const text = kept.map((part) => part.trim()).join('; ');
  return text === '' ? undefined : text;
}

/**
 * onRequest, before the access check: ends the session a pending sign-out names and takes the session
 * cookie off the request, so every later step (the access check, better-auth's own routes) sees a
 * caller without one. A database that cannot delete it fails the request: the cookie stays, and so
 * does the marker, for the next try.
 */
export async function endSessionSignedOutOffline(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.cookie;
  if (!header || cookieValue(header, SIGN_OUT_PENDING_COOKIE) === null) return;
  const context = await request.server.deps.auth.$context;
  const sessionCookie = context.authCookies.sessionToken.name;
  const value = cookieValue(header, sessionCookie);
  const token = value ? verifiedToken(value, context.secret) : null;
  if (token) await context.internalAdapter.deleteSession(token);
  const rest = withoutCookies(header, [sessionCookie, SIGN_OUT_PENDING_COOKIE]);
  if (rest === undefined) delete request.headers.cookie;
  else request.headers.cookie = rest;
  endedHere.set(request, sessionCookie);
}

/**
 * A Set-Cookie that removes `name`, with the attributes it was set with. `secure`: the site is served
 * over HTTPS (better-auth's session cookie then carries the `__Secure-` prefix, which requires it).
 */
function expired(name: string, options: { httpOnly: boolean; secure: boolean }): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax${options.httpOnly ? '; HttpOnly' : ''}${options.secure ? '; Secure' : ''}`;
}

/**
 * onSend: the answer to such a request removes the marker and the session cookie — unless it sets a
 * new session (someone signed in with the marker still there), which must stay.
 */
export async function expireSignedOutCookies(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const sessionCookie = endedHere.get(request);
  if (!sessionCookie) return;
  const set = reply.getHeader('set-cookie');
  const cookies = (Array.isArray(set) ? set : set === undefined ? [] : [String(set)]).map(String);
  const secure = sessionCookie.startsWith('__Secure-');
  reply.header('set-cookie', expired(SIGN_OUT_PENDING_COOKIE, { httpOnly: false, secure }));
  if (!cookies.some((cookie) => cookie.startsWith(`${sessionCookie}=`))) reply.header('set-cookie', expired(sessionCookie, { httpOnly: true, secure }));
}
