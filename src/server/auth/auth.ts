import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, like } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import type { AppConfig } from '../config';
import { isDatabaseUnavailable, type Db } from '../db/client';
import { accounts, authRateLimits, sessions, users, verifications } from '../db/schema';
import { assignLevelAtFirstSignIn, findUserForSignIn } from '../modules/users/index';
import type { MailTransport } from '../modules/mail/index';
import { passwordResetMail, verificationMail } from '../modules/mail/index';
import { createSessionReader, type SessionReader } from './session-reader';
import { verifyStoredPassword } from '../accounts/firebase-password';
import { acceptInvitation } from '../modules/invitations/index';
import { passwordHashing } from '../accounts/password';
import { hashedIdentifier } from '../accounts/verification-tokens';
import type { Logger } from '../lib/log';

/**
 * One call of better-auth's handler (routes.ts `forwardToAuth`): the database error that made it answer
 * 500, when the database was out of reach. better-auth catches every error of its own routes and answers
 * a bare 500; the route then rethrows this error so that the one error handler answers the same 503
 * DATABASE_UNAVAILABLE as every other route (decision 343).
 */
export const authCall = new AsyncLocalStorage<{ databaseUnavailable: Error | null }>();

/** Where the mails' links lead: pages of the app, on the fixed public origin (never the Host header). */
function verificationLink(config: Pick<AppConfig, 'publicUrl'>, token: string): string {
  const callback = encodeURIComponent('/login?verificado=1');
  return `${config.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${callback}`;
}

function resetLink(config: Pick<AppConfig, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** `log`: the server's (pino) logger, for better-auth's own lines and mail that could not be sent. */
export function createAuth(db: Db, config: AppConfig, mail: MailTransport, log: Logger) {
  return betterAuth({
    appName: 'Jobby',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    // A fixed list from the configuration (config.trustedOrigins), never derived from the Host header.
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, authRateLimits },
      // Our tables are better-auth's models in the plural (user → users…), which also names the
      // relations of joined reads as the tables are named.
      usePlural: true,
    }),
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // No signed cookie cache: every request reads the session row, so sign-out, a password change
      // and disabling a user end sessions at once (a cached cookie kept them alive for 60 s).
      cookieCache: { enabled: false },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // scrypt (./password.ts; the API tests swap in a cheap hash there). People imported from the
      // earlier app sign in with their old password once (decisions 156 and 157).
      password: { hash: passwordHashing.hash, verify: (input) => verifyStoredPassword(db, input) },
      requireEmailVerification: config.emailVerification === 'required',
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // One reset ends every other link of the user: a link left in an old mail (or in a mailbox an
      // attacker read) must not set the password again. better-auth keeps each one as a verification
      // row `reset-password:<hash of the token>` whose value is the user id; the one just used is already consumed.
      // A pending invitation (decision 212) is accepted by the same act.
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, user.id)));
        await acceptInvitation(db, user.id);
      },
      // Not awaited: a known address must not answer slower than an unknown one (no enumeration by time).
      sendResetPassword: async ({ user, token }) => {
        void mail.send(passwordResetMail(user, resetLink(config, token))).catch((error: unknown) => {
          log.error({ err: error }, 'No se pudo enviar el correo de restablecimiento');
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, token }) => mail.send(verificationMail(user, verificationLink(config, token))),
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'authRateLimit', // → authRateLimits (usePlural)
      window: 60,
      max: 200,
      customRules: {
        // Sign-in and sign-up are limited by our own failed-attempt limiter (modules/rate-limit/failed-attempts.ts), which
        // counts failures only; better-auth's would count every attempt per address.
        '/sign-in/email': false,
        '/sign-up/email': false,
        '/get-session': false,
        '/request-password-reset': { window: config.signInFailureWindowSeconds, max: config.signUpsPerAddress },
        '/send-verification-email': { window: config.signInFailureWindowSeconds, max: config.signUpsPerAddress },
        '/reset-password': { window: config.signInFailureWindowSeconds, max: config.signInFailuresPerAddress },
      },
    },
    advanced: {
      // The Fastify route overwrites this header with the socket address (see routes.ts), so a client
      // cannot pick its own rate-limit key.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'jobby',
      // A session is read with its user in one statement (the relations in db/schema/auth.ts): every
      // signed-in request pays one round trip less.
      database: { joins: true },
    },
    telemetry: { enabled: false },
    logger: {
      // better-auth logs the error behind each 500 of its routes, then answers a bare 500. An unreachable
      // database is kept for the route to answer 503 (authCall) and logged there as every route's is;
      // anything else is printed as better-auth's own logger would.
      log(level, message, ...args) {
        const call = authCall.getStore();
        const unreachable = call && level === 'error' ? [message, ...args].find((part) => part instanceof Error && isDatabaseUnavailable(part)) : undefined;
        if (call && unreachable instanceof Error) {
          call.databaseUnavailable = unreachable;
          return;
        }
        const fields = { err: args.find((part) => part instanceof Error), details: args.filter((part) => !(part instanceof Error)), part: 'better-auth' };
        if (level === 'error') log.error(fields, message);
        else if (level === 'warn') log.warn(fields, message);
        else log.info(fields, message);
      },
    },
    // Tokens are kept hashed (decision 354): a copy of `verifications` opens no account.
    verification: { storeIdentifier: { hash: async (identifier) => hashedIdentifier(identifier) } },
    databaseHooks: {
      session: {
        create: {
          // Runs at every sign-in: refuse disabled accounts, and give a self-registered user its
          // level 3 and, by a verified full-domain match, its company (decision 27).
          before: async (session) => {
            const user = await findUserForSignIn(db, session.userId);
            if (!user) throw APIError.from('NOT_FOUND', { code: 'USER_RECORD_MISSING', message: 'No user record' });
            if (user.status !== 'active') {
              throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: 'Account disabled' });
            }
            // A level an operator removed stays removed: only a never-assigned one is derived.
            if (user.level === null && !user.levelSetByOperator) await assignLevelAtFirstSignIn(db, user, config);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** The one-read session check of every signed-in request (session-reader.ts), with better-auth's own cookie name, secret and ages. */
export async function createAuthSessionReader(auth: Auth, db: Db): Promise<SessionReader> {
  const context = await auth.$context;
  return createSessionReader(db, {
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  });
}
