/**
 * A provider verifies and redeems an employee's code (part 2 §4, §5, §8), in one indexed
 * conditional UPDATE: of two providers racing for one code exactly one succeeds, a code linked to
 * another provider is never touched, and nothing ever scans the codes.
 */
import { eq, sql } from 'drizzle-orm';
import { normalizeCode } from '../../../domain/code';
import { displayName } from '../../../domain/display-name';
import { AppError } from '../../../domain/errors';
import type { VerifyCodeResult } from '../../../domain/schemas/economy';
import type { Actor } from '../../auth/actor';
import type { Db, Tx } from '../../db/client';
import { benefitCodes, users } from '../../db/schema';
import { runIdempotent, type IdempotentOutcome } from '../idempotency/service';
import { assertActiveProvider } from '../providers/service';
import { consumeRateLimit } from '../rate-limit/service';

/** Part 2 §8: the success text of the verification box. */
export const CODE_VERIFIED_MESSAGE = 'Token verificado y procesado correctamente';

export type VerifyCodeInput = { code: string };
export type VerifyCodeOptions = {
  /** VERIFY_ATTEMPTS_PER_MINUTE: 8-character codes must not be guessable by trying. */
  attemptsPerMinute: number;
  idempotencyKey?: string;
};

/**
 * Why a code could not be redeemed, from ONE lookup on the unique code index. Another provider's
 * code is refused before its state is told, so a provider learns nothing about codes it cannot redeem.
 */
async function refusalOf(tx: Tx, code: string, providerId: string): Promise<AppError> {
  const [found] = await tx
    .select({
      status: benefitCodes.status,
      providerUserId: benefitCodes.providerUserId,
      isExpired: sql<boolean>`${benefitCodes.expiresAt} <= now()`,
    })
    .from(benefitCodes)
    .where(eq(benefitCodes.code, code));
  if (!found) return new AppError('CODE_NOT_FOUND');
  if (found.providerUserId && found.providerUserId !== providerId) return new AppError('CODE_OTHER_PROVIDER');
  if (found.status !== 'active') return new AppError('CODE_USED_OR_INACTIVE');
  if (found.isExpired) return new AppError('CODE_EXPIRED');
  // Only reachable if the row changed between the two statements; the spec's fallback text.
  return new AppError('CODE_INVALID');
}

async function redeem(tx: Tx, code: string, providerId: string): Promise<VerifyCodeResult> {
  const [used] = await tx
    .update(benefitCodes)
    .set({ status: 'used', usedBy: providerId, usedAt: sql`now()` })
    .where(
      sql`${benefitCodes.code} = ${code} and ${benefitCodes.status} = 'active' and ${benefitCodes.expiresAt} > now()
        and (${benefitCodes.providerUserId} is null or ${benefitCodes.providerUserId} = ${providerId})`,
    )
    .returning({
      code: benefitCodes.code,
      benefitName: benefitCodes.benefitName,
      isBenefitJobby: benefitCodes.isBenefitJobby,
      userId: benefitCodes.userId,
      usedAt: benefitCodes.usedAt,
    });
  if (!used) throw await refusalOf(tx, code, providerId);
  const [owner] = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, used.userId));
  return {
    code: used.code,
    benefitName: used.benefitName,
    isBenefitJobby: used.isBenefitJobby,
    userName: displayName(owner ?? null),
    usedAt: (used.usedAt ?? new Date()).toISOString(),
    message: CODE_VERIFIED_MESSAGE,
  };
}

/**
 * Verifies and redeems a code for the acting provider. The input is trimmed and upper-cased.
 * Every attempt counts against the provider's per-minute limit, refused ones included (the
 * counter is written outside the redemption's transaction). Idempotent with `idempotencyKey`.
 * @throws CODE_REQUIRED when the code is empty.
 * @throws PROVIDER_INACTIVE when the provider is no longer active.
 * @throws VERIFY_RATE_LIMITED past `attemptsPerMinute` attempts in the current minute.
 * Answered as outcomes: CODE_NOT_FOUND, CODE_OTHER_PROVIDER, CODE_USED_OR_INACTIVE, CODE_EXPIRED, CODE_INVALID.
 */
export async function verifyCode(db: Db, input: VerifyCodeInput, actor: Actor, options: VerifyCodeOptions): Promise<IdempotentOutcome<VerifyCodeResult>> {
  const code = normalizeCode(input.code);
  if (!code) throw new AppError('CODE_REQUIRED');
  await assertActiveProvider(db, actor.id);
  const attempt = await consumeRateLimit(db, { key: `verify:${actor.id}`, limit: options.attemptsPerMinute, windowSeconds: 60 });
  if (!attempt.allowed) throw new AppError('VERIFY_RATE_LIMITED');
  return runIdempotent(db, { actorId: actor.id, key: options.idempotencyKey, operation: 'codes.verify', input: { code } }, (tx) => redeem(tx, code, actor.id));
}
