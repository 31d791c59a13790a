/** The request lists of each audience (levels 1, 2, 3 and 4): one page, its tab counts and the pending count. */
import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { REQUEST_FILTERS, type RequestFilter, type requestListQuerySchema, type requestListSchema } from '#domain/schemas/economy';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { benefitRequests, users } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';
import { containsPattern } from '../../db/search';
import { selectRequestViews, toBenefitRequest } from './view';
import { ownCompanyBenefit, paidToProvider, adminRequestScope, PENDING } from './scopes';

type RequestListQuery = z.infer<typeof requestListQuerySchema>;
type RequestList = z.infer<typeof requestListSchema>;

function filterCondition(filter: RequestFilter): SQL | undefined {
  if (filter === 'pending') return inArray(benefitRequests.status, PENDING);
  if (filter === 'pending_admin') return eq(benefitRequests.status, 'pending_admin_approval');
  if (filter === 'approved' || filter === 'rejected') return eq(benefitRequests.status, filter);
  return undefined;
}

function searchCondition(search: string | undefined): SQL | undefined {
  const text = search?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(users.name, pattern),
    ilike(users.email, pattern),
    ilike(benefitRequests.userName, pattern),
    ilike(benefitRequests.userEmail, pattern),
    ilike(benefitRequests.benefitName, pattern),
  );
}

/**
 * A page of requests inside `scope`: pending first, then newest. `pendingCount` counts every pending
 * request of the scope whatever the filter and search; `counts` each tab's requests that match the
 * search — all in one counting statement.
 */
async function listRequests(db: Executor, scope: SQL, query: RequestListQuery, order: 'pending-first' | 'newest' = 'pending-first'): Promise<RequestList> {
  const searched = searchCondition(query.search);
  const narrowed = and(filterCondition(query.filter), searched);
  const pendingFirst = sql`case when ${inArray(benefitRequests.status, PENDING)} then 0 else 1 end`;
  const newest = [desc(benefitRequests.requestDate), desc(benefitRequests.id)];
  const countOf = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
  const tabCounts = Object.fromEntries(REQUEST_FILTERS.map((filter) => [filter, countOf(and(filterCondition(filter), searched))])) as Record<RequestFilter, ReturnType<typeof countOf>>;
  const [rows, [counts]] = await Promise.all([
    selectRequestViews(db)
      .where(and(scope, narrowed))
      .orderBy(...(order === 'pending-first' ? [pendingFirst, ...newest] : newest))
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: countOf(narrowed), pendingCount: countOf(inArray(benefitRequests.status, PENDING)), ...tabCounts })
      .from(benefitRequests)
      .leftJoin(users, eq(users.id, benefitRequests.userId))
      .where(scope),
  ]);
  const { total, pendingCount, ...byTab } = counts;
  return { items: rows.map(toBenefitRequest), total, pendingCount, counts: byTab as RequestList['counts'] };
}

/** Level 1 (spec part 1 §4): platform-benefit requests and those awaiting admin approval. Throws nothing. */
export async function listAdminRequests(db: Executor, query: RequestListQuery): Promise<RequestList> {
  return listRequests(db, adminRequestScope(), query);
}

/**
 * Level 2 (spec part 2 §2 "/level2/requests"): the requests of the actor's own company benefits.
 * @throws NO_COMPANY_ASSIGNED when the actor has no company.
 */
export async function listCompanyRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  return listRequests(db, ownCompanyBenefit(companyOf(actor)), query);
}

/** Level 4: 'pending_provider_approval' requests that paid the actor. Throws nothing. */
export async function listProviderRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  const scope = and(paidToProvider(actor.id), eq(benefitRequests.status, 'pending_provider_approval')) as SQL;
  return listRequests(db, scope, query);
}

/** Level 3 (part 2 "/level3/requests"): the employee's own requests, newest first, each with its code. Throws nothing. */
export async function listMyRequests(db: Executor, query: RequestListQuery, actor: Actor): Promise<RequestList> {
  return listRequests(db, eq(benefitRequests.userId, actor.id), query, 'newest');
}
