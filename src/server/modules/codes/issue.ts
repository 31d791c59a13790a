/**
 * Issuing a benefit code (the spec's "benefit token"): one per approved request, 8 characters from
 * a CSPRNG, unique, valid for 30 days (spec part 1 §4, §9).
 */
import { CODE_VALIDITY_DAYS } from '#domain/constants';
import { generateCode } from '#domain/code';
import type { Executor } from '../../db/client';
import { benefitCodes } from '../../db/schema';

export type IssueCodeInput = {
  requestId: string;
  userId: string;
  companyId: string | null;
  platformBenefitId: string | null;
  companyBenefitId: string | null;
  /** Only this provider may redeem it (a platform benefit linked to a provider); null = any provider. */
  providerUserId: string | null;
  benefitName: string;
  benefitType: string | null;
  isBenefitJobby: boolean;
  adminInstructions?: string | null;
  /** Who approved: a user id, or 'system' for automatic approval. */
  createdBy: string;
  now?: Date;
};

export type IssuedCode = { id: string; code: string; status: 'active'; expiresAt: Date; createdAt: Date };

const MAX_ATTEMPTS = 5;

/**
 * A new code's row for `input`, with a freshly drawn code: what issueCode inserts, and what a caller
 * inserts in a statement of its own (a redemption approved at once writes it with its request).
 */
export function newCodeRow(input: IssueCodeInput) {
  const createdAt = input.now ?? new Date();
  const expiresAt = new Date(createdAt.getTime() + CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
  return {
    code: generateCode(),
    requestId: input.requestId,
    status: 'active' as const,
    createdAt,
    expiresAt,
    createdBy: input.createdBy,
    userId: input.userId,
    companyId: input.companyId,
    platformBenefitId: input.platformBenefitId,
    companyBenefitId: input.companyBenefitId,
    providerUserId: input.providerUserId,
    benefitName: input.benefitName,
    benefitType: input.benefitType,
    isBenefitJobby: input.isBenefitJobby,
    adminInstructions: input.adminInstructions ?? null,
  };
}

/** @throws when a unique code cannot be drawn in 5 tries (36^8 codes make that practically impossible). */
export async function issueCode(db: Executor, input: IssueCodeInput): Promise<IssuedCode> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = newCodeRow(input);
    const rows = await db
      .insert(benefitCodes)
      .values(row)
      // Only a code collision is retried; a second code for the same request is a bug and must fail.
      .onConflictDoNothing({ target: benefitCodes.code })
      .returning({ id: benefitCodes.id });
    if (rows.length === 1) return { id: rows[0].id, code: row.code, status: 'active', expiresAt: row.expiresAt, createdAt: row.createdAt };
  }
  throw new Error('could not draw a unique benefit code');
}
