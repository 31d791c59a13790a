/**
 * The BenefitRequest view (docs/api.md): a request row with its requester, company and code, as
 * every request list and every approve/reject answer shows it. One select, one mapper, used by all.
 */
import { eq, sql } from 'drizzle-orm';
import type { RequestStatus } from '#domain/constants';
import type { BenefitRequest } from '#domain/schemas/economy';
import type { Executor } from '../../db/client';
import { benefitCodes, benefitRequests, companies, users } from '../../db/schema';
import { codePlaceColumns } from '../codes/index';

const viewColumns = {
  request: benefitRequests,
  currentUserName: users.name,
  currentUserEmail: users.email,
  companyName: companies.name,
  code: benefitCodes.code,
  codeStatus: benefitCodes.status,
  codeExpiresAt: benefitCodes.expiresAt,
  codeUsedAt: benefitCodes.usedAt,
  codeProviderName: codePlaceColumns.providerName,
  codeProviderAddress: codePlaceColumns.providerAddress,
  codeProviderInstructions: codePlaceColumns.providerInstructions,
  /** Expiry by the database clock, the same clock verification uses. */
  codeExpired: sql<boolean>`${benefitCodes.expiresAt} <= now()`,
};

/** Requests with their requester, company and code (each join is on a key: at most one row per request). */
export function selectRequestViews(db: Executor) {
  return db
    .select(viewColumns)
    .from(benefitRequests)
    .leftJoin(users, eq(users.id, benefitRequests.userId))
    .leftJoin(companies, eq(companies.id, benefitRequests.companyId))
    .leftJoin(benefitCodes, eq(benefitCodes.requestId, benefitRequests.id))
    .$dynamic();
}

type RequestViewRow = Awaited<ReturnType<ReturnType<typeof selectRequestViews>['execute']>>[number];

export function toBenefitRequest(row: RequestViewRow): BenefitRequest {
  const r = row.request;
  return {
    id: r.id,
    userId: r.userId,
    // The live user record first (names change); the copy taken at request time if it is gone.
    userName: row.currentUserName ?? r.userName,
    userEmail: row.currentUserEmail ?? r.userEmail,
    companyId: r.companyId,
    companyName: row.companyName,
    benefitId: (r.platformBenefitId ?? r.companyBenefitId) as string,
    benefitName: r.benefitName,
    benefitType: r.benefitType,
    isBenefitJobby: r.isBenefitJobby,
    paidWithTokens: r.paidWithTokens,
    tokenCost: r.tokenCost,
    status: r.status as RequestStatus,
    requestDate: r.requestDate.toISOString(),
    processedDate: r.processedDate?.toISOString() ?? null,
    adminId: r.adminId,
    adminInstructions: r.adminInstructions,
    decisionNote: r.decisionNote,
    providerUserId: r.providerUserId,
    comments: r.comments,
    productLink: r.productLink,
    code:
      row.code && row.codeExpiresAt
        ? {
            code: row.code,
            status: row.codeStatus === 'used' ? 'used' : row.codeExpired ? 'expired' : 'active',
            expiresAt: row.codeExpiresAt.toISOString(),
            usedAt: row.codeUsedAt?.toISOString() ?? null,
            providerName: row.codeProviderName,
            providerAddress: row.codeProviderAddress,
            providerInstructions: row.codeProviderInstructions,
          }
        : null,
  };
}

/** One request as the BenefitRequest view, or null. Throws nothing. */
export async function getBenefitRequestView(db: Executor, id: string): Promise<BenefitRequest | null> {
  const [row] = await selectRequestViews(db).where(eq(benefitRequests.id, id));
  return row ? toBenefitRequest(row) : null;
}
