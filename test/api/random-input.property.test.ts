/**
 * Random JSON to every route (decision 38): fast-check builds bodies and query
 * strings out of the API's own field names and of values that have broken servers before (numbers
 * beyond an `integer`, NUL, numbers in disguise, impossible dates, huge texts, real ids), and each
 * is sent by a caller the route lets in, with real ids in the path, so the input reaches
 * validation and, when it passes, the handler. No answer may be a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ApiRouteInfo } from '../../src/server/app';
import { randomUUID } from 'node:crypto';
import { createUser } from '../support/app';
import { and, eq } from 'drizzle-orm';
import { apiKeys, botAlerts, botRequests, domainEvents } from '../../src/server/db/schema';
import { createWorld, type SignedInCaller, type World } from '../support/world';

/** Bodies reach columns, so they get more runs than query strings. */
const RUNS = { body: 100, query: 30 };
/**
 * ~3,000 requests and more with every new route: far more than vitest's default per-test time. The
 * limit only stops a hung run; at load average 25 on the 2-core machine the PostgreSQL run passed
 * 300 s (26 Nov), so it is 15 minutes, not a speed check.
 */
const TIMEOUT_MS = 900_000;

const FIELDS = [
  'title', 'description', 'type', 'value', 'providerName', 'providerUserId', 'category', 'image', 'isHighlighted', 'tokenCost', 'stock',
  'availableTokens', 'limitPerUser', 'startDate', 'endDate', 'requiresApproval', 'userId', 'userIds', 'amount', 'reason', 'kind', 'benefitId',
  'comments', 'productLink', 'code', 'status', 'name', 'phone', 'theme', 'currentPassword', 'newPassword', 'confirmPassword',
  'adminInstructions', 'userType', 'email', 'password', 'limit', 'offset', 'search', 'filter', 'tokenType', 'level', 'contactPhone',
  'enabled', 'botEnabled', 'whatsappNumber', 'analysisFrequency', 'stressKeywords', 'wellbeingIndicators', 'instructions', 'actionTaken',
  'scopes', 'expiresOn',
];

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => world.ctx.close());

/** Values chosen to hit the edges, mixed with anything JSON can carry. */
function edgeValues(w: World): fc.Arbitrary<unknown> {
  const ids = [w.userIds.L3, w.userIds.L4, w.companyBenefitId, w.automaticBenefitId, w.managedBenefitId, w.otherCompanyBenefitId];
  return fc.oneof(
    // Beyond a PostgreSQL `integer`: the classic 500, so it comes up often.
    { weight: 1, arbitrary: fc.constantFrom<unknown>(2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2) },
    { weight: 1, arbitrary: fc.double({ min: 2 ** 31, max: 2 ** 53, noNaN: true }).map(Math.floor) },
    { weight: 4, arbitrary: fc.constantFrom<unknown>(
      2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER + 2, 1e300, -1, 0, 0.5, true, false, null, [5], {},
      '0x10', '1e2', '5', '', ' ', '\u0000', 'a\u0000b', '2025-02-30', '0000-01-01', '9999-12-31', '2030-01-01', 'x'.repeat(5000),
      'platform', 'company', 'automatic', 'managed', 'third_party', 'active', 'inactive', 'dark', 'pending', 'all', 'jobby',
      '00000000-0000-4000-8000-000000000000', ...ids, [w.userIds.L3], [w.userIds.L3, 'nadie'],
    ) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.integer() },
    { weight: 1, arbitrary: fc.double() },
  );
}

/**
 * A valid body per route, so that changing one to three of its fields gets past the other
 * required fields and reaches the column the changed field is written to.
 */
function validBody(w: World, route: ApiRouteInfo): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/auth/*': { email: 'ana@matriz.cl', password: 'equivocada' },
    'PATCH /api/me': { name: 'Ana', phone: '+56 9 1234 5678' },
    'PUT /api/me/theme': { theme: 'dark' },
    'POST /api/me/password': { currentPassword: 'equivocada', newPassword: 'otraclave1', confirmPassword: 'otraclave1' },
    'POST /api/admin/tokens/add': { userId: w.userIds.L3, amount: 1, reason: 'Premio' },
    'POST /api/admin/tokens/remove': { userId: w.userIds.L3, amount: 1, reason: 'Ajuste' },
    'POST /api/company/tokens/assign': { userId: w.userIds.L3, amount: 1, reason: 'Premio' },
    'POST /api/company/tokens/assign-bulk': { userIds: [w.userIds.L3], amount: 1, reason: 'Premio' },
    'POST /api/redemptions': { kind: 'company', benefitId: w.companyBenefitId, comments: 'Gracias' },
    'POST /api/platform-benefits': { title: 'Cena', description: 'Para dos', type: 'automatic', tokenCost: 1, stock: 5, providerUserId: w.userIds.L4 },
    'PATCH /api/platform-benefits/:id': { title: 'Cena', description: 'Para dos', type: 'automatic', tokenCost: 1, stock: 5, providerUserId: w.userIds.L4 },
    'POST /api/platform-benefits/:id/status': { status: 'active' },
    'POST /api/company-benefits': { title: 'Tarde libre', description: 'Sal temprano', tokenCost: 1, availableTokens: 5, limitPerUser: 1, startDate: '2030-01-01', endDate: '2030-12-31' },
    'PATCH /api/company-benefits/:id': { title: 'Tarde libre', description: 'Sal temprano', tokenCost: 1, availableTokens: 1_000_000, limitPerUser: 1_000_000 },
    'POST /api/company-benefits/:id/status': { status: 'active' },
    'POST /api/requests/:id/approve': { adminInstructions: 'Retira en recepción' },
    'POST /api/requests/:id/reject': { reason: 'Sin cupos' },
    'POST /api/codes/verify': { code: 'ABCD1234' },
    'POST /api/codes/lookup': { code: 'ABCD1234' },
    'POST /api/companies': { name: 'Nueva', contactName: 'Ana', contactEmail: 'rrhh@nueva.cl', contactPhone: '+56 9', address: 'Calle 1', maxUsers: 10, emailDomain: 'nueva.cl' },
    'PATCH /api/companies/:id': { contactName: 'Carla', maxUsers: 20 },
    'POST /api/companies/:id/status': { status: 'active' },
    'POST /api/companies/:id/admins': { name: 'Admin', email: 'admin@nueva.cl', password: 'secreto1', confirmPassword: 'secreto1' },
    'POST /api/providers': { name: 'Librería', email: 'libreria@jobby.sup', password: 'secreto1', status: 'active', category: 'Libros', description: 'Libros', contactPhone: '+56 9' },
    'POST /api/companies/:id/admins/invite': { name: 'Admin', email: 'admin@invitada.cl' },
    'POST /api/providers/invite': { name: 'Librería', email: 'invitada@jobby.sup', status: 'active', category: 'Libros', description: 'Libros', contactPhone: '+56 9' },
    'PATCH /api/providers/:id': { name: 'Librería', status: 'active', category: 'Libros', description: 'Libros', contactPhone: '+56 9' },
    'POST /api/providers/:id/status': { status: 'active' },
    'PUT /api/admin/users/:id/level': { level: 3 },
    'POST /api/company/users': { name: 'Nueva Persona', email: 'nueva@matriz.cl', password: 'secreto1', confirmPassword: 'secreto1' },
    'POST /api/company/users/invite': { name: 'Persona Invitada', email: 'invitada@matriz.cl' },
    'POST /api/company/users/import/preview': { rows: [{ line: 2, name: 'Persona', email: 'previa@matriz.cl', phone: '', userType: 'A' }] },
    'POST /api/company/users/import': { rows: [{ line: 2, name: 'Persona', email: 'importada@matriz.cl', phone: '', userType: 'A' }] },
    'POST /api/company/users/:id/status': { status: 'active' },
    'POST /api/company/users/:id/type': { userType: 'A' },
    'PUT /api/admin/bot/companies/:id/access': { enabled: true },
    'POST /api/admin/bot/requests/:id/reject': { reason: 'Falta la plantilla' },
    'PUT /api/bot/config': {
      botEnabled: false,
      whatsappNumber: '+56 9 1234 5678',
      analysisFrequency: 'weekly',
      stressKeywords: ['turnos'],
      wellbeingIndicators: ['pausa'],
      instructions: 'Hola',
      checkInTemplate: 'bienestar_checkin',
      checkInLanguage: 'es',
      checkInWindows: ['10:00-11:00'],
    },
    'PUT /api/bot/employees/:id/phone': { phone: '+56 9 1234 5678' },
    'POST /api/bot/alerts/:id/action': { actionTaken: 'Llamada' },
    'POST /api/achievement-rules': { name: 'Juntos', description: 'Canje conjunto', conditionType: 'same_provider_timeframe', conditionValue: 40, conditionMinUsers: 2, rewardTokens: 5 },
    'POST /api/achievement-rules/:id/status': { status: 'inactive' },
    'PUT /api/company/monthly-allowance': { amount: 10 },
    'POST /api/api-keys': { name: 'Nómina', scopes: ['users:read', 'tokens:assign'], expiresOn: '2099-12-31' },
    'PUT /api/surveys/a/mine': { generationalMemory: null, categories: ['comidas'], satisfactionLevel: 'neutral' },
    'PUT /api/surveys/b/mine': {
      personalityMatrix: 'innovator',
      benefitPriorities: ['wellness', 'growth', 'flexibility', 'team', 'tech', 'rewards'],
      lifestyleAssessment: { work_life_balance: 50, social_interaction: 50, challenge_seeking: 50, stability_preference: 50 },
      futureVision: { '6_months': 'promotion', '1_year': 'promotion', '2_years': 'promotion', '3_years': 'promotion' },
    },
  };
  return bodies[`${route.method} ${route.url}`] ?? {};
}

function bodies(w: World, route: ApiRouteInfo): fc.Arbitrary<unknown> {
  const base = validBody(w, route);
  // Mostly the route's own fields: a changed field the schema ignores tests little.
  const own = Object.keys(base);
  const field = own.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...own) }, { weight: 1, arbitrary: fc.constantFrom(...FIELDS) }) : fc.constantFrom(...FIELDS);
  const changes = fc.dictionary(field, edgeValues(w), { minKeys: 1, maxKeys: 3 });
  return fc.oneof(
    { weight: 5, arbitrary: changes.map((changed) => ({ ...base, ...changed })) },
    { weight: 2, arbitrary: fc.dictionary(fc.oneof(field, fc.string({ maxLength: 8 })), edgeValues(w), { maxKeys: 8 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  );
}

function queries(w: World): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.constantFrom(...FIELDS), fc.oneof(edgeValues(w).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? '')), fc.string()));
  return fc.array(pair, { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString());
}

/** The caller each route lets in (the authorization matrix states these exactly; here any allowed one will do). */
function callerFor(route: ApiRouteInfo): SignedInCaller {
  if (typeof route.access !== 'object') return 'L3';
  const level = route.access.levels[0];
  return (['L1', 'L2', 'L3', 'L4'] as const)[level - 1];
}

/** A real id for the route's path parameter, owned by that caller's side. */
async function concreteUrl(w: World, route: ApiRouteInfo): Promise<string> {
  if (route.url === '/api/auth/*') return route.method === 'GET' ? '/api/auth/get-session' : '/api/auth/sign-in/email';
  if (!route.url.includes(':id')) return route.url;
  let id: string;
  if (route.url.startsWith('/api/platform-benefits/')) id = w.automaticBenefitId;
  else if (route.url.startsWith('/api/company-benefits/')) id = w.companyBenefitId;
  else if (route.url.startsWith('/api/requests/')) id = await w.pendingPlatformRequest();
  else if (route.url.startsWith('/api/companies/') || route.url.startsWith('/api/admin/companies/') || route.url.startsWith('/api/admin/bot/companies/')) id = w.companyId;
  else if (route.url.startsWith('/api/admin/surveys/')) id = await w.surveyId();
  else if (route.url.startsWith('/api/admin/bot/requests/')) {
    // A fresh pending bot request of Matriz (one pending per company: the earlier is replaced, as a save does).
    await w.ctx.db.update(botRequests).set({ status: 'superseded' }).where(and(eq(botRequests.companyId, w.companyId), eq(botRequests.status, 'pending')));
    const [request] = await w.ctx.db.insert(botRequests).values({ companyId: w.companyId, config: { botEnabled: false }, instructions: 'Hola' }).returning({ id: botRequests.id });
    id = request.id;
  }
  // A user of its own, so random levels and statuses change nobody the other routes call as.
  else if (route.url.startsWith('/api/providers/')) id = await createUser(w.ctx.db, { email: `azar-${randomUUID()}@jobby.sup`, level: 4 });
  else if (route.url.startsWith('/api/admin/users/')) id = await createUser(w.ctx.db, { email: `azar-${randomUUID()}@matriz.cl`, level: 3, companyId: w.companyId });
  // S3, a Matriz employee no other route of this test signs in as (a random status may disable it).
  else if (route.url.startsWith('/api/company/users/')) id = w.userIds.S3;
  else if (route.url.startsWith('/api/bot/profiles/') || route.url.startsWith('/api/bot/employees/')) id = w.userIds.L3;
  else if (route.url.startsWith('/api/bot/alerts/')) {
    const [alert] = await w.ctx.db.insert(botAlerts).values({ companyId: w.companyId, userId: w.userIds.L3, stressScore: 8 }).onConflictDoNothing().returning({ id: botAlerts.id });
    id = alert?.id ?? '00000000-0000-4000-8000-000000000000';
  }
  else if (route.url.startsWith('/api/achievement-rules/')) id = await w.achievementRule();
  else if (route.url.startsWith('/api/notifications/')) id = '00000000-0000-4000-8000-000000000000';
  // A fresh dead event for level 1's 'Reintentar'.
  else if (route.url.startsWith('/api/admin/events/')) {
    const [event] = await w.ctx.db.insert(domainEvents).values({ type: 'nadie.lo.conoce', payload: {}, attempts: 1, lastError: 'azar', deadAt: new Date() }).returning({ id: domainEvents.id });
    id = String(event.id);
  }
  // A platform key (the route's first level is 1).
  else if (route.url.startsWith('/api/api-keys/')) {
    const [key] = await w.ctx.db
      .insert(apiKeys)
      .values({ publicId: randomUUID().replace(/-/g, '').slice(0, 12), secretHash: 'x', name: 'Azar', scopes: ['users:read'], companyId: null, createdBy: 'prueba' })
      .returning({ id: apiKeys.id });
    id = key.id;
  }
  // A Matriz endpoint with one delivery (level 1, the first level these routes let in, finds a company's as 404).
  else if (route.url.startsWith('/api/webhooks/endpoints/')) {
    const { endpointId, deliveryId } = await w.webhookEndpoint();
    return route.url.replace(':id', endpointId).replace(':deliveryId', deliveryId);
  }
  else throw new Error(`no id for ${route.url}: add it to concreteUrl`);
  return route.url.replace(':id', id);
}

describe('random JSON to every route', () => {
  it('has routes to feed', () => {
    expect(world.ctx.app.apiRoutes.length).toBeGreaterThan(20);
  });

  it('never answers 500', async () => {
    const failures: string[] = [];
    for (const route of world.ctx.app.apiRoutes) {
      const caller = callerFor(route);
      const url = await concreteUrl(world, route);
      const input = route.method === 'GET' ? queries(world).map((q) => ({ query: q, body: undefined as unknown })) : bodies(world, route).map((b) => ({ query: '', body: b }));
      await fc.assert(
        fc.asyncProperty(input, async ({ query, body }) => {
          const res = await world.call(caller, {
            method: route.method,
            url: query ? `${url}?${query}` : url,
            ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
          });
          if (res.statusCode >= 500) failures.push(`${caller} ${route.method} ${url} ${query} ${JSON.stringify(body)?.slice(0, 300)} → ${res.statusCode} ${res.body}`);
          return res.statusCode < 500;
        }),
        { numRuns: route.method === 'GET' ? RUNS.query : RUNS.body, endOnFailure: true },
      ).catch((error: unknown) => {
        // A 500 is listed in `failures` (all routes are tried before the test fails); anything else is a broken test.
        if (failures.length === 0) throw error;
      });
    }
    expect(failures).toEqual([]);
  }, TIMEOUT_MS);
});
