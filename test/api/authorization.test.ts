/**
 * The authorization matrix (ARCHITECTURE §9), written out by hand: for every API route, the exact
 * status each caller receives. It does not ask the production rules (`canEnterArea`, the routes'
 * `access`) what to expect, so a wrong rule there shows up here as a wrong status.
 *
 * Columns (test/support/world.ts): none = no session; L1..L4 = each level in the company "Matriz"
 * (1 and 4 without company); S3 = a staff-domain address at level 3 (acts as the level 3 it is:
 * an address is not a privilege, decision 27);
 * L2x, L3x, L4x = HR and an employee of another company, and another provider, aimed at Matriz's
 * (or provider L4's) things, so company and provider scope answer 404.
 *
 * HOW TO ADD A ROUTE: add one `row(...)` to MATRIX below with
 *   1. the route exactly as Fastify registers it ('METHOD /api/path/:param');
 *   2. the nine statuses, in the column order of the header comment;
 *   3. unless it is a GET without parameters, a `call` that returns a VALID request for that caller
 *      (concrete url and body, using the world's ids or factories), so that an allowed caller
 *      reaches the handler and the status is the handler's own answer.
 * The test fails while a registered route has no row (and while a row names no registered route).
 * No row lists 500, so a 500 anywhere fails it too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { apiKeys, botAlerts, botRequests, domainEvents, invitations } from '../../src/server/db/schema';
import type { TokenType } from '../../src/domain/constants';
import { accounts, transfer, walletFor } from '../../src/server/modules/ledger/service';
import { createUser, PASSWORD } from '../support/app';
import { CALLERS, createWorld, type Caller, type World } from '../support/world';

type Statuses = readonly [none: number, L1: number, L2: number, L3: number, L4: number, S3: number, L2x: number, L3x: number, L4x: number];
type Call = { url?: string; payload?: unknown };
type Row = { route: string; expected: Statuses; call: (w: World, caller: Caller) => Promise<Call> | Call };

const row = (route: string, expected: Statuses, call: Row['call'] = () => ({})): Row => ({ route, expected, call });

/** A fresh dead event of Matriz (decision 366): each caller gets its own to put back with 'Reintentar'. */
async function deadEvent(w: World): Promise<number> {
  const [row] = await w.ctx.db
    .insert(domainEvents)
    .values({ type: 'bot.request.decided', payload: { requestId: randomUUID(), companyId: w.companyId, approved: true, reason: null }, attempts: 33, lastError: 'caído', deadAt: new Date() })
    .returning({ id: domainEvents.id });
  return row.id;
}

/** Approve and reject: each caller gets a fresh request it could decide if the rules let it. */
async function decisionTarget(w: World, caller: Caller): Promise<string> {
  return caller === 'L2' || caller === 'L2x' || caller === 'L3' || caller === 'L3x' ? w.pendingCompanyRequest() : w.pendingPlatformRequest();
}

/** A fresh open stress alert of a new Matriz employee ('Tomar Acción' closes it, so each caller gets its own). */
async function openAlert(w: World): Promise<string> {
  const userId = await createUser(w.ctx.db, { email: `alerta-${randomUUID().slice(0, 8)}@matriz.cl`, companyId: w.companyId });
  const [alert] = await w.ctx.db.insert(botAlerts).values({ companyId: w.companyId, userId, stressScore: 8 }).returning({ id: botAlerts.id });
  return alert.id;
}

/**
 * A fresh account with a pending invitation (resend and revoke: each caller gets its own): a Matriz
 * employee (Matriz's maxUsers is not asked), or a provider for level 1's routes.
 */
async function pendingInvitation(w: World, level: 3 | 4 = 3): Promise<string> {
  const userId = level === 3
    ? await createUser(w.ctx.db, { email: `pendiente-${randomUUID().slice(0, 8)}@matriz.cl`, companyId: w.companyId })
    : await createUser(w.ctx.db, { email: `pendiente-${randomUUID().slice(0, 8)}@jobby.sup`, level: 4 });
  await w.ctx.db.insert(invitations).values({ userId, invitedBy: w.userIds.L2, expiresAt: new Date(Date.now() + 86_400_000) });
  return userId;
}

/** A fresh pending bot request of Matriz (a new one replaces the earlier, as HR's save does) for level 1 to answer. */
async function pendingBotRequest(w: World): Promise<string> {
  await w.ctx.db.update(botRequests).set({ status: 'superseded' }).where(and(eq(botRequests.companyId, w.companyId), eq(botRequests.status, 'pending')));
  const [request] = await w.ctx.db.insert(botRequests).values({ companyId: w.companyId, config: { botEnabled: false, analysisFrequency: 'weekly' }, instructions: 'Hola' }).returning({ id: botRequests.id });
  return request.id;
}

/** A fresh grant of 1 token to Matriz's L3 (company or flexible), for a caller to reverse (decision 362). */
async function freshGrant(w: World, tokenType: TokenType): Promise<number> {
  const wallet = walletFor(tokenType, { userId: w.userIds.L3, companyId: w.companyId });
  const from = tokenType === 'company' ? accounts.companyIssuance(w.companyId) : accounts.platformIssuance();
  const moved = await w.ctx.db.transaction((tx) => transfer(tx, { from, to: wallet.account, amount: 1, kind: 'grant', reason: 'prueba', wallet: wallet.wallet }));
  return moved.transferId;
}

/** A fresh key of Matriz (or of the platform: null) for a caller to revoke. */
async function apiKeyOf(w: World, companyId: string | null): Promise<string> {
  const [key] = await w.ctx.db
    .insert(apiKeys)
    .values({ publicId: randomUUID().replace(/-/g, '').slice(0, 12), secretHash: 'x', name: 'Nómina', scopes: ['users:read'], companyId, createdBy: 'prueba' })
    .returning({ id: apiKeys.id });
  return key.id;
}

const botConfig = { botEnabled: false, whatsappNumber: null, analysisFrequency: 'weekly', stressKeywords: ['turnos'], wellbeingIndicators: [], instructions: '' };

const benefitFields = { title: 'Cena', description: 'Una cena para dos', type: 'automatic' };

// prettier-ignore
const MATRIX: Row[] = [
  //                                              none  L1   L2   L3   L4   S3   L2x  L3x  L4x
  row('GET /api/openapi.json',                     [200, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/health',                           [200, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/config',                           [200, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/auth/*',                           [200, 200, 200, 200, 200, 200, 200, 200, 200], () => ({ url: '/api/auth/get-session' })),
  // A wrong password: better-auth's own answer, the same for every caller.
  row('POST /api/auth/*',                          [401, 401, 401, 401, 401, 401, 401, 401, 401], () => ({
    url: '/api/auth/sign-in/email', payload: { email: 'ana@matriz.cl', password: 'equivocada' } })),
  row('GET /api/me',                               [401, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('PATCH /api/me',                             [401, 200, 200, 200, 200, 200, 200, 200, 200], () => ({ payload: { name: 'Nombre Nuevo' } })),
  row('PUT /api/me/theme',                         [401, 200, 200, 200, 200, 200, 200, 200, 200], () => ({ payload: { theme: 'dark' } })),
  // A wrong current password: the handler runs and refuses (changing it would end other sessions).
  row('POST /api/me/password',                     [401, 400, 400, 400, 400, 400, 400, 400, 400], () => ({
    payload: { currentPassword: `${PASSWORD}-no`, newPassword: 'otraclave1', confirmPassword: 'otraclave1' } })),
  row('GET /api/me/balances',                      [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  // The caller's own wallet only (decision 203): test/api/me/wallet.test.ts checks whose rows come back.
  row('GET /api/me/wallet',                        [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  row('GET /api/me/dashboard',                     [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  row('GET /api/admin/employees',                  [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/admin/tokens/add',                [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({ payload: { userId: w.userIds.L3, amount: 1 } })),
  row('POST /api/admin/tokens/remove',             [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({ payload: { userId: w.userIds.L3, amount: 1 } })),
  row('GET /api/admin/tokens/history',             [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/admin/tokens/grants/:transferId/reverse', [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({ url: `/api/admin/tokens/grants/${await freshGrant(w, 'jobby')}/reverse`, payload: {} })),
  row('GET /api/company/employees',                [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  // Matriz's employee: another company's HR does not find them.
  row('POST /api/company/tokens/assign',           [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({ payload: { userId: w.userIds.L3, amount: 1 } })),
  // Bulk assignment reports the people it could not reach instead of failing the whole batch.
  row('POST /api/company/tokens/assign-bulk',      [401, 403, 200, 403, 403, 403, 200, 403, 403], (w) => ({ payload: { userIds: [w.userIds.L3], amount: 1 } })),
  row('GET /api/company/tokens/history',           [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  // Matriz's grant: another company's HR does not find it.
  row('POST /api/company/tokens/grants/:transferId/reverse', [401, 403, 200, 403, 403, 403, 404, 403, 403], async (w) => ({ url: `/api/company/tokens/grants/${await freshGrant(w, 'company')}/reverse`, payload: {} })),
  row('GET /api/catalogue',                        [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  // Matriz's benefit: an employee of another company does not find it.
  row('POST /api/redemptions',                     [401, 403, 403, 200, 403, 200, 403, 404, 403], (w) => ({ payload: { kind: 'company', benefitId: w.companyBenefitId } })),
  row('GET /api/platform-benefits',                [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/platform-benefits',               [401, 200, 403, 403, 403, 403, 403, 403, 403], () => ({ payload: benefitFields })),
  row('PATCH /api/platform-benefits/:id',          [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/platform-benefits/${w.automaticBenefitId}`, payload: { ...benefitFields, providerUserId: w.userIds.L4, stock: 0 } })),
  row('POST /api/platform-benefits/:id/status',    [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/platform-benefits/${w.automaticBenefitId}/status`, payload: { status: 'active' } })),
  row('GET /api/company-benefits',                 [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('POST /api/company-benefits',                [401, 403, 200, 403, 403, 403, 200, 403, 403], () => ({ payload: { title: 'Tarde libre', description: 'Sal temprano' } })),
  row('PATCH /api/company-benefits/:id',           [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({
    url: `/api/company-benefits/${w.companyBenefitId}`,
    payload: { title: 'Tarde libre', description: 'Sal temprano', tokenCost: 1, availableTokens: 1_000_000, limitPerUser: 1_000_000 } })),
  row('POST /api/company-benefits/:id/status',     [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({
    url: `/api/company-benefits/${w.companyBenefitId}/status`, payload: { status: 'active' } })),
  // HR picks the provider that fulfils a company benefit too.
  row('GET /api/providers/options',                [401, 200, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/admin/requests',                   [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/company/requests',                 [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/provider/requests',                [401, 403, 403, 403, 200, 403, 403, 403, 200]),
  row('GET /api/requests/mine',                    [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  // L2x gets Matriz's request and L4x a request of provider L4: neither finds it.
  row('POST /api/requests/:id/approve',            [401, 200, 200, 403, 200, 403, 404, 403, 404], async (w, caller) => ({
    url: `/api/requests/${await decisionTarget(w, caller)}/approve`, payload: { adminInstructions: 'Retira en recepción' } })),
  row('POST /api/requests/:id/reject',             [401, 200, 200, 403, 200, 403, 404, 403, 404], async (w, caller) => ({
    url: `/api/requests/${await decisionTarget(w, caller)}/reject`, payload: { reason: 'Sin cupos' } })),
  // A code of provider L4: another provider is told 'Token no encontrado' (the lane).
  // A platform code L4 fulfils: HR consumes only its company's own codes that name no provider (laneOf).
  row('POST /api/codes/verify',                    [401, 403, 404, 403, 200, 403, 404, 403, 404], async (w) => ({ payload: { code: await w.activeCode() } })),
  // The look-up before 'Confirmar canje' has verification's callers and lanes (decision 362): HR does not find a provider's code.
  row('POST /api/codes/lookup',                    [401, 403, 404, 403, 200, 403, 404, 403, 404], async (w) => ({ payload: { code: await w.activeCode() } })),
  row('GET /api/provider/history',                 [401, 403, 403, 403, 200, 403, 403, 403, 200]),
  // Each provider its own codes only: test/api/economy/provider-history.test.ts checks whose rows come back.
  row('GET /api/provider/history/export',          [401, 403, 403, 403, 200, 403, 403, 403, 200], () => ({ url: '/api/provider/history/export?from=2026-01-01&search=a' })),
  row('GET /api/companies',                        [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/companies',                       [401, 200, 403, 403, 403, 403, 403, 403, 403], (_w, caller) => ({
    payload: { name: `Nueva ${caller}`, contactName: 'Ana', contactEmail: `rrhh@nueva-${caller.toLowerCase()}.cl` } })),
  row('PATCH /api/companies/:id',                  [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/companies/${w.companyId}`, payload: { contactName: 'Carla' } })),
  row('POST /api/companies/:id/status',            [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/companies/${w.companyId}/status`, payload: { status: 'active' } })),
  row('POST /api/companies/:id/admins',            [401, 200, 403, 403, 403, 403, 403, 403, 403], (w, caller) => ({
    url: `/api/companies/${w.companyId}/admins`,
    payload: { name: 'Otra Admin', email: `admin@${caller.toLowerCase()}.matriz.cl`, password: 'secreto1', confirmPassword: 'secreto1' } })),
  // Level 1 invites HR admins and providers, and resends or revokes from its users list.
  row('POST /api/companies/:id/admins/invite',     [401, 200, 403, 403, 403, 403, 403, 403, 403], (w, caller) => ({
    url: `/api/companies/${w.companyId}/admins/invite`, payload: { name: 'Admin Invitada', email: `admin@invitada-${caller.toLowerCase()}.matriz.cl` } })),
  row('POST /api/providers/invite',                [401, 200, 403, 403, 403, 403, 403, 403, 403], (_w, caller) => ({
    payload: { name: 'Librería Invitada', email: `invitada-${caller.toLowerCase()}@jobby.sup` } })),
  row('POST /api/admin/users/:id/invitation/resend', [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/users/${await pendingInvitation(w, 4)}/invitation/resend` })),
  row('DELETE /api/admin/users/:id/invitation',    [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/users/${await pendingInvitation(w, 4)}/invitation` })),
  row('GET /api/providers',                        [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/providers',                       [401, 200, 403, 403, 403, 403, 403, 403, 403], (_w, caller) => ({
    payload: { name: 'Librería', email: `libreria-${caller.toLowerCase()}@jobby.sup`, password: 'secreto1' } })),
  row('PATCH /api/providers/:id',                  [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/providers/${w.userIds.L4x}`, payload: { category: 'Teatro' } })),
  row('POST /api/providers/:id/status',            [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/providers/${w.userIds.L4x}/status`, payload: { status: 'active' } })),
  row('GET /api/admin/users',                      [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/admin/users/summary',              [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  // The level it has already: the handler runs and changes nothing.
  row('PUT /api/admin/users/:id/level',            [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/admin/users/${w.userIds.L3x}/level`, payload: { level: 3 } })),
  // Level 1 reads any user's level history; HR, even of that user's company, does not.
  row('GET /api/admin/users/:id/level-changes',     [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/admin/users/${w.userIds.L3}/level-changes` })),
  // An id that names nobody: level 1 reaches the handler (404) and the world keeps its accounts.
  row('DELETE /api/admin/users/:id',               [401, 404, 403, 403, 403, 403, 403, 403, 403], () => ({
    url: '/api/admin/users/nadie' })),
  row('GET /api/admin/dashboard',                  [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  // HR: the company's figures, users and exports; another company's HR sees its own.
  row('GET /api/company/dashboard',                [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/company/benefits/overview',        [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/company/tokens/stats',             [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/company/tokens/history/export',    [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/company/users',                    [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/company/users/export',             [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  // Level 1's exports (decision 272).
  row('GET /api/admin/users/export',               [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/admin/requests/export',            [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/admin/tokens/history/export',      [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/admin/redemptions/by-provider/export', [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/company/users',                   [401, 403, 200, 403, 403, 403, 200, 403, 403], (_w, caller) => ({
    payload: { name: 'Nueva Persona', email: `nueva-${caller.toLowerCase()}@matriz.cl`, password: 'secreto1', confirmPassword: 'secreto1' } })),
  // Matriz's employee S3: another company's HR does not find them (status 'active' leaves S3 signed in).
  row('POST /api/company/users/:id/status',        [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({
    url: `/api/company/users/${w.userIds.S3}/status`, payload: { status: 'active' } })),
  row('POST /api/company/users/:id/type',          [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({
    url: `/api/company/users/${w.userIds.S3}/type`, payload: { userType: 'A' } })),
  // Importing employees and invitations. HR of either company works on its own company;
  // a pending invitation of Matriz is not found by another company's HR.
  row('POST /api/company/users/invite',            [401, 403, 200, 403, 403, 403, 200, 403, 403], (_w, caller) => ({
    payload: { name: 'Persona Invitada', email: `invitada-${caller.toLowerCase()}@matriz.cl` } })),
  row('POST /api/company/users/import/preview',    [401, 403, 200, 403, 403, 403, 200, 403, 403], () => ({
    payload: { rows: [{ line: 2, name: 'Persona Importada', email: 'previa@matriz.cl', phone: '', userType: 'A' }] } })),
  row('POST /api/company/users/import',            [401, 403, 200, 403, 403, 403, 200, 403, 403], (_w, caller) => ({
    payload: { rows: [{ line: 2, name: 'Persona Importada', email: `importada-${caller.toLowerCase()}@matriz.cl`, phone: '', userType: 'B' }] } })),
  row('POST /api/company/users/:id/invitation/resend', [401, 403, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/company/users/${await pendingInvitation(w)}/invitation/resend` })),
  row('DELETE /api/company/users/:id/invitation',  [401, 403, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/company/users/${await pendingInvitation(w)}/invitation` })),
  row('GET /api/surveys/a/mine',                   [401, 403, 403, 200, 403, 200, 403, 200, 403]),
  row('PUT /api/surveys/a/mine',                   [401, 403, 403, 200, 403, 200, 403, 200, 403], () => ({
    payload: { generationalMemory: null, categories: ['comidas'], satisfactionLevel: 'neutral' } })),
  // Level 1 reads every company's surveys; nobody else reads any.
  row('GET /api/admin/surveys',                    [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/admin/surveys/:id',                [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/surveys/${await w.surveyId()}` })),
  row('GET /api/admin/companies/:id/survey-summary', [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/admin/companies/${w.companyId}/survey-summary` })),
  // Every level 3 caller of the world is a type A user: survey B is not theirs.
  row('PUT /api/surveys/b/mine',                   [401, 403, 403, 403, 403, 403, 403, 403, 403], () => ({
    payload: {
      personalityMatrix: 'innovator',
      benefitPriorities: ['wellness', 'growth', 'flexibility', 'team', 'tech', 'rewards'],
      lifestyleAssessment: { work_life_balance: 50, social_interaction: 50, challenge_seeking: 50, stability_preference: 50 },
      futureVision: { '6_months': 'promotion', '1_year': 'promotion', '2_years': 'promotion', '3_years': 'promotion' } } })),
  row('GET /api/admin/bot/companies',              [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('PUT /api/admin/bot/companies/:id/access',   [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/admin/bot/companies/${w.companyId}/access`, payload: { enabled: true } })),
  // Level 1 answers every company's bot requests; nobody else sees them.
  row('GET /api/admin/bot/requests',               [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/admin/bot/requests/:id/approve',  [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/bot/requests/${await pendingBotRequest(w)}/approve` })),
  row('POST /api/admin/bot/requests/:id/reject',   [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/bot/requests/${await pendingBotRequest(w)}/reject`, payload: { reason: 'Falta la plantilla' } })),
  row('GET /api/bot/config',                       [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('PUT /api/bot/config',                       [401, 403, 200, 403, 403, 403, 200, 403, 403], () => ({ payload: botConfig })),
  row('GET /api/bot/profiles',                     [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  // Matriz's employee: another company's HR does not find them.
  row('GET /api/bot/profiles/:id',                 [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({ url: `/api/bot/profiles/${w.userIds.L3}` })),
  row('PUT /api/bot/employees/:id/phone',          [401, 403, 200, 403, 403, 403, 404, 403, 403], (w) => ({
    url: `/api/bot/employees/${w.userIds.L3}/phone`, payload: { phone: '+56 9 5555 0101' } })),
  row('GET /api/bot/alerts',                       [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('POST /api/bot/alerts/:id/action',           [401, 403, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/bot/alerts/${await openAlert(w)}/action`, payload: { actionTaken: 'Llamada de seguimiento' } })),
  row('GET /api/bot/analytics',                    [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  // The live stream answers 406 to a client that does not ask for text/event-stream (inject).
  row('GET /api/events',                           [401, 406, 406, 406, 406, 406, 406, 406, 406]),
  row('GET /api/notifications',                    [401, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/notifications/unread-count',       [401, 200, 200, 200, 200, 200, 200, 200, 200]),
  // Nobody's notification id: each caller sees only its own, so 404 for all.
  row('POST /api/notifications/:id/read',          [401, 404, 404, 404, 404, 404, 404, 404, 404], () => ({
    url: '/api/notifications/00000000-0000-4000-8000-000000000000/read' })),
  row('POST /api/notifications/read-all',          [401, 200, 200, 200, 200, 200, 200, 200, 200]),
  row('GET /api/achievement-rules',                [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/achievement-rules',               [401, 200, 403, 403, 403, 403, 403, 403, 403], () => ({
    payload: { name: 'Fin de semana', description: 'Canjea un sábado', conditionType: 'weekend_usage', rewardTokens: 1 } })),
  row('POST /api/achievement-rules/:id/status',    [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/achievement-rules/${await w.achievementRule()}/status`, payload: { status: 'inactive' } })),
  row('PUT /api/achievement-rules/:id',            [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/achievement-rules/${await w.achievementRule()}`, payload: { name: 'Editada', description: 'x', conditionType: 'tokens_used_count', conditionValue: 9999 } })),
  row('POST /api/achievement-rules/qualifying',    [401, 200, 403, 403, 403, 403, 403, 403, 403], () => ({
    payload: { conditionType: 'tokens_used_count', conditionValue: 1 } })),
  row('DELETE /api/achievement-rules/:id',         [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/achievement-rules/${await w.achievementRule()}` })),
  row('GET /api/achievements/analysis',            [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('GET /api/company/monthly-allowance',        [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('PUT /api/company/monthly-allowance',        [401, 403, 200, 403, 403, 403, 200, 403, 403], () => ({ payload: { amount: 0 } })),
  row('POST /api/company/monthly-allowance/grant', [401, 403, 200, 403, 403, 403, 200, 403, 403]),
  row('GET /api/companies/:id/monthly-allowance',  [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/companies/${w.companyId}/monthly-allowance` })),
  row('POST /api/companies/:id/monthly-allowance/grant', [401, 200, 403, 403, 403, 403, 403, 403, 403], (w) => ({
    url: `/api/companies/${w.companyId}/monthly-allowance/grant` })),
  // Webhooks out: HR manages its company's endpoints, level 1 the platform's. A Matriz
  // endpoint is another owner's for level 1 and for another company's HR: 404.
  row('GET /api/webhooks/endpoints',               [401, 200, 200, 403, 403, 403, 200, 403, 403]),
  row('POST /api/webhooks/endpoints',              [401, 200, 200, 403, 403, 403, 200, 403, 403], () => ({
    payload: { url: 'https://hooks.example.com/nuevo', events: ['code.used'] } })),
  row('PUT /api/webhooks/endpoints/:id',           [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}`, payload: { url: 'https://hooks.example.com/editado', events: ['request.created'] } })),
  row('POST /api/webhooks/endpoints/:id/status',   [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}/status`, payload: { status: 'inactive' } })),
  row('GET /api/webhooks/endpoints/:id/secret',    [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}/secret` })),
  row('POST /api/webhooks/endpoints/:id/rotate-secret', [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}/rotate-secret` })),
  row('POST /api/webhooks/endpoints/:id/test',     [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}/test` })),
  row('GET /api/webhooks/endpoints/:id/deliveries', [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/webhooks/endpoints/${(await w.webhookEndpoint()).endpointId}/deliveries` })),
  row('POST /api/webhooks/endpoints/:id/deliveries/:deliveryId/retry', [401, 404, 200, 403, 403, 403, 404, 403, 403], async (w) => {
    const { endpointId, deliveryId } = await w.webhookEndpoint();
    return { url: `/api/webhooks/endpoints/${endpointId}/deliveries/${deliveryId}/retry` };
  }),
  // Level 1 manages the platform's keys, HR its company's; another company's HR does not find Matriz's key.
  // Decision 352: level 1 also lists, revokes and confirms every company's keys (here Matriz's).
  row('GET /api/api-keys',                         [401, 200, 200, 403, 403, 403, 200, 403, 403]),
  row('POST /api/api-keys',                        [401, 200, 200, 403, 403, 403, 200, 403, 403], () => ({
    payload: { name: 'Nómina', scopes: ['users:read'] } })),
  row('POST /api/api-keys/:id/revoke',             [401, 200, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/api-keys/${await apiKeyOf(w, w.companyId)}/revoke` })),
  // apiKeyOf's creator is no account: the key is suspended, so an allowed caller confirms it.
  row('POST /api/api-keys/:id/confirm',            [401, 200, 200, 403, 403, 403, 404, 403, 403], async (w) => ({
    url: `/api/api-keys/${await apiKeyOf(w, w.companyId)}/confirm` })),
  // Decision 366: only level 1 sees and retries the platform's dead events.
  row('GET /api/admin/events/dead',                [401, 200, 403, 403, 403, 403, 403, 403, 403]),
  row('POST /api/admin/events/:id/retry',          [401, 200, 403, 403, 403, 403, 403, 403, 403], async (w) => ({
    url: `/api/admin/events/${await deadEvent(w)}/retry` })),
];

let world: World;

beforeAll(async () => {
  world = await createWorld();
});
afterAll(async () => world.ctx.close());

describe('the authorization matrix', () => {
  it('lists every registered API route exactly once, and no route that is not registered', () => {
    const registered = world.ctx.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    const listed = MATRIX.map((r) => r.route).sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(listed).toEqual(registered);
  });

  for (const entry of MATRIX) {
    it(`${entry.route} answers each caller its listed status`, async () => {
      const [method, path] = entry.route.split(' ');
      const actual: number[] = [];
      for (const caller of CALLERS) {
        const { url = path, payload } = await entry.call(world, caller);
        const res = await world.call(caller, { method, url, payload: payload ?? (method === 'GET' ? undefined : {}) });
        actual.push(res.statusCode);
      }
      // Compared as one row, so a failure shows every caller's status next to the expected one.
      expect(actual).toEqual([...entry.expected]);
    });
  }
});
