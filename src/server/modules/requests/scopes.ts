/**
 * Which benefit requests each processor sees and decides (spec part 1 §4, spec part 2 §4). Anything outside
 * these scopes answers REQUEST_NOT_FOUND, as if it did not exist:
 * - level 1: requests of platform benefits, in any pending status;
 * - level 2: requests of its own company's benefits, in 'pending';
 * - level 4: 'pending_provider_approval' requests that paid it (the provider stored on the request at
 *   redemption, not the benefit's current one: moving a benefit affects future redemptions only).
 */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { PENDING_REQUEST_STATUSES, statusesDecidedBy } from '#domain/request-lifecycle';
import { AppError } from '#domain/errors';
import { canEnterArea } from '#domain/levels';
import { benefitRequests, companyBenefits } from '../../db/schema';
import { companyOf, type Actor } from '../../actor';

export type ProcessorScope =
  | { kind: 'admin' }
  | { kind: 'company'; companyId: string }
  | { kind: 'provider'; providerId: string };

export const PENDING = [...PENDING_REQUEST_STATUSES];

/**
 * What kind of processor the actor is: level 2 its company, level 4 its own lane, level 1 all
 * (an address grants nothing by itself, decision 27).
 * @throws NO_COMPANY_ASSIGNED for a level 2 actor without company; REQUEST_NOT_FOUND for anyone else.
 */
export function processorScopeOf(actor: Actor): ProcessorScope {
  if (actor.level === 2) return { kind: 'company', companyId: companyOf(actor) };
  if (actor.level === 4) return { kind: 'provider', providerId: actor.id };
  if (canEnterArea(actor, 1)) return { kind: 'admin' };
  throw new AppError('REQUEST_NOT_FOUND');
}

/** The requests of a company's own benefits: what its HR lists and decides. */
export const ownCompanyBenefit = (companyId: string): SQL =>
  and(
    eq(benefitRequests.companyId, companyId),
    inArray(benefitRequests.companyBenefitId, sql`(select ${companyBenefits.id} from ${companyBenefits} where ${companyBenefits.companyId} = ${companyId})`),
  ) as SQL;

/** The requests that paid this provider (stored at redemption). */
export const paidToProvider = (providerId: string): SQL => eq(benefitRequests.providerUserId, providerId);

/**
 * The requests a processor can act on, or could have (so a late decision reads "already processed",
 * not "not found"). A provider's lane is its managed benefits' requests (spec part 2 §4: managed →
 * pending_provider_approval); what awaits admin approval is not its business even when linked to it.
 */
export function processableScope(scope: ProcessorScope): SQL {
  switch (scope.kind) {
    case 'admin':
      return isNotNull(benefitRequests.platformBenefitId);
    case 'company':
      return ownCompanyBenefit(scope.companyId);
    case 'provider':
      return and(
        paidToProvider(scope.providerId),
        or(eq(benefitRequests.status, 'pending_provider_approval'), eq(benefitRequests.benefitType, 'managed')),
      ) as SQL;
  }
}

/** What level 1's requests screen lists (spec part 1 §4): platform-benefit requests and those awaiting admin approval. */
export const adminRequestScope = (): SQL => or(isNotNull(benefitRequests.platformBenefitId), eq(benefitRequests.status, 'pending_admin_approval')) as SQL;

/** The pending requests of level 1's list, which level 1 may all decide (decision 14): the dashboard's figure. */
export const adminPendingRequests = (): SQL => and(adminRequestScope(), inArray(benefitRequests.status, statusesDecidedBy('admin'))) as SQL;
