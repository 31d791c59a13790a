/**
 * The employee dashboard (spec part 2 §2 "Employee dashboard", §9): greeting, balances, three recommended
 * benefits, the latest requests and the latest active codes, read in a handful of bounded queries.
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { pickRecommendations, RECOMMENDATION_COUNT } from '#domain/recommendations';
import { DASHBOARD_ACTIVE_CODES, DASHBOARD_RECENT_REQUESTS, firstNameOf, type EmployeeDashboard } from '#domain/schemas/dashboard';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { codePlaceColumns } from '../codes/index';
import { benefitCodes, platformBenefits, users } from '../../db/schema';
import { listPlatformItems } from '../catalogue/index';
import { getWalletBalances } from '../ledger/index';
import { listMyRequests } from '../requests/index';

/**
 * The recommendation pool: at most this many benefits per category, chosen at random by the database,
 * so the rule in src/domain picks from a small, varied set instead of the whole catalogue.
 */
const POOL_PER_CATEGORY = RECOMMENDATION_COUNT;
const POOL_LIMIT = 60;
/** The newest redeemable benefits the pool is drawn from: the work stays bounded as the catalogue grows. */
const POOL_SOURCE_LIMIT = 500;

const randomPerCategory = sql`${platformBenefits.id} in (
  select pooled.id from (
    select recent.id, row_number() over (partition by lower(trim(coalesce(recent.category, ''))) order by random()) as rank
    from (
      select ${platformBenefits.id} as id, ${platformBenefits.category} as category from ${platformBenefits}
      where ${platformBenefits.status} = 'active' and (${platformBenefits.stockRemaining} is null or ${platformBenefits.stockRemaining} > 0)
      order by ${platformBenefits.createdAt} desc limit ${POOL_SOURCE_LIMIT}
    ) recent
  ) pooled where pooled.rank <= ${POOL_PER_CATEGORY}
)`;

/** Flexible benefits only: they are the ones /level3/benefits shows and the hero leads to (decision 50). */
async function recommendationsFor(db: Executor, actor: Actor, preferences: string[], jobbyBalance: number) {
  const pool = await listPlatformItems(db, actor, jobbyBalance, { where: randomPerCategory, limit: POOL_LIMIT });
  return pickRecommendations(pool, preferences);
}

/** The caller's dashboard; scoped to the caller alone (their wallet, requests and codes). Throws nothing. */
export async function getEmployeeDashboard(db: Executor, actor: Actor): Promise<EmployeeDashboard> {
  const [[profile], balances] = await Promise.all([
    db.select({ preferences: users.benefitPreferences }).from(users).where(eq(users.id, actor.id)),
    getWalletBalances(db, { userId: actor.id, companyId: actor.companyId }),
  ]);
  const preferences = profile?.preferences ?? [];
  const activeCode = and(eq(benefitCodes.userId, actor.id), eq(benefitCodes.status, 'active'), gt(benefitCodes.expiresAt, sql`now()`));

  const [recommendations, requests, codes, [codeCount]] = await Promise.all([
    recommendationsFor(db, actor, preferences, balances.jobby),
    listMyRequests(db, { filter: 'all', limit: DASHBOARD_RECENT_REQUESTS, offset: 0 }, actor),
    db
      .select({
        code: benefitCodes.code,
        benefitName: benefitCodes.benefitName,
        isBenefitJobby: benefitCodes.isBenefitJobby,
        expiresAt: benefitCodes.expiresAt,
        ...codePlaceColumns,
        instructions: benefitCodes.adminInstructions,
      })
      .from(benefitCodes)
      .where(activeCode)
      .orderBy(desc(benefitCodes.createdAt), desc(benefitCodes.id))
      .limit(DASHBOARD_ACTIVE_CODES),
    db.select({ n: count() }).from(benefitCodes).where(activeCode),
  ]);

  return {
    firstName: firstNameOf(actor.name, actor.email),
    companyName: actor.companyId ? actor.companyName : null,
    balances: { jobby: balances.jobby, company: balances.company },
    hasPreferences: preferences.length > 0,
    recommendations,
    recentRequests: requests.items,
    requestCount: requests.total,
    activeCodes: codes.map((c) => ({ ...c, expiresAt: c.expiresAt.toISOString() })),
    activeCodeCount: codeCount?.n ?? 0,
  };
}
