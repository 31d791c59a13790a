import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting, parsed once (ARCHITECTURE §6). Defaults make `npm start` work with nothing set. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Unset → embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  STAFF_EMAIL_DOMAIN: z.string().min(3).default('jobby.cl'),
  PROVIDER_EMAIL_DOMAIN: z.string().min(3).default('jobby.sup'),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Public origin of the app (used by better-auth's origin check). */
  PUBLIC_URL: z.string().url().optional(),
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  /** Failed or not, sign-in attempts allowed per IP and minute. */
  SIGNIN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Code verifications allowed per provider and minute (8-character codes must not be guessable). */
  VERIFY_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Only set when a real reverse proxy sits in front of the server. */
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | null;
  dataDir: string;
  staffDomain: string;
  providerDomain: string;
  authSecret: string;
  publicUrl: string;
  demoData: boolean;
  signInAttemptsPerMinute: number;
  verifyAttemptsPerMinute: number;
  trustProxy: boolean;
  logLevel: string;
};

/** In development a secret is generated once and kept in the data folder; production must set one. */
function resolveSecret(env: z.infer<typeof envSchema>): string {
  const given = env.BETTER_AUTH_SECRET;
  if (given) return given;
  if (env.NODE_ENV === 'production') {
    throw new Error('Falta BETTER_AUTH_SECRET: en producción define un secreto de al menos 32 caracteres.');
  }
  const file = path.join(env.DATA_DIR, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Configuración inválida en ${first.path.join('.')}: ${first.message}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? null,
    dataDir: env.DATA_DIR,
    staffDomain: env.STAFF_EMAIL_DOMAIN.toLowerCase(),
    providerDomain: env.PROVIDER_EMAIL_DOMAIN.toLowerCase(),
    authSecret: resolveSecret(env),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    demoData: env.DEMO_DATA ? env.DEMO_DATA === 'on' : !env.DATABASE_URL,
    signInAttemptsPerMinute: env.SIGNIN_ATTEMPTS_PER_MINUTE,
    verifyAttemptsPerMinute: env.VERIFY_ATTEMPTS_PER_MINUTE,
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL,
  };
}

/** A config for tests and benches: no files, fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    dataDir: './data/test',
    staffDomain: 'jobby.cl',
    providerDomain: 'jobby.sup',
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:3000',
    demoData: false,
    signInAttemptsPerMinute: 1000,
    verifyAttemptsPerMinute: 1000,
    trustProxy: false,
    logLevel: 'silent',
    ...overrides,
  };
}
