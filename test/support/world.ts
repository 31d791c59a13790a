/**
 * A small, complete world for the tests that walk every route (authorization matrix, Spanish-only
 * answers, random input): two companies, a signed-in user of every kind of caller, funded
 * employees, benefits of every owner, and factories for fresh targets (a pending request, an
 * unused code), so that an allowed caller can send a valid call and the handler really runs.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { profileSurveys } from '../../src/server/db/schema';
import { createCompanyBenefit, createPlatformBenefit, fund } from '../api/economy/ledger-fixtures';
import { achievementRules, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { as, createCompany, createTestContext, createUser, ORIGIN, signIn, type TestContext } from './app';

/**
 * Who calls: nobody; each level inside the company "Matriz" (or without company for 1 and 4);
 * S3 = a staff-domain address at level 3 (acts as the level 3 it is: decision 27); and the same levels of
 * another company or another provider (L2x, L3x, L4x), who must not reach Matriz's things.
 */
export const CALLERS = ['none', 'L1', 'L2', 'L3', 'L4', 'S3', 'L2x', 'L3x', 'L4x'] as const;
export type Caller = (typeof CALLERS)[number];
export type SignedInCaller = Exclude<Caller, 'none'>;

const EMAILS: Record<SignedInCaller, string> = {
  L1: 'root@jobby.cl',
  L2: 'admin@matriz.cl',
  L3: 'ana@matriz.cl',
  L4: 'cine@jobby.sup',
  S3: 'soporte@jobby.cl',
  L2x: 'admin@otra.cl',
  L3x: 'bruno@otra.cl',
  L4x: 'teatro@jobby.sup',
};
const LEVELS: Record<SignedInCaller, 1 | 2 | 3 | 4> = { L1: 1, L2: 2, L3: 3, L4: 4, S3: 3, L2x: 2, L3x: 3, L4x: 4 };
const FUNDS = 1_000_000;

export type World = {
  ctx: TestContext;
  companyId: string;
  otherCompanyId: string;
  userIds: Record<SignedInCaller, string>;
  cookies: Record<SignedInCaller, string>;
  /** A platform benefit fulfilled by L4, approved by its provider (a pending request per redemption). */
  managedBenefitId: string;
  /** A platform benefit fulfilled by L4, approved at once (a code per redemption). */
  automaticBenefitId: string;
  /** Matriz's benefit, redeemed at once; and one that HR must approve. */
  companyBenefitId: string;
  companyApprovalBenefitId: string;
  otherCompanyBenefitId: string;
  /** Sends one call as `caller` (no cookie for 'none'); JSON bodies with the app's Origin. */
  call: (caller: Caller, options: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) => Promise<LightMyRequestResponse>;
  /** A fresh request of L3 awaiting L4's approval (platform benefit). */
  pendingPlatformRequest: () => Promise<string>;
  /** A fresh request of L3 awaiting Matriz's HR (company benefit). */
  pendingCompanyRequest: () => Promise<string>;
  /** A fresh, active code of L3 that only L4 may verify. */
  activeCode: () => Promise<string>;
  /** The id of L3's completed survey A (saved once, through the API). */
  surveyId: () => Promise<string>;
  /** A fresh achievement rule to activate, deactivate or delete. */
  achievementRule: () => Promise<string>;
  /** A fresh active webhook endpoint of Matriz with one failed delivery. */
  webhookEndpoint: () => Promise<{ endpointId: string; deliveryId: string }>;
};

export async function createWorld(): Promise<World> {
  const ctx = await createTestContext();
  const companyId = await createCompany(ctx.db, 'Matriz');
  const otherCompanyId = await createCompany(ctx.db, 'Otra');
  const companyOf: Record<SignedInCaller, string | null> = {
    L1: null, L2: companyId, L3: companyId, L4: null, S3: companyId, L2x: otherCompanyId, L3x: otherCompanyId, L4x: null,
  };
  const userIds = {} as Record<SignedInCaller, string>;
  const cookies = {} as Record<SignedInCaller, string>;
  for (const caller of Object.keys(EMAILS) as SignedInCaller[]) {
    userIds[caller] = await createUser(ctx.db, { email: EMAILS[caller], level: LEVELS[caller], companyId: companyOf[caller] });
    cookies[caller] = await signIn(ctx.app, EMAILS[caller]);
  }
  for (const caller of ['L3', 'S3', 'L3x'] as const) {
    const owner = { userId: userIds[caller], companyId: companyOf[caller] };
    await fund(ctx.db, owner, 'jobby', FUNDS);
    await fund(ctx.db, owner, 'company', FUNDS);
  }
  const provider = { providerUserId: userIds.L4, providerName: 'Cine', tokenCost: 1, stockRemaining: null };
  const managed = await createPlatformBenefit(ctx.db, { ...provider, title: 'Cine gestionado', type: 'managed' });
  const automatic = await createPlatformBenefit(ctx.db, { ...provider, title: 'Cine directo', type: 'automatic' });
  const unlimited = { tokenCost: 1, availableTokens: FUNDS, limitPerUser: FUNDS };
  const companyBenefit = await createCompanyBenefit(ctx.db, companyId, { ...unlimited, title: 'Tarde libre' });
  const approval = await createCompanyBenefit(ctx.db, companyId, { ...unlimited, title: 'Día libre', requiresApproval: true });
  const otherBenefit = await createCompanyBenefit(ctx.db, otherCompanyId, { ...unlimited, title: 'Tarde libre de Otra' });

  const call: World['call'] = (caller, { method, url, payload, headers = {} }) =>
    ctx.app.inject({
      method: method as InjectOptions['method'],
      url,
      headers: caller === 'none' ? { origin: ORIGIN, ...headers } : as(cookies[caller], headers),
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  async function redeem(kind: 'platform' | 'company', benefitId: string) {
    const res = await call('L3', { method: 'POST', url: '/api/redemptions', payload: { kind, benefitId } });
    if (res.statusCode !== 200) throw new Error(`redemption failed: ${res.statusCode} ${res.body}`);
    return res.json() as { requestId: string; code: { code: string } | null };
  }

  return {
    ctx,
    companyId,
    otherCompanyId,
    userIds,
    cookies,
    managedBenefitId: managed.id,
    automaticBenefitId: automatic.id,
    companyBenefitId: companyBenefit.id,
    companyApprovalBenefitId: approval.id,
    otherCompanyBenefitId: otherBenefit.id,
    call,
    pendingPlatformRequest: async () => (await redeem('platform', managed.id)).requestId,
    pendingCompanyRequest: async () => (await redeem('company', approval.id)).requestId,
    activeCode: async () => {
      const { code } = await redeem('platform', automatic.id);
      if (!code) throw new Error('an automatic benefit answered without a code');
      return code.code;
    },
    surveyId: async () => {
      const saved = await call('L3', { method: 'PUT', url: '/api/surveys/a/mine', payload: { generationalMemory: 'festival_vina', categories: ['comidas'], satisfactionLevel: 'neutral' } });
      if (saved.statusCode !== 200) throw new Error(`survey save failed: ${saved.statusCode} ${saved.body}`);
      const [row] = await ctx.db.select({ id: profileSurveys.id }).from(profileSurveys).where(eq(profileSurveys.userId, userIds.L3));
      return row.id;
    },
    achievementRule: async () => {
      const [rule] = await ctx.db
        .insert(achievementRules)
        .values({ name: 'Fin de semana', description: 'Canjea un sábado', conditionType: 'weekend_usage' })
        .returning({ id: achievementRules.id });
      return rule.id;
    },
    webhookEndpoint: async () => {
      const [endpoint] = await ctx.db
        .insert(webhookEndpoints)
        .values({ companyId, url: `http://127.0.0.1:9/jobby/${randomUUID()}`, events: ['code.used'], secret: 'whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtMDEyMzQ1Ng==' })
        .returning({ id: webhookEndpoints.id });
      const [delivery] = await ctx.db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, eventType: 'webhook.test', payload: {}, status: 'failed', giveUpAt: new Date() })
        .returning({ id: webhookDeliveries.id });
      return { endpointId: endpoint.id, deliveryId: delivery.id };
    },
  };
}
