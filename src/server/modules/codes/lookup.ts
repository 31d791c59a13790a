/**
 * A code is looked up before it is redeemed (typed codes too, decision 362): what it is
 * for (benefit, the employee's first name, expiry), so a wrong scan or a typo never burns a code.
 * The callers are verification's: a provider, and HR for its company's own codes that name no
 * provider — the same lane (laneOf), so HR never sees another company's code. Nothing changes but
 * the verification counters: the look-up counts against the same per-minute limits as verification
 * (a success is taken back), and refuses with the same answers in the same order (verify.ts,
 * refusalFor), so a look-up tells a caller nothing verification would not. One exception, to that
 * caller only: a code it redeemed itself answers `used` with when.
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { normalizeCode } from '#domain/code';
import { AppError } from '#domain/errors';
import type { CodeLookup } from '#domain/schemas/economy';
import { firstNameOf } from '#domain/schemas/dashboard';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { benefitCodes, users } from '../../db/schema';
import { codeStateColumns, countVerifyAttempt, refusalFor, storedCodeOf, type VerifyCodeOptions } from './verify';

const owners = alias(users, 'owner');

/**
 * @throws CODE_REQUIRED, VERIFY_RATE_LIMITED, PROVIDER_INACTIVE, CODE_NOT_FOUND (also outside the
 * caller's lane), CODE_USED_OR_INACTIVE (used by another), CODE_EXPIRED.
 */
export async function lookUpCode(db: Executor, input: { code: string }, actor: Actor, options: Pick<VerifyCodeOptions, 'attemptsPerMinute' | 'successesPerMinute'>): Promise<CodeLookup> {
  const code = normalizeCode(input.code);
  if (!code) throw new AppError('CODE_REQUIRED');
  const attempt = await countVerifyAttempt(db, actor, options);
  // One statement on the unique code index, read from the caller's own row (as verification's refusal is).
  const [found] = await db
    .select({
      ...codeStateColumns(actor),
      code: benefitCodes.code,
      benefitName: benefitCodes.benefitName,
      isBenefitJobby: benefitCodes.isBenefitJobby,
      expiresAt: benefitCodes.expiresAt,
      usedBy: benefitCodes.usedBy,
      usedAt: benefitCodes.usedAt,
      ownerName: owners.name,
      ownerEmail: owners.email,
    })
    .from(users)
    .leftJoin(benefitCodes, sql`${benefitCodes.code} = ${storedCodeOf(code)}`)
    .leftJoin(owners, eq(owners.id, benefitCodes.userId))
    .where(eq(users.id, actor.id));
  const usedByMe = found?.status === 'used' && found.usedBy === actor.id;
  const usable = found?.status === 'active' && !found.isExpired;
  if (!found?.consumerActive || !found.inLane || !found.code || !found.expiresAt || !(usable || usedByMe)) throw refusalFor(found);
  await attempt.succeeded();
  return {
    code: found.code,
    benefitName: found.benefitName ?? '',
    isBenefitJobby: found.isBenefitJobby ?? false,
    firstName: found.ownerName === null ? 'Usuario' : firstNameOf(found.ownerName, found.ownerEmail ?? ''),
    expiresAt: found.expiresAt.toISOString(),
    status: usedByMe ? 'used' : 'active',
    usedAt: usedByMe ? (found.usedAt?.toISOString() ?? null) : null,
  };
}
