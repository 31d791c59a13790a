import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Every setting, parsed once (ARCHITECTURE §6). Defaults make `npm start` work with nothing set. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless told otherwise: a public interface is a deliberate choice (docs/operations.md). */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Unset → embedded PGlite in DATA_DIR/pglite. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * The role that owns the schema and runs the migrations (docs/operations.md, decision 378); unset →
   * DATABASE_URL's, one role for everything (development). DATABASE_URL's role then only serves.
   */
  DATABASE_OWNER_URL: z.string().url().optional(),
  /** PostgreSQL: the longest one statement of the server may run (ms); 0 = no limit (decision 343). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** PostgreSQL: the longest a request waits for a pooled connection, opening one included (ms); 0 = no limit. */
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  DATA_DIR: z.string().default('./data'),
  STAFF_EMAIL_DOMAIN: z.string().min(3).default('jobby.cl'),
  PROVIDER_EMAIL_DOMAIN: z.string().min(3).default('jobby.sup'),
  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /** Public origin of the app (used by better-auth's origin check). */
  PUBLIC_URL: z.string().url().optional(),
  /** Origins allowed besides PUBLIC_URL's (comma-separated, e.g. `https://jobby.example.cl,http://10.0.0.5:3000`). */
  TRUSTED_ORIGINS: z.string().optional(),
  DEMO_DATA: z.enum(['on', 'off']).optional(),
  /** The demo accounts' password; in production it must be set and differ from the published one. */
  DEMO_PASSWORD: z.string().min(6).optional(),
  /** Failed sign-ins allowed per account within the window (OWASP ASVS V2.2.1). */
  SIGNIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000_000).default(10),
  /** Failed sign-ins allowed per client address within the window: generous, an office shares one. */
  SIGNIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000_000).default(100),
  SIGNIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Failed registrations (and password-reset mails) allowed per client address within the window. */
  SIGNUPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000_000).default(20),
  /** Registrations of any outcome allowed per client address within the window: an office shares one. */
  SIGNUP_SUCCESSES_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000_000).default(200),
  /** `required`: an address is verified before sign-in. Default: required in production, else optional. */
  EMAIL_VERIFICATION: z.enum(['required', 'optional']).optional(),
  /** smtp(s)://user:pass@host:port — unset: the development outbox (console + database). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Jobby <no-responder@jobby.cl>'),
  /** `on`: GET /api/dev/outbox shows the outbox's links (browser journeys). Refused in production. */
  DEV_OUTBOX_API: z.enum(['on', 'off']).default('off'),
  /** Refused code verifications allowed per provider and minute (8-character codes must not be guessable). */
  VERIFY_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Code verifications of any outcome allowed per provider and minute: far above a busy till. */
  VERIFY_SUCCESSES_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests one API key may make per minute (decision 220), whatever their outcome. */
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Which proxies to believe for the client address: `false`, a hop count (`1`) or a comma-separated
   * list of proxy addresses/CIDRs. Never `true` (that would take the leftmost, client-chosen value).
   */
  TRUST_PROXY: z.string().default('false'),
  /** Key of the HMAC that signs every WhatsApp delivery (Meta's "app secret"); generated in development. */
  WHATSAPP_APP_SECRET: z.string().min(16).optional(),
  /** What WhatsApp's verification handshake must echo (hub.verify_token); generated in development. */
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
  /** Outbound messages through WhatsApp Cloud API: both set → sent; unset → recorded as not sent. */
  WHATSAPP_ACCESS_TOKEN: z.string().min(1).optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d{1,30}$/).optional(),
  WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  /**
   * `on`: outgoing webhooks may go to private and loopback addresses (and `http://` to this machine):
   * for tests and a developer's local receiver. Refused in production (decision 355).
   */
  WEBHOOKS_ALLOW_PRIVATE: z.enum(['on', 'off']).default('off'),
  /** Webhook deliveries accepted per client address and minute. */
  WEBHOOK_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000_000).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Server processes sharing the port (node:cluster, decision 318): one per core a host gives Jobby.
   * PostgreSQL only: the embedded database belongs to the one process that opened it.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | null;
  /** The owner's URL: migrations, grants to DATABASE_URL's role, the demo seed (decision 378); DATABASE_URL's when one role does all. */
  databaseOwnerUrl: string | null;
  /** PostgreSQL's limits for the server's pool (ms, 0 = none): a lost database answers 503, never a hang (decision 343). */
  databaseTimeouts: { statementMs: number; acquireMs: number };
  dataDir: string;
  staffDomain: string;
  providerDomain: string;
  authSecret: string;
  publicUrl: string;
  /** Origins whose browsers may sign in and change data (PUBLIC_URL's, its loopback spellings, TRUSTED_ORIGINS). */
  trustedOrigins: string[];
  demoData: boolean;
  demoPassword: string;
  signInFailuresPerAccount: number;
  signInFailuresPerAddress: number;
  signInFailureWindowSeconds: number;
  signUpsPerAddress: number;
  signUpSuccessesPerAddress: number;
  emailVerification: 'required' | 'optional';
  smtpUrl: string | null;
  mailFrom: string;
  devOutboxApi: boolean;
  /** Per-start random token GET /api/dev/outbox demands (written to DATA_DIR/dev-outbox-token); null when off. */
  devOutboxToken: string | null;
  verifyAttemptsPerMinute: number;
  verifySuccessesPerMinute: number;
  apiKeyRequestsPerMinute: number;
  /** Outgoing webhooks may reach private and loopback addresses (WEBHOOKS_ALLOW_PRIVATE=on; never in production). */
  webhooksAllowPrivate: boolean;
  /** Live streams (/api/events): how often each copy re-checks their sessions and users, and how many one user may open per copy. */
  live: { recheckMs: number; streamsPerUser: number };
  trustProxy: TrustProxy;
  logLevel: string;
  whatsapp: WhatsappConfig;
  /** Processes that serve the port; more than one only on PostgreSQL. */
  serverProcesses: number;
};

/** The wellbeing bot's WhatsApp settings (decision 94). */
export type WhatsappConfig = {
  appSecret: string;
  verifyToken: string;
  /** Whether the secrets came from files generated in DATA_DIR (printed at start in development). */
  generated: boolean;
  /** Null: outbound messages are recorded as not sent. */
  cloudApi: { accessToken: string; phoneNumberId: string; apiUrl: string } | null;
  requestsPerMinute: number;
};

/** Fastify's `trustProxy`: off, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** A stream outlives a sign-out, a disabling or a level change by at most one re-check. */
const LIVE_DEFAULTS = { recheckMs: 2_000, streamsPerUser: 5 } as const;

/** The published demo password (README); refused in production. */
export const PUBLISHED_DEMO_PASSWORD = 'demo1234';

function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new Error('Configuración inválida en TRUST_PROXY: indica el número de proxies (p. ej. 1) o sus direcciones, nunca "true".');
  }
  if (/^\d+$/.test(text)) return Number(text);
  return text.split(',').map((part) => part.trim()).filter(Boolean);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins trusted for browser calls. A loopback PUBLIC_URL brings all three loopback spellings of
 * its scheme and port: the server prints 127.0.0.1 while the default PUBLIC_URL says localhost, and a
 * newcomer types either. Never derived from the Host header (the client writes it).
 */
function trustedOriginsFor(publicUrl: string, extra: readonly string[] = []): string[] {
  const url = new URL(publicUrl);
  const origins = [url.origin];
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.push(new URL(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`).origin);
  }
  return [...new Set([...origins, ...extra])];
}

/** TRUSTED_ORIGINS: each entry must be a bare origin (scheme, host, optional port), as browsers send it. */
function parseTrustedOrigins(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const url = URL.canParse(part) ? new URL(part) : null;
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== part.replace(/\/$/, '')) {
        throw new Error(`Configuración inválida en TRUSTED_ORIGINS: "${part}" no es un origen (p. ej. https://jobby.example.cl o http://10.0.0.5:3000).`);
      }
      return url.origin;
    });
}

/** In development a secret is generated once and kept in the data folder; production must set one. */
function resolveSecret(env: z.infer<typeof envSchema>, given: string | undefined, name: string, fileName: string, minimum: number): string {
  if (given) return given;
  if (env.NODE_ENV === 'production') {
    throw new Error(`Falta ${name}: en producción define un secreto de al menos ${minimum} caracteres.`);
  }
  const file = path.join(env.DATA_DIR, fileName);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function whatsappConfig(env: z.infer<typeof envSchema>): WhatsappConfig {
  const token = env.WHATSAPP_ACCESS_TOKEN;
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID;
  if (Boolean(token) !== Boolean(phoneNumberId)) {
    throw new Error('WHATSAPP_ACCESS_TOKEN y WHATSAPP_PHONE_NUMBER_ID van juntos: define los dos o ninguno.');
  }
  return {
    appSecret: resolveSecret(env, env.WHATSAPP_APP_SECRET, 'WHATSAPP_APP_SECRET', 'whatsapp-app-secret', 16),
    verifyToken: resolveSecret(env, env.WHATSAPP_VERIFY_TOKEN, 'WHATSAPP_VERIFY_TOKEN', 'whatsapp-verify-token', 8),
    generated: !env.WHATSAPP_APP_SECRET || !env.WHATSAPP_VERIFY_TOKEN,
    cloudApi: token && phoneNumberId ? { accessToken: token, phoneNumberId, apiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, '') } : null,
    requestsPerMinute: env.WEBHOOK_REQUESTS_PER_MINUTE,
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new Error(`Configuración inválida en ${first.path.join('.')}: ${first.message}`);
  }
  const env = parsed.data;
  const production = env.NODE_ENV === 'production';
  // Demo data: asked for, or development on the embedded database; never silently in production.
  const demoData = env.DEMO_DATA ? env.DEMO_DATA === 'on' : env.NODE_ENV === 'development' && !env.DATABASE_URL;
  const demoPassword = env.DEMO_PASSWORD ?? PUBLISHED_DEMO_PASSWORD;
  if (production && demoData && demoPassword === PUBLISHED_DEMO_PASSWORD) {
    throw new Error('DEMO_DATA=on en producción exige DEMO_PASSWORD distinta de la contraseña publicada.');
  }
  const emailVerification = env.EMAIL_VERIFICATION ?? (production && !demoData ? 'required' : 'optional');
  if (production && !env.SMTP_URL) {
    // Verification and reset mails need a real transport in production (the outbox is for development).
    throw new Error('Falta SMTP_URL: en producción la verificación de correo y el restablecimiento de contraseña envían correos.');
  }
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const devOutboxApi = env.DEV_OUTBOX_API === 'on' && !env.SMTP_URL;
  if (production && env.DEV_OUTBOX_API === 'on') throw new Error('DEV_OUTBOX_API=on no está permitido en producción.');
  if (production && env.WEBHOOKS_ALLOW_PRIVATE === 'on') throw new Error('WEBHOOKS_ALLOW_PRIVATE=on no está permitido en producción.');
  if (env.DATABASE_OWNER_URL && !env.DATABASE_URL) {
    throw new Error('DATABASE_OWNER_URL requiere DATABASE_URL: la base embebida (PGlite) tiene un solo rol.');
  }
  if (env.SERVER_PROCESSES > 1 && !env.DATABASE_URL) {
    throw new Error('SERVER_PROCESSES mayor que 1 requiere DATABASE_URL: la base embebida (PGlite) la abre un solo proceso.');
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL ?? null,
    databaseOwnerUrl: env.DATABASE_OWNER_URL ?? env.DATABASE_URL ?? null,
    databaseTimeouts: { statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS, acquireMs: env.DATABASE_ACQUIRE_TIMEOUT_MS },
    dataDir: env.DATA_DIR,
    staffDomain: env.STAFF_EMAIL_DOMAIN.toLowerCase(),
    providerDomain: env.PROVIDER_EMAIL_DOMAIN.toLowerCase(),
    authSecret: resolveSecret(env, env.BETTER_AUTH_SECRET, 'BETTER_AUTH_SECRET', 'auth-secret', 32),
    publicUrl,
    trustedOrigins: trustedOriginsFor(publicUrl, parseTrustedOrigins(env.TRUSTED_ORIGINS)),
    demoData,
    demoPassword,
    signInFailuresPerAccount: env.SIGNIN_FAILURES_PER_ACCOUNT,
    signInFailuresPerAddress: env.SIGNIN_FAILURES_PER_ADDRESS,
    signInFailureWindowSeconds: env.SIGNIN_FAILURE_WINDOW_MINUTES * 60,
    signUpsPerAddress: env.SIGNUPS_PER_ADDRESS,
    signUpSuccessesPerAddress: env.SIGNUP_SUCCESSES_PER_ADDRESS,
    emailVerification,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    devOutboxApi,
    devOutboxToken: devOutboxApi ? randomBytes(32).toString('hex') : null,
    verifyAttemptsPerMinute: env.VERIFY_ATTEMPTS_PER_MINUTE,
    verifySuccessesPerMinute: env.VERIFY_SUCCESSES_PER_MINUTE,
    apiKeyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE,
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'on',
    live: LIVE_DEFAULTS,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    whatsapp: whatsappConfig(env),
    serverProcesses: env.SERVER_PROCESSES,
  };
}

/** The file the development outbox's token is written to at start (e2e/support.ts reads it). */
const DEV_OUTBOX_TOKEN_FILE = 'dev-outbox-token';

/** Writes this start's outbox token, readable by this OS user only (a stale file from a past start is replaced). */
export function writeDevOutboxToken(config: Pick<AppConfig, 'dataDir' | 'devOutboxToken'>): void {
  if (!config.devOutboxToken) return;
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, DEV_OUTBOX_TOKEN_FILE);
  rmSync(file, { force: true });
  writeFileSync(file, config.devOutboxToken, { mode: 0o600 });
}

/** A config for tests and benches: no files, fixed secret. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const publicUrl = overrides.publicUrl ?? 'http://localhost:3000';
  return {
    trustedOrigins: trustedOriginsFor(publicUrl),
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: null,
    databaseOwnerUrl: null,
    databaseTimeouts: { statementMs: 30_000, acquireMs: 10_000 },
    dataDir: './data/test',
    staffDomain: 'jobby.cl',
    providerDomain: 'jobby.sup',
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl,
    demoData: false,
    demoPassword: PUBLISHED_DEMO_PASSWORD,
    signInFailuresPerAccount: 1000,
    signInFailuresPerAddress: 1000,
    signInFailureWindowSeconds: 900,
    signUpsPerAddress: 1000,
    signUpSuccessesPerAddress: 1000,
    emailVerification: 'optional',
    smtpUrl: null,
    mailFrom: 'Jobby <no-responder@jobby.cl>',
    devOutboxApi: false,
    devOutboxToken: null,
    verifyAttemptsPerMinute: 1000,
    verifySuccessesPerMinute: 10_000,
    apiKeyRequestsPerMinute: 10_000,
    webhooksAllowPrivate: false,
    live: LIVE_DEFAULTS,
    trustProxy: false,
    logLevel: 'silent',
    whatsapp: { appSecret: 'test-whatsapp-app-secret', verifyToken: 'test-verify-token', generated: false, cloudApi: null, requestsPerMinute: 1000 },
    serverProcesses: 1,
    ...overrides,
  };
}
