import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiScope } from '../domain/api-keys';
import { AppError, type ErrorCode } from '../domain/errors';
import type { Actor } from './actor';
import { authRoutes, createAuth, createAuthSessionReader, endSessionSignedOutOffline, expireSignedOutCookies, type Auth, type SessionReader } from './auth/index';
import type { AppConfig, TrustProxy } from './config';
import type { Database, Db } from './db/client';
import { enforceAccess, refuseCrossSite, requireAccess } from './access-hooks';
import type { Access } from './http/access';
import { handleError } from './http/errors';
import { refuseUnstorableText } from './http/inputs';
import { openApiOptions } from './http/openapi';
import { apiModules } from './routes';
import { createMailTransport, type MailTransport } from './modules/mail/index';
import { devOutboxRoutes } from './modules/mail/index';
import { createBotTransport, type BotTransport } from './modules/bot/index';
import { whatsappWebhookRoutes } from './modules/bot/index';

import { LiveHub, listenerFor } from './modules/events/index';
import { firstDataOf } from '../domain/first-data';

type AppDeps = { db: Db; database: Database; auth: Auth; readSession: SessionReader; config: AppConfig; mail: MailTransport; bot: BotDeps; live: LiveHub };
/** The wellbeing bot's outbound transport (the outbox workers send its replies through it). */
type BotDeps = { transport: BotTransport };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route with the access it declares (the authorization test matrix walks it). */
    apiRoutes: ApiRouteInfo[];
  }
  interface FastifyRequest {
    actor: Actor | null;
    /** The session the actor came from (set with `actor`). */
    sessionId: string | null;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** A level 2 or 3 route still open to people of a deactivated company (see refuseChangesOfInactiveCompany). */
    whileCompanyInactive?: boolean;
    /** The domain refusals the route's handler can answer, documented in /api/openapi.json. */
    errors?: readonly ErrorCode[];
    /** A level 3 route still open while the employee's profile survey is pending (the survey's own). */
    whileSurveyPending?: boolean;
    /** The scope an API key needs to call this route (decision 220); without one, keys are refused. */
    apiScope?: ApiScope;
  }
}

export type ApiRouteInfo = { method: string; url: string; access: Access; apiScope?: ApiScope };

type BuildAppOptions = {
  config: AppConfig;
  database: Database;
  /** The bot's outbound transport; by default the configuration's (recording, or Cloud API). */
  botTransport?: BotTransport;
  /** Folder of the built SPA; served with an index.html fallback when present. */
  webDir?: string | null;
  /** Where the log lines go (tests read them); stdout by default. */
  logStream?: NodeJS.WritableStream;
};

export type App = FastifyInstance;

export async function buildApp({ config, database, webDir = null, botTransport, logStream }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const mail = createMailTransport(database.db, config, app.log);
  const bot: BotDeps = { transport: botTransport ?? createBotTransport(config.whatsapp) };
  // The live screens' fan-out: this copy LISTENs once, its SSE connections hear their own scope.
  const live = new LiveHub(listenerFor(database, app.log), database.db, config.live);
  await live.start();
  app.addHook('onClose', () => live.close());
  // Invitations still queued for SMTP (decision 290) go out before the process ends.
  app.addHook('onClose', () => mail.close());
  const auth = createAuth(database.db, config, mail, app.log);
  const readSession = await createAuthSessionReader(auth, database.db);
  app.decorate('deps', { db: database.db, database, auth, readSession, config, mail, bot, live });
  app.decorateRequest('actor', null);
  app.decorateRequest('sessionId', null);
  app.decorate('apiRoutes', [] as ApiRouteInfo[]);

  // Every API route says who may call it; a route that forgets fails at start-up, not in production.
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`La ruta ${String(route.method)} ${url} no declara quién puede llamarla (config.access)`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url, access, apiScope: route.config?.apiScope });
    }
  });
  // helmet's middleware built once: @fastify/helmet built it again on every request (18 µs each,
  // about 2 % of a verification's server CPU; decision 341). First of the hooks, so that every answer
  // has them, refusals included.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The QR scanner's decoder is WebAssembly from our own origin (decisions 170 and 171): compiling it needs this, nothing more.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        // The service worker (/sw.js) and the web app manifest, both our own files.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Off: the app is served over plain HTTP on localhost by default.
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));
  // Before anything else: a state-changing call from another site is refused (second defence after
  // SameSite cookies), then, before body validation, a caller without the right level learns nothing.
  app.addHook('onRequest', refuseCrossSite);
  // A sign-out pressed offline ends its session on the first request that reaches us (decision 346).
  app.addHook('onRequest', endSessionSignedOutOffline);
  app.addHook('onSend', expireSignedOutCookies);
  app.addHook('onRequest', enforceAccess);
  // API answers are per user and change with every write: no browser or proxy may keep them.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.addHook('preValidation', refuseUnstorableText);
  app.setErrorHandler(handleError);

  await app.register(swagger, openApiOptions(config));
  // In production the API's map is for level 1 only; in development it is open.
  const docsAccess: Access = config.env === 'production' ? { levels: [1] } : 'public';
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiHooks: { onRequest: (request) => requireAccess(request, docsAccess) },
  });
  app.get('/api/openapi.json', { config: { access: docsAccess }, schema: { hide: true } }, async () => app.swagger());
  app.get('/api/health', { config: { access: 'public' }, schema: { hide: true } }, async () => ({ ok: true }));

  await app.register(authRoutes);
  for (const module of apiModules) await app.register(module, { prefix: '/api' });
  if (config.devOutboxApi) await app.register(devOutboxRoutes, { prefix: '/api' });
  await app.register(whatsappWebhookRoutes);

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !webDir) return handleError(new AppError('NOT_FOUND'), request, reply);
    // Client-side routes: the SPA decides (unknown paths → / → /login). The screen's first data is
    // asked for with the HTML (decision 147); a visitor without the page's session gets a 401 for it.
    const firstData = firstDataOf(new URL(request.url, 'http://localhost').pathname);
    if (firstData.length > 0) reply.header('link', firstData.map((address) => `<${address}>; rel=preload; as=fetch; crossorigin=anonymous`).join(', '));
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
  if (webDir) {
    await app.register(fastifyStatic, {
      root: path.resolve(webDir),
      wildcard: false,
      index: ['index.html'],
      // The build's .br/.gz copies (vite.config.ts), chosen by Accept-Encoding.
      preCompressed: true,
      cacheControl: false,
      // Files under /assets/ carry a content hash in their name: a new build gives new names, so a
      // browser may keep them for a year. Everything else (index.html) is revalidated on each visit.
      setHeaders: (reply, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  return app;
}

/**
 * Fastify's trustProxy from ours: a hop count trusts that many proxies from the right of
 * X-Forwarded-For (proxy-addr's rule); a list trusts those addresses only. Never the leftmost value.
 */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export function defaultWebDir(): string | null {
  const dir = path.resolve('dist/web');
  return existsSync(path.join(dir, 'index.html')) ? dir : null;
}
