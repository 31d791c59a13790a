import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError, errorMessage, type ErrorBody, type ErrorCode } from '../../domain/errors';
import { signInBodySchema, signUpBodySchema } from '../../domain/schemas/auth';
import type { AppConfig } from '../config';
import { deviceCookie, deviceOf } from './device';
import { beginRegistration, beginSignIn, type Attempt } from '../modules/rate-limit/index';
import { emailIsRegistered, findUserForSignIn, revokeUserSessions } from '../modules/users/index';
import { users, verifications } from '../db/schema';
import { resetPasswordIdentifier } from '../accounts/verification-tokens';
import { authCall } from './auth';

/**
 * The better-auth endpoints the product uses, and only those: everything else better-auth
 * ships (update-user, change-email, delete-user, list-sessions…) answers 404, so no field can be
 * written around our schemas. Server-side calls (`auth.api.*`) are not affected.
 */
export const ALLOWED: Record<string, 'GET' | 'POST'> = {
  '/api/auth/sign-in/email': 'POST',
  '/api/auth/sign-up/email': 'POST',
  '/api/auth/sign-out': 'POST',
  '/api/auth/get-session': 'GET',
  '/api/auth/send-verification-email': 'POST',
  '/api/auth/verify-email': 'GET',
  '/api/auth/request-password-reset': 'POST',
  '/api/auth/reset-password': 'POST',
};

const MAIL_REQUESTS = new Set(['/api/auth/request-password-reset', '/api/auth/send-verification-email']);

/**
 * better-auth's endpoints under /api/auth/*, with its errors turned into our catalogue so the web
 * shows the spec's Spanish text (spec part 1 §8) whatever better-auth answered.
 */
export async function authRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public' },
    schema: { hide: true },
    handler: (request, reply) => forwardToAuth(request, reply),
  });
}

/**
 * Every call into better-auth of one request (its handler, and `auth.api.getSession` before it) runs in
 * an `authCall`: better-auth answers a bare 500, or throws one, where the database was out of reach,
 * and the error its logger was handed is rethrown instead, so that the one error handler answers 503
 * DATABASE_UNAVAILABLE as on every other route (decision 343).
 */
async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
  const call: { databaseUnavailable: Error | null } = { databaseUnavailable: null };
  try {
    return await authCall.run(call, () => forwardToBetterAuth(request, reply, call));
  } catch (error) {
    throw call.databaseUnavailable ?? error;
  }
}

async function forwardToBetterAuth(request: FastifyRequest, reply: FastifyReply, call: { databaseUnavailable: Error | null }) {
  const { auth, db, config } = request.server.deps;
  const url = new URL(request.url, config.publicUrl);
  if (ALLOWED[url.pathname] !== request.method) throw new AppError('NOT_FOUND');
  const headers = fromNodeHeaders(request.headers);
  // A client must not choose its own rate-limit key (STACK-NOTES): the address Fastify resolved
  // (socket, or the trusted proxies' hop from the right, see TRUST_PROXY) wins.
  headers.set('x-forwarded-for', request.ip);
  if (url.pathname !== '/api/auth/sign-out') await refuseDisabledSession(request, headers);

  let body = request.method === 'GET' ? undefined : request.body;
  let attempt: Attempt | null = null;
  if (url.pathname === '/api/auth/sign-up/email') {
    // Counted before the duplicate-address answer: otherwise that answer is an unlimited oracle.
    attempt = await beginRegistration(db, config, request.ip);
    const parsed = signUpBodySchema.safeParse(body);
    if (!parsed.success) return reply.status(400).send(signUpValidationError(parsed.error.issues[0]));
    // Only the fields we validated reach better-auth (no `image`, no extra fields).
    body = parsed.data;
    // better-auth answers a duplicate sign-up with a generic success (anti-enumeration) when
    // autoSignIn is off; the spec asks for 'Este correo electrónico ya está en uso' (spec part 1 §8).
    if (await emailIsRegistered(db, parsed.data.email)) return reply.status(409).send(errorBody('EMAIL_IN_USE'));
  }
  if (url.pathname === '/api/auth/reset-password') await refuseLinkOfDisabledAccount(request, url);
  let signedInDevice: { email: string; device: string | null } | null = null;
  if (url.pathname === '/api/auth/sign-in/email') {
    // Whatever is refused before the password is checked (origin, body) is no guess: counted only after.
    if (originRefusedByAuth(headers, config)) throw new AppError('FORBIDDEN');
    const parsed = signInBodySchema.safeParse(body);
    if (!parsed.success) {
      return reply.status(400).send(errorBody(parsed.error.issues[0]?.path[0] === 'email' ? 'LOGIN_INVALID_EMAIL' : 'VALIDATION'));
    }
    body = parsed.data;
    const device = deviceOf(config, request.headers.cookie, parsed.data.email);
    attempt = await beginSignIn(db, config, parsed.data.email, request.ip, device);
    signedInDevice = { email: parsed.data.email, device };
  }

  const response = await auth.handler(
    new Request(url, { method: request.method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  if (call.databaseUnavailable && response.status >= 500) throw call.databaseUnavailable;
  if (attempt && response.status < 400) await attempt.succeeded();
  reply.status(response.status);
  if (signedInDevice && response.status < 400) reply.header('set-cookie', deviceCookie(config, signedInDevice.email, signedInDevice.device));
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const text = await response.text();
  // better-auth's English confirmation ("If this email exists…") is not for our callers; the same
  // answer goes to known and unknown addresses.
  if (response.status < 400 && MAIL_REQUESTS.has(url.pathname)) return reply.type('application/json').send({ ok: true });
  if (response.status < 400) return reply.send(text || null);
  return reply
    .header('content-type', 'application/json')
    .send(translateAuthError(url.pathname, response.status, text, request.log));
}

/**
 * better-auth's CSRF check of the sign-in (`validateFormCsrf`, better-auth 1.7 origin-check.ts),
 * answered before the attempt is counted, so a refusal never counts as a failed sign-in.
 * Mirrored rule for rule:
 * - a request with cookies must state a trusted origin;
 * - one without cookies but with any Fetch Metadata header (`Sec-Fetch-Site`, `-Mode`, `-Dest`; Node's
 *   `fetch` sends `Sec-Fetch-Mode: cors`) is refused as a cross-site navigation, else must state a
 *   trusted origin too;
 * - one with neither but an Origin or Referer must name a trusted one;
 * - one with none of these (curl, a server) is not checked.
 * An untrusted Origin header never gets here (refuseCrossSite).
 */
export function originRefusedByAuth(headers: Headers, config: Pick<AppConfig, 'trustedOrigins'>): boolean {
  if (headers.has('cookie')) return statedOriginUntrusted(headers, config);
  const site = headers.get('sec-fetch-site');
  const mode = headers.get('sec-fetch-mode');
  const dest = headers.get('sec-fetch-dest');
  if (site?.trim() || mode?.trim() || dest?.trim()) {
    if (site === 'cross-site' && mode === 'navigate') return true;
    return statedOriginUntrusted(headers, config);
  }
  if (headers.get('origin') || headers.get('referer')) return statedOriginUntrusted(headers, config);
  return false;
}

/** better-auth's `validateOrigin`: the Origin (or Referer) must be one of the trusted origins. */
function statedOriginUntrusted(headers: Headers, config: Pick<AppConfig, 'trustedOrigins'>): boolean {
  const stated = headers.get('origin') || headers.get('referer') || '';
  // better-auth infers the origin of a same-origin request whose browser sent `Origin: null`.
  if (headers.get('origin') === 'null' && headers.get('sec-fetch-site') === 'same-origin') return false;
  if (!stated || stated === 'null' || !URL.canParse(stated)) return true;
  return !config.trustedOrigins.includes(new URL(stated).origin);
}

/**
 * A disabled user is refused on /api/auth/* too, and its sessions end there and then (sign-out is
 * not refused: it only deletes, and clears the browser's cookie).
 */
async function refuseDisabledSession(request: FastifyRequest, headers: Headers) {
  if (!headers.get('cookie')?.includes('session_token')) return;
  const { auth, db } = request.server.deps;
  const session = await auth.api.getSession({ headers });
  if (!session) return;
  const user = await findUserForSignIn(db, session.user.id);
  if (user?.status === 'active') return;
  await revokeUserSessions(db, session.user.id);
  throw new AppError('ACCOUNT_DISABLED');
}

/**
 * A reset or invitation link of a disabled account sets no password and verifies no address
 * (decision 354): HR disabled the person, so the link they were mailed is dead with the account.
 * better-auth would accept it (it knows nothing of our status), so the link's row is read first.
 * @throws ACCOUNT_DISABLED.
 */
async function refuseLinkOfDisabledAccount(request: FastifyRequest, url: URL) {
  const body = request.body as { token?: unknown } | undefined;
  const token = typeof body?.token === 'string' ? body.token : url.searchParams.get('token');
  if (!token) return;
  const [link] = await request.server.deps.db
    .select({ status: users.status })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, resetPasswordIdentifier(token)));
  if (link && link.status !== 'active') throw new AppError('ACCOUNT_DISABLED');
}

function signUpValidationError(issue: { path: PropertyKey[]; message: string } | undefined): ErrorBody {
  const field = issue?.path[0];
  if (field === 'email') return errorBody('REGISTER_INVALID_EMAIL');
  if (field === 'password') return errorBody('PASSWORD_TOO_SHORT');
  if (field === 'name') {
    const nameCode = (['NAME_INVISIBLE_CHARACTERS', 'NAME_WITHOUT_LETTERS'] as const).find((code) => errorMessage(code) === issue?.message);
    return errorBody(nameCode ?? 'NAME_REQUIRED');
  }
  return errorBody('VALIDATION');
}

const SIGN_IN_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'LOGIN_INVALID_EMAIL',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  USER_RECORD_MISSING: 'USER_RECORD_MISSING',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
};

const SIGN_UP_CODES: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_IN_USE',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_IN_USE',
  INVALID_EMAIL: 'REGISTER_INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'WEAK_PASSWORD',
};

const OTHER_CODES: Record<string, ErrorCode> = {
  INVALID_PASSWORD: 'CURRENT_PASSWORD_WRONG',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'WEAK_PASSWORD',
  INVALID_TOKEN: 'RESET_LINK_INVALID',
  TOKEN_EXPIRED: 'RESET_LINK_INVALID',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
};

/**
 * better-auth's error → our catalogue. Its own message and code never reach the caller:
 * an unknown error gets the spec's "other" text with a fixed Spanish reason, and the original is logged.
 */
export function translateAuthError(pathname: string, status: number, text: string, log?: FastifyBaseLogger): ErrorBody {
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = { message: text };
  }
  const authCode = parsed.code ?? '';
  const isSignUp = pathname.endsWith('/sign-up/email');
  const isSignIn = pathname.endsWith('/sign-in/email');
  const isEmailFormat = authCode === 'VALIDATION_ERROR' && /email/i.test(parsed.message ?? '');
  if (isEmailFormat && isSignUp) return errorBody('REGISTER_INVALID_EMAIL');
  if (isEmailFormat && isSignIn) return errorBody('LOGIN_INVALID_EMAIL');
  if (status === 429) return errorBody(isSignIn || isSignUp ? 'TOO_MANY_ATTEMPTS' : 'RATE_LIMITED');
  const known = isSignUp ? SIGN_UP_CODES[authCode] : isSignIn ? (SIGN_IN_CODES[authCode] ?? (status === 401 ? 'INVALID_CREDENTIALS' : undefined)) : OTHER_CODES[authCode];
  if (known) return errorBody(known);
  log?.warn({ pathname, status, authCode, authMessage: parsed.message }, 'unmapped better-auth error');
  if (isSignUp) return { error: { code: 'REGISTER_OTHER', message: errorMessage('REGISTER_OTHER', { message: UNKNOWN_REASON }) } };
  if (isSignIn) {
    return { error: { code: 'LOGIN_OTHER', message: errorMessage('LOGIN_OTHER', { message: UNKNOWN_REASON, code: status }) } };
  }
  if (status === 401) return errorBody('UNAUTHENTICATED');
  if (status === 403) return errorBody('FORBIDDEN');
  if (status === 404) return errorBody('NOT_FOUND');
  return errorBody('VALIDATION');
}

/** The fixed Spanish reason of an auth error we have no text for (its original is logged). */
const UNKNOWN_REASON = 'no se pudo completar la solicitud';

function errorBody(code: ErrorCode): ErrorBody {
  return { error: { code, message: errorMessage(code) } };
}
