/**
 * Level 1's dashboard (spec part 1 §2 "Dashboard"): five figures, the newest companies and the latest used
 * codes, each computed in SQL (never by loading rows into Node), in one API call; the used codes are a
 * running total the outbox workers keep (decision 110).
 */
import { alias } from 'drizzle-orm/pg-core';
import { desc, eq, isNotNull, sql } from 'drizzle-orm';
import { recordStatusOf } from '#domain/constants';
import type { AdminDashboard } from '#domain/schemas/admin';
import { queryRows, type Executor } from '../../db/client';
import { benefitCodes, benefitRequests, companies, platformBenefits, users, userTallies } from '../../db/schema';
import { selectUsedCodes } from '../codes/index';
import { counterValue } from '../counters/index';
import { adminPendingRequests } from '../requests/index';

/** Spec part 1 §9: 5 recent companies, 10 completed tokens. */
const DASHBOARD_RECENT_COMPANIES = 5;
const DASHBOARD_RECENT_CODES = 10;

const provider = alias(users, 'provider');

/** The figures, the 5 newest companies and the 10 latest used codes. Throws nothing. */
export async function getAdminDashboard(db: Executor): Promise<AdminDashboard> {
  const [[stats], recentCompanies, recentCodes] = await Promise.all([
    queryRows<{ companies: number; users: number; platform_benefits: number; pending_requests: number; completed_codes: number }>(db, sql`
      select
        (select count(*)::int from ${companies}) as companies,
        (select coalesce(sum(${userTallies.users}), 0)::int from ${userTallies}) as users,
        (select count(*)::int from ${platformBenefits} where ${platformBenefits.status} = 'active') as platform_benefits,
        (select count(*)::int from ${benefitRequests} where ${adminPendingRequests()}) as pending_requests,
        -- Counted by the outbox workers (decision 110): counting 1,000,000 codes is too slow here.
        ${counterValue('codes_used')}::int as completed_codes`),
    db
      .select({
        id: companies.id,
        name: companies.name,
        contactName: companies.contactName,
        status: companies.status,
        createdAt: companies.createdAt,
        // Written out: drizzle leaves columns unqualified in a one-table select.
        userCount: sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.level in (2, 3))`,
      })
      .from(companies)
      .orderBy(desc(companies.createdAt), desc(companies.id))
      .limit(DASHBOARD_RECENT_COMPANIES),
    selectUsedCodes(db, { providerName: provider.name })
      .leftJoin(provider, eq(provider.id, benefitCodes.usedBy))
      .where(isNotNull(benefitCodes.usedAt))
      .orderBy(desc(benefitCodes.usedAt))
      .limit(DASHBOARD_RECENT_CODES),
  ]);
  return {
    stats: {
      companies: Number(stats.companies),
      users: Number(stats.users),
      platformBenefits: Number(stats.platform_benefits),
      pendingRequests: Number(stats.pending_requests),
      completedCodes: Number(stats.completed_codes),
    },
    recentCompanies: recentCompanies.map((c) => ({ ...c, status: recordStatusOf(c.status), userCount: Number(c.userCount), createdAt: c.createdAt.toISOString() })),
    recentCodes: recentCodes.map((c) => ({
      code: c.code,
      benefitName: c.benefitName,
      isBenefitJobby: c.isBenefitJobby,
      userName: c.userName,
      companyName: c.companyName,
      providerName: c.providerName,
      usedAt: (c.usedAt ?? new Date(0)).toISOString(),
    })),
  };
}
