/**
 * Who a request's session cookie belongs to, in ONE indexed read of the session, its user and the
 * user's company (decision 305). Every signed-in request asks this, so it is on the path
 * of every verification at the counter; better-auth's own `getSession` went through its endpoint
 * machinery, Web Crypto and two reads (the session with its user, then the Actor's row) for the same
 * answer.
 *
 * better-auth stays the one that signs in, refreshes and ends sessions; this reads its cookie and its
 * table by the same rules and hands every case that would write to it: a session past its expiry
 * (better-auth deletes it) or due for its daily refresh (better-auth moves its expiry) answers
 * `ask-library`, and the caller asks better-auth. Nothing is cached: a session ended, or a user
 * disabled, a moment ago is refused on the next request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { actorColumns, type ActorRow } from '../actor';
import type { Executor } from '../db/client';
import { companies, sessions, users } from '../db/schema';
import { cookieValue } from './cookies';

export type SessionRead =
  /** No session cookie, a forged or unknown one: signed out. */
  | { kind: 'none' }
  | { kind: 'found'; sessionId: string; row: ActorRow }
  /** A session better-auth must look at, as it may write (expired, refresh due). */
  | { kind: 'ask-library' };

export type SessionCookieRules = {
  /** The session cookie's name (better-auth's `authCookies.sessionToken.name`: a prefix, and `__Secure-` over HTTPS). */
  cookieName: string;
  /** The secret the cookie's value is signed with (HMAC-SHA256, as better-call signs it). */
  secret: string;
  /** better-auth's `session.expiresIn` and `session.updateAge`, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
};

/**
 * The token of a signed cookie value `token.signature` (URI-encoded; the signature is the standard
 * base64 of HMAC-SHA256(secret, token), 44 characters), or null when the signature does not match.
 */
export function verifiedToken(value: string, secret: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  const given = Buffer.from(decoded.slice(dot + 1));
  if (given.length !== 44) return null;
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return timingSafeEqual(expected, given) ? token : null;
}

export function createSessionReader(db: Executor, rules: SessionCookieRules) {
  // Built once (every signed-in request runs it): the query's text and its row mapping, the token a placeholder.
  const sessionByToken = db
    .select({ sessionId: sessions.id, expiresAt: sessions.expiresAt, actor: actorColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('jobby_session_by_token');
  return async function readSession(cookieHeader: string | undefined): Promise<SessionRead> {
    const value = cookieValue(cookieHeader, rules.cookieName);
    if (!value) return { kind: 'none' };
    const token = verifiedToken(value, rules.secret);
    if (!token) return { kind: 'none' };
    const [found] = await sessionByToken.execute({ token });
    if (!found) return { kind: 'none' };
    const now = Date.now();
    const expiresAt = found.expiresAt.getTime();
    // better-auth's own test (session.mjs): refreshed once a day, when expiresAt − expiresIn + updateAge has passed.
    const refreshDue = expiresAt - rules.expiresInSeconds * 1000 + rules.updateAgeSeconds * 1000 <= now;
    if (expiresAt < now || refreshDue) return { kind: 'ask-library' };
    return { kind: 'found', sessionId: found.sessionId, row: found.actor };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;
