import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import { errorMessage, type ErrorBody, type ErrorCode } from '../../domain/errors';
import { emailIsRegistered } from '../modules/users/service';

/**
 * better-auth's endpoints under /api/auth/*, with its errors turned into our catalogue so the web
 * shows the spec's Spanish text (part 1 §8) whatever better-auth answered.
 */
export async function authRoutes(app: FastifyInstance) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public', rateLimit: false },
    schema: { hide: true },
    handler: (request, reply) => forwardToAuth(request, reply),
  });
}

async function forwardToAuth(request: FastifyRequest, reply: FastifyReply) {
  const { auth } = request.server.deps;
  const url = new URL(request.url, `http://${request.headers.host ?? 'localhost'}`);
  const headers = fromNodeHeaders(request.headers);
  // A client must not choose its own rate-limit key (STACK-NOTES): the socket address wins.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.body !== undefined;
  // better-auth answers a duplicate sign-up with a generic success (anti-enumeration) when
  // autoSignIn is off; the spec asks for 'Este correo electrónico ya está en uso' (part 1 §8).
  if (url.pathname.endsWith('/sign-up/email') && request.method === 'POST') {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    if (typeof email === 'string' && (await emailIsRegistered(request.server.deps.db, email))) {
      return reply.status(409).send(body('EMAIL_IN_USE'));
    }
  }
  const response = await auth.handler(
    new Request(url, { method: request.method, headers, body: hasBody ? JSON.stringify(request.body) : undefined }),
  );
  reply.status(response.status);
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const text = await response.text();
  if (response.status < 400) return reply.send(text || null);
  return reply.header('content-type', 'application/json').send(translateAuthError(url.pathname, response.status, text));
}

const SIGN_IN_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  INVALID_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'LOGIN_INVALID_EMAIL',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  USER_RECORD_MISSING: 'USER_RECORD_MISSING',
};

const SIGN_UP_CODES: Record<string, ErrorCode> = {
  USER_ALREADY_EXISTS: 'EMAIL_IN_USE',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'EMAIL_IN_USE',
  INVALID_EMAIL: 'REGISTER_INVALID_EMAIL',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'WEAK_PASSWORD',
};

export function translateAuthError(pathname: string, status: number, text: string): ErrorBody {
  let parsed: { code?: string; message?: string } = {};
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch {
    parsed = { message: text };
  }
  const authCode = parsed.code ?? '';
  const authMessage = parsed.message ?? `HTTP ${status}`;
  const isSignUp = pathname.endsWith('/sign-up/email');
  const isSignIn = pathname.endsWith('/sign-in/email');
  const isEmailFormat = authCode === 'VALIDATION_ERROR' && /email/i.test(authMessage);
  if (isEmailFormat && isSignUp) return body('REGISTER_INVALID_EMAIL');
  if (isEmailFormat && isSignIn) return body('LOGIN_INVALID_EMAIL');
  if (status === 429) return body(isSignIn || isSignUp ? 'TOO_MANY_ATTEMPTS' : 'RATE_LIMITED');
  if (isSignUp) {
    const code = SIGN_UP_CODES[authCode];
    return code ? body(code) : { error: { code: 'REGISTER_OTHER', message: errorMessage('REGISTER_OTHER', { message: authMessage }) } };
  }
  if (isSignIn) {
    const code = SIGN_IN_CODES[authCode] ?? (status === 401 ? 'INVALID_CREDENTIALS' : undefined);
    if (code) return body(code);
    return {
      error: {
        code: 'LOGIN_OTHER',
        message: errorMessage('LOGIN_OTHER', { message: authMessage, code: authCode || String(status) }),
      },
    };
  }
  if (authCode === 'INVALID_PASSWORD') return body('CURRENT_PASSWORD_WRONG');
  if (authCode === 'PASSWORD_TOO_SHORT') return body('PASSWORD_TOO_SHORT');
  if (status === 401) return body('UNAUTHENTICATED');
  if (status === 403) return body('FORBIDDEN');
  return { error: { code: authCode || 'VALIDATION', message: errorMessage('VALIDATION') } };
}

function body(code: ErrorCode): ErrorBody {
  return { error: { code, message: errorMessage(code) } };
}
