/**
 * The access hooks (docs/architecture.md §3): who may call. They sit above the modules because they
 * read API keys and count requests (api-keys, rate-limit); the HTTP kit below keeps `Access`,
 * `actorOf` and `mayRead`, which every module's routes use.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../domain/errors';
import { canEnterArea, isSurveyPending } from '../domain/levels';
import { fromNodeHeaders } from 'better-auth/node';
import { loadActorRow, toActor, type Actor } from './actor';
import type { Access } from './http/access';
import { API_KEY_PREFIX, type ApiScope } from '../domain/api-keys';
import { actorOfApiKey } from './modules/api-keys/index';
import { countAttempt } from './modules/rate-limit/index';

function isAllowed(actor: Actor, access: Exclude<Access, 'public'>): boolean {
  if (access === 'authenticated') return true;
  return access.levels.some((area) => canEnterArea(actor, area));
}

export async function enforceAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const access = request.routeOptions.config.access;
  await requireAccess(request, access, request.routeOptions.config.apiScope);
  if (request.actor && access && access !== 'public' && access !== 'authenticated') {
    refuseUntilSurveyCompleted(request.actor, request.routeOptions.config.whileSurveyPending === true);
    refuseChangesOfInactiveCompany(request.actor, request.method, request.routeOptions.config.whileCompanyInactive === true);
  }
}

/**
 * An employee with the profile survey pending uses only the survey (part 2 "Survey A"): every other
 * level route is refused, reads included, so the API cannot skip what the web's guard asks.
 * `authenticated` routes (/api/me, profile, notifications) never reach here and stay open.
 * @throws SURVEY_PENDING.
 */
function refuseUntilSurveyCompleted(actor: Actor, isAllowedWhilePending: boolean): void {
  if (!isAllowedWhilePending && isSurveyPending(actor)) throw new AppError('SURVEY_PENDING');
}

/**
 * A deactivated company has ended its agreement (decision in docs): its HR admin and
 * employees still sign in and read (their history, their codes, which providers still honour), but
 * change nothing in the company's or the economy's data. Their own account (`authenticated` routes:
 * profile, theme, password) and routes marked `whileCompanyInactive` (the surveys) stay open.
 * @throws COMPANY_INACTIVE.
 */
function refuseChangesOfInactiveCompany(actor: Actor, method: string, isAllowedWhileInactive: boolean): void {
  if (SAFE_METHODS.has(method) || isAllowedWhileInactive) return;
  if ((actor.level === 2 || actor.level === 3) && actor.companyId && !actor.companyActive) throw new AppError('COMPANY_INACTIVE');
}

/**
 * The API key a request carries, or null when it carries none. Only `Authorization: Bearer jobby_…`
 * (API_KEY_PREFIX) is a key, and such a request is a key's and nothing else: its cookies are not read
 * (decision 220). Any other value — another scheme (a proxy's `Basic …`, decision 353), a bare
 * `Bearer`, a bearer token that is not ours — is not meant for us and is ignored: the cookie
 * session is read as if the header were absent.
 */
function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match && match[1].startsWith(API_KEY_PREFIX) ? match[1] : null;
}

/**
 * An API key's Actor (decision 220), counted against its per-minute limit. The key answers only on
 * routes that declare an `apiScope` it holds; every other route — those without one, such as sign-in,
 * profile, surveys and key management itself — refuses it (default deny).
 * @throws API_KEY_INVALID (malformed, unknown, revoked or expired); API_KEY_SUSPENDED (its responsible
 * lost access, decision 352); RATE_LIMITED; API_KEY_SCOPE_MISSING.
 */
async function resolveKeyActor(request: FastifyRequest, token: string, scope: ApiScope | undefined): Promise<Actor> {
  const { db, config } = request.server.deps;
  const actor = await actorOfApiKey(db, token);
  if (!actor?.apiKey) throw new AppError('API_KEY_INVALID');
  const { allowed } = await countAttempt(db, [{ key: `apikey:${actor.apiKey.id}`, limit: config.apiKeyRequestsPerMinute, keepOnSuccess: true }], 60);
  if (!allowed) throw new AppError('RATE_LIMITED');
  if (!scope || !actor.apiKey.scopes.includes(scope)) throw new AppError('API_KEY_SCOPE_MISSING');
  return actor;
}

/** The session's user, or null when there is no valid session or the user is not active (one read in the common case). */
async function resolveActor(request: FastifyRequest): Promise<Actor | null> {
  const { auth, db, readSession } = request.server.deps;
  const read = await readSession(request.headers.cookie);
  if (read.kind === 'none') return null;
  if (read.kind === 'found') {
    if (read.row.status !== 'active') return null;
    request.sessionId = read.sessionId;
    return toActor(read.row);
  }
  // Expired or due for its refresh: better-auth deletes or extends it (session-reader.ts).
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  const row = await loadActorRow(db, session.user.id);
  if (!row || row.status !== 'active') return null;
  // Live streams re-check their session later (events/live.ts), so the session's id is kept.
  request.sessionId = session.session.id;
  return toActor(row);
}

/**
 * The check itself, also for routes that cannot carry `config.access` (the docs plugin's own).
 * `apiScope`: the scope an API key needs here; without one no key is accepted.
 */
export async function requireAccess(request: FastifyRequest, access: Access | undefined, apiScope?: ApiScope): Promise<void> {
  if (!access || access === 'public') return;
  const bearer = bearerOf(request);
  const actor = bearer === null ? await resolveActor(request) : await resolveKeyActor(request, bearer, apiScope);
  if (!actor) throw new AppError('UNAUTHENTICATED');
  if (!isAllowed(actor, access)) throw new AppError('FORBIDDEN');
  request.actor = actor;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing /api call must come from one of the app's origins (config.trustedOrigins): a
 * browser says where a request comes from in `Sec-Fetch-Site` and `Origin`, and either one pointing
 * elsewhere is refused. Callers that send neither (scripts, server-to-server) carry no browser
 * cookies by accident, so they pass; SameSite cookies stay the first defence. A refused origin is
 * logged with the setting that would allow it: the caller only sees 403, the operator must see why.
 */
export async function refuseCrossSite(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    request.log.warn({ secFetchSite: site, origin: request.headers.origin, url: request.url }, 'Petición de otro sitio rechazada (Sec-Fetch-Site)');
    throw new AppError('FORBIDDEN');
  }
  const origin = request.headers.origin;
  if (origin !== undefined && !request.server.deps.config.trustedOrigins.includes(origin)) {
    request.log.warn(
      { origin, url: request.url },
      `Origen rechazado: ${origin}. Si es legítimo, añádelo a TRUSTED_ORIGINS (o ajusta PUBLIC_URL).`,
    );
    throw new AppError('FORBIDDEN');
  }
}
