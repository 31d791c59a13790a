import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { PASSWORD_MIN_LENGTH } from '../../domain/constants';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { accounts, authRateLimits, sessions, users, verifications } from '../db/schema';
import { assignLevelAtFirstSignIn, findUserForSignIn } from '../modules/users/service';

export function createAuth(db: Db, config: AppConfig) {
  return betterAuth({
    appName: 'Jobby',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: (request) => {
      // The app is served by this server: its own origin is trusted whatever host name it is reached by.
      const host = request?.headers.get('host');
      return [config.publicUrl, host ? `http://${host}` : null, host ? `https://${host}` : null];
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, authRateLimits },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Our actor loader re-reads the user row on every request, so a disabled user is stopped at once
      // even while the signed session cookie is cached.
      cookieCache: { enabled: true, maxAge: 60 },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      modelName: 'authRateLimits',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: config.signInAttemptsPerMinute },
        '/sign-up/email': { window: 60, max: Math.max(config.signInAttemptsPerMinute, 10) },
        '/get-session': false,
      },
    },
    advanced: {
      // The Fastify route overwrites this header with the socket address (see routes.ts), so a client
      // cannot pick its own rate-limit key.
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
      useSecureCookies: config.publicUrl.startsWith('https://'),
      cookiePrefix: 'jobby',
    },
    telemetry: { enabled: false },
    databaseHooks: {
      session: {
        create: {
          // Runs at every sign-in: refuse disabled accounts, and give a user without a level its
          // level and company from its email (part 1 §4 and §6).
          before: async (session) => {
            const user = await findUserForSignIn(db, session.userId);
            if (!user) throw APIError.from('NOT_FOUND', { code: 'USER_RECORD_MISSING', message: 'No user record' });
            if (user.status !== 'active') {
              throw APIError.from('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: 'Account disabled' });
            }
            if (user.level === null) await assignLevelAtFirstSignIn(db, user, config);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
