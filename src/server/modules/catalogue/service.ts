/**
 * What an employee can redeem (spec part 2 §2 "/level3/benefits" and "/level3/company-benefits"):
 * the platform's active benefits and the own company's active benefits inside their dates, each
 * with whether this employee can redeem it now and, if not, why.
 */
import { and, asc, desc, eq, gt, gte, ilike, isNull, lte, or, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Catalogue, CatalogueItem, CatalogueQuery, CatalogueSort } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { companyBenefits, companyBenefitUserCounts, platformBenefits, platformBenefitUserCounts, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { getWalletBalances } from '../ledger/index';

/** Benefit dates are calendar days in Chile (spec part 1 §9: the product's times are Santiago's). */
const BUSINESS_TIME_ZONE = 'America/Santiago';

/** The catalogue has no paging in the contract; each section is capped so no answer is a whole table. */
const CATALOGUE_SECTION_LIMIT = 100;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in Santiago as 'YYYY-MM-DD' (the format of startDate and endDate). Throws nothing. */
export function businessToday(now: Date = new Date()): string {
  return dayFormat.format(now);
}

/**
 * The one rule for a company benefit's date window: startDate ≤ today ≤ endDate, each bound only
 * when set. Used by the catalogue's filter and by the redemption's conditional stock update.
 * Throws nothing.
 */
export function companyBenefitInWindow(today: string | Placeholder): SQL {
  return and(
    or(isNull(companyBenefits.startDate), lte(companyBenefits.startDate, today)),
    or(isNull(companyBenefits.endDate), gte(companyBenefits.endDate, today)),
  ) as SQL;
}

type Availability = Pick<CatalogueItem, 'canRedeem' | 'blockedReason'>;

/**
 * Why an item cannot be redeemed, most final reason first: a used-up personal limit ('Ya canjeado')
 * or no stock cannot be fixed by the employee; too few tokens can.
 */
function availabilityOf(item: { isRedeemer: boolean; limitReached: boolean; soldOut: boolean; cost: number; balance: number }): Availability {
  if (item.limitReached) return { canRedeem: false, blockedReason: 'ALREADY_REDEEMED' };
  if (item.soldOut) return { canRedeem: false, blockedReason: 'OUT_OF_STOCK' };
  if (item.balance < item.cost) return { canRedeem: false, blockedReason: 'INSUFFICIENT_TOKENS' };
  return { canRedeem: item.isRedeemer, blockedReason: null };
}

/** The provider account that redeems a benefit's codes (where to use it). */
const provider = alias(users, 'provider');

/** Both catalogues' columns the finders read. */
type BenefitColumns = typeof platformBenefits | typeof companyBenefits;

/**
 * The finders (decision 273) on one section: its title contains the search, and with 'Me alcanza' its
 * cost is within `balance` (the section's own balance).
 */
function findersWhere(table: BenefitColumns, finders: CatalogueQuery, balance: number): SQL | undefined {
  return and(
    finders.search ? ilike(table.title, containsPattern(finders.search)) : undefined,
    finders.affordable ? lte(table.tokenCost, balance) : undefined,
  );
}

/** A section's order: by cost (then title) when asked, else `featured`; the id last so a tie never reorders between loads. */
function orderOf(table: BenefitColumns, sort: CatalogueSort, featured: SQL[]): SQL[] {
  if (sort === 'featured') return [...featured, asc(table.id)];
  return [sort === 'cost_asc' ? asc(table.tokenCost) : desc(table.tokenCost), asc(table.title), asc(table.id)];
}

const NO_FINDERS: CatalogueQuery = { sort: 'featured', affordable: false };

/** What a catalogue item shows of its benefit, platform or company alike. */
function shownOf(benefit: Pick<CatalogueItem, 'id' | 'title' | 'description' | 'category' | 'image' | 'tokenCost'>) {
  const { id, title, description, category, image, tokenCost } = benefit;
  return { id, title, description, category, image, tokenCost };
}

/** An employee of a deactivated company sees the catalogue but cannot redeem (see redeemBenefit). */
function isRedeemerOf(actor: Actor): boolean {
  return actor.status === 'active' && (!actor.companyId || actor.companyActive);
}

/**
 * Platform benefits an employee may see, as catalogue items: active, with stock left or unlimited,
 * each with its per-user limit (0 = none), narrowed by `where` (the dashboard's recommendation pool)
 * and capped at `limit`. Throws nothing.
 */
export async function listPlatformItems(
  db: Executor,
  actor: Actor,
  jobbyBalance: number,
  { where, limit = CATALOGUE_SECTION_LIMIT, finders = NO_FINDERS }: { where?: SQL; limit?: number; finders?: CatalogueQuery } = {},
): Promise<CatalogueItem[]> {
  const isRedeemer = isRedeemerOf(actor);
  const platformRows = await db
    .select({
      benefit: platformBenefits,
      redeemedCount: platformBenefitUserCounts.count,
      providerAccountName: provider.name,
    })
    .from(platformBenefits)
    .leftJoin(
      platformBenefitUserCounts,
      and(eq(platformBenefitUserCounts.benefitId, platformBenefits.id), eq(platformBenefitUserCounts.userId, actor.id)),
    )
    .leftJoin(provider, eq(provider.id, platformBenefits.providerUserId))
    .where(
      and(
        eq(platformBenefits.status, 'active'),
        or(isNull(platformBenefits.stockRemaining), gt(platformBenefits.stockRemaining, 0)),
        where,
        findersWhere(platformBenefits, finders, jobbyBalance),
      ),
    )
    .orderBy(...orderOf(platformBenefits, finders.sort, [desc(platformBenefits.isHighlighted), desc(platformBenefits.createdAt)]))
    .limit(limit);

  return platformRows.map(({ benefit, redeemedCount, providerAccountName }): CatalogueItem => {
    const count = redeemedCount ?? 0;
    return {
      ...shownOf(benefit),
      kind: 'platform',
      type: benefit.type as CatalogueItem['type'],
      providerName: providerAccountName ?? (benefit.providerName?.trim() || null),
      value: benefit.value?.trim() || null,
      isHighlighted: benefit.isHighlighted,
      remaining: benefit.stockRemaining,
      redeemedCount: count,
      // 0 = no limit, shown as none.
      limitPerUser: benefit.limitPerUser === 0 ? null : benefit.limitPerUser,
      // Managed and third-party benefits wait for the provider or the platform (spec part 2 §4).
      requiresApproval: benefit.type !== 'automatic',
      // Sold-out platform benefits are not listed at all.
      ...availabilityOf({
        isRedeemer,
        limitReached: benefit.limitPerUser > 0 && count >= benefit.limitPerUser,
        soldOut: false,
        cost: benefit.tokenCost,
        balance: jobbyBalance,
      }),
    };
  });
}

/**
 * The employee's catalogue with both balances. Platform benefits: see listPlatformItems. Company
 * benefits: the own company's active ones inside their date window, shown even when sold out so the
 * employee sees 'Agotado'. An employee without a company gets platform benefits only; one of a
 * deactivated company gets none of its company's. Throws nothing.
 */
export async function getCatalogue(db: Executor, actor: Actor, finders: CatalogueQuery = NO_FINDERS): Promise<Catalogue> {
  const balances = await getWalletBalances(db, { userId: actor.id, companyId: actor.companyId });
  const isRedeemer = isRedeemerOf(actor);

  const platform = await listPlatformItems(db, actor, balances.jobby, { finders });

  if (!actor.companyId || !actor.companyActive) return { platform, company: [], balances: { jobby: balances.jobby, company: balances.company } };

  const companyRows = await db
    .select({ benefit: companyBenefits, redeemedCount: companyBenefitUserCounts.count, providerAccountName: provider.name })
    .from(companyBenefits)
    .leftJoin(
      companyBenefitUserCounts,
      and(eq(companyBenefitUserCounts.benefitId, companyBenefits.id), eq(companyBenefitUserCounts.userId, actor.id)),
    )
    .leftJoin(provider, eq(provider.id, companyBenefits.providerUserId))
    .where(
      and(
        eq(companyBenefits.companyId, actor.companyId),
        eq(companyBenefits.status, 'active'),
        companyBenefitInWindow(businessToday()),
        findersWhere(companyBenefits, finders, balances.company),
      ),
    )
    .orderBy(...orderOf(companyBenefits, finders.sort, [desc(companyBenefits.createdAt)]))
    .limit(CATALOGUE_SECTION_LIMIT);

  const company = companyRows.map(({ benefit, redeemedCount, providerAccountName }): CatalogueItem => {
    const count = redeemedCount ?? 0;
    return {
      ...shownOf(benefit),
      kind: 'company',
      type: null,
      providerName: providerAccountName,
      value: null,
      isHighlighted: false,
      remaining: benefit.availableTokens,
      redeemedCount: count,
      limitPerUser: benefit.limitPerUser,
      requiresApproval: benefit.requiresApproval,
      ...availabilityOf({
        isRedeemer,
        limitReached: count >= benefit.limitPerUser,
        soldOut: benefit.availableTokens <= 0,
        cost: benefit.tokenCost,
        balance: balances.company,
      }),
    };
  });

  return { platform, company, balances: { jobby: balances.jobby, company: balances.company } };
}
