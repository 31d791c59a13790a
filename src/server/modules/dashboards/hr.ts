/**
 * The figures of the HR screens (spec part 2 §2 "/level2/dashboard", "/level2/benefits", "/level2/tokens"),
 * each computed in SQL inside the caller's company: counts and sums, never rows loaded into Node.
 */
import { and, desc, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { APP_TIME_ZONE } from '#domain/dates';
import { AppError } from '#domain/errors';
import { PENDING_REQUEST_STATUSES } from '#domain/request-lifecycle';
import { USAGE_GROUPS, type BenefitsOverview, type CompanyTokenStats, type HrDashboard, type UsageGroup } from '#domain/schemas/hr';
import type { Executor } from '../../db/client';
import { benefitCodes, benefitRequests, companies, companyBenefits, ledgerAccounts, ledgerTransfers, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { ownCompanyBenefit } from '../requests/index';
import { companyAccounts, companyEmployees } from '../users/index';

const PENDING = [...PENDING_REQUEST_STATUSES];
const RECENT_USERS = 5;
const PRODUCT_LINKS_SHOWN = 8;

/** The first instant of this calendar month in Santiago, `monthsBack` months earlier. */
const monthStart = (monthsBack: number) =>
  sql`(date_trunc('month', now() at time zone ${APP_TIME_ZONE}) - make_interval(months => ${monthsBack})) at time zone ${APP_TIME_ZONE}`;

/**
 * /level2/dashboard in one statement: the four stat cards, codes this month against last month, the
 * 5 newest employees. @throws NO_COMPANY_ASSIGNED; COMPANY_NOT_FOUND if the company row is gone.
 */
export async function getHrDashboard(db: Executor, actor: Actor): Promise<HrDashboard> {
  const companyId = companyOf(actor);
  const codes = (from: ReturnType<typeof monthStart>, to: ReturnType<typeof monthStart> | null) =>
    db.$count(benefitCodes, and(eq(benefitCodes.companyId, companyId), sql`${benefitCodes.createdAt} >= ${from}`, to ? sql`${benefitCodes.createdAt} < ${to}` : undefined));
  const recent = db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(companyEmployees(companyId))
    .orderBy(desc(users.createdAt), users.id)
    .limit(RECENT_USERS);
  const [[row], recentUsers] = await Promise.all([
    db
      .select({
        name: companies.name,
        users: db.$count(users, companyAccounts(companyId)),
        activeBenefits: db.$count(companyBenefits, and(eq(companyBenefits.companyId, companyId), eq(companyBenefits.status, 'active'))),
        pendingRequests: db.$count(benefitRequests, and(ownCompanyBenefit(companyId), inArray(benefitRequests.status, PENDING))),
        activeCodes: db.$count(benefitCodes, and(eq(benefitCodes.companyId, companyId), eq(benefitCodes.status, 'active'), gt(benefitCodes.expiresAt, sql`now()`))),
        codesThisMonth: codes(monthStart(0), null),
        codesPreviousMonth: codes(monthStart(1), monthStart(0)),
      })
      .from(companies)
      .where(eq(companies.id, companyId)),
    recent,
  ]);
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return {
    adminName: actor.name,
    company: { id: companyId, name: row.name },
    stats: {
      users: Number(row.users),
      activeBenefits: Number(row.activeBenefits),
      pendingRequests: Number(row.pendingRequests),
      activeCodes: Number(row.activeCodes),
      codesThisMonth: Number(row.codesThisMonth),
      codesPreviousMonth: Number(row.codesPreviousMonth),
    },
    recentUsers: recentUsers.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })),
  };
}

/**
 * The company-token cards of /level2/tokens and /level2/benefits, in one statement: the balances of
 * the current employees' company wallets (one wallet-key lookup per employee), the company tokens
 * spent net of refunds (the company's transfers), and the employee counts. Throws NO_COMPANY_ASSIGNED.
 */
export async function getCompanyTokenStats(db: Executor, actor: Actor): Promise<CompanyTokenStats> {
  const companyId = companyOf(actor);
  const asset = `company:${companyId}`;
  const available = db
    .select({ sum: sql`coalesce(sum(${ledgerAccounts.balance}), 0)` })
    .from(users)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.ownerUserId, users.id), eq(ledgerAccounts.asset, asset)))
    .where(companyEmployees(companyId));
  // A spend moves tokens out of a wallet, a refund of a rejected request brings them back.
  const used = db
    .select({ sum: sql`coalesce(sum(case when ${ledgerTransfers.kind} = 'spend' then ${ledgerTransfers.amount} else -${ledgerTransfers.amount} end), 0)` })
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.walletCompanyId, companyId), eq(ledgerTransfers.tokenType, 'company'), inArray(ledgerTransfers.kind, ['spend', 'refund'])));
  const [row] = await db
    .select({
      available: sql`(${available})`.mapWith(Number),
      used: sql`(${used})`.mapWith(Number),
      activeUsers: db.$count(users, and(companyEmployees(companyId), eq(users.status, 'active'))),
      totalEmployees: db.$count(users, companyEmployees(companyId)),
    })
    .from(sql`(select 1) as one`);
  const totalEmployees = Number(row.totalEmployees);
  return {
    available: row.available,
    used: row.used,
    activeUsers: Number(row.activeUsers),
    totalEmployees,
    averagePerUser: totalEmployees === 0 ? 0 : Math.round((row.available / totalEmployees) * 10) / 10,
  };
}

/**
 * Which chart column a request falls in (decision 74): pending statuses, rejected, approved with its
 * code used ('Utilizados'), and any other approved one ('Aprobados').
 */
const usageGroup = sql<UsageGroup>`case
  when ${inArray(benefitRequests.status, PENDING)} then 'pending'
  when ${benefitRequests.status} = 'rejected' then 'rejected'
  when ${benefitCodes.status} = 'used' then 'used'
  else 'approved' end`;

/**
 * /level2/benefits: the token cards, the 'Uso de Beneficios' chart (requests of the company's people,
 * flexible platform benefits against the company's own, both counted in SQL) and the latest 8
 * product links. Throws NO_COMPANY_ASSIGNED.
 */
export async function getBenefitsOverview(db: Executor, actor: Actor): Promise<BenefitsOverview> {
  const companyId = companyOf(actor);
  const isPlatform = isNotNull(benefitRequests.platformBenefitId);
  const [tokens, counts, links] = await Promise.all([
    getCompanyTokenStats(db, actor),
    db
      .select({
        group: usageGroup,
        platform: sql<number>`count(*) filter (where ${isPlatform})`.mapWith(Number),
        company: sql<number>`count(*) filter (where not ${isPlatform})`.mapWith(Number),
      })
      .from(benefitRequests)
      .leftJoin(benefitCodes, eq(benefitCodes.requestId, benefitRequests.id))
      .where(eq(benefitRequests.companyId, companyId))
      // By position: the expression's parameters would be numbered apart in GROUP BY and not match.
      .groupBy(sql`1`),
    db
      .select({
        requestId: benefitRequests.id,
        userName: sql<string | null>`coalesce(${users.name}, ${benefitRequests.userName})`,
        userEmail: sql<string | null>`coalesce(${users.email}, ${benefitRequests.userEmail})`,
        benefitName: benefitRequests.benefitName,
        productLink: sql<string>`${benefitRequests.productLink}`,
        requestDate: benefitRequests.requestDate,
      })
      .from(benefitRequests)
      .leftJoin(users, eq(users.id, benefitRequests.userId))
      .where(and(eq(benefitRequests.companyId, companyId), isNotNull(benefitRequests.productLink)))
      .orderBy(desc(benefitRequests.requestDate), desc(benefitRequests.id))
      .limit(PRODUCT_LINKS_SHOWN),
  ]);
  return {
    tokens,
    usage: USAGE_GROUPS.map((group) => {
      const found = counts.find((c) => c.group === group);
      return { group, platform: found?.platform ?? 0, company: found?.company ?? 0 };
    }),
    productLinks: links.map((l) => ({ ...l, requestDate: l.requestDate.toISOString() })),
  };
}
