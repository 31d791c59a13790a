/**
 * A provider (or, for its company's own benefits, HR) verifies and redeems an employee's code
 * (spec part 2 §4, §5, §8), in one indexed
 * conditional UPDATE: of two providers racing for one code exactly one succeeds, a code linked to
 * another provider is never touched, and nothing ever scans the codes.
 *
 * Round trips are the cost here, not the lookup (bench/README.md): a successful verification is
 * the rate-limit count (one statement for both counters) and one transaction of the conditional UPDATE and its outbox event (decision 80;
 * with an Idempotency-Key, plus the key's insert and update); only a refusal reads once more, to say why. The session already loaded the
 * provider, so nothing reads it again: whether it is still active is part of the UPDATE.
 */
import { and, eq, gt, isNotNull, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { codeReadKey, normalizeCode } from '#domain/code';
import { displayName } from '#domain/display-name';
import { AppError } from '#domain/errors';
import type { VerifyCodeResult } from '#domain/schemas/economy';
import type { Actor } from '../../actor';
import { builtOnce, value } from '../../db/built-once';
import type { Db, Executor } from '../../db/client';
import { codeReadKeySql } from '../../db/code-key';
import { benefitCodes, users } from '../../db/schema';
import type { DomainEvent } from '../events/index';
import { runIdempotentRefusingFirst, storedOutcome, type IdempotentOutcome } from '../idempotency/index';
import { activeProviderCondition } from '../providers/index';
import { countAttempt, countAttemptUnlessAnswered, type Attempt, type Counter } from '../rate-limit/index';

/** Spec part 2 §8: the success text of the verification box. */
export const CODE_VERIFIED_MESSAGE = 'Token verificado y procesado correctamente';

export type VerifyCodeInput = { code: string };
export type VerifyCodeOptions = {
  /** VERIFY_ATTEMPTS_PER_MINUTE: refused verifications per minute; 8-character codes must not be guessable by trying. */
  attemptsPerMinute: number;
  /** VERIFY_SUCCESSES_PER_MINUTE: verifications of any outcome per minute, a ceiling far above a busy till (none when absent: the seed). */
  successesPerMinute?: number;
  idempotencyKey?: string;
};

/**
 * The stored code a typed one names, as a subquery on the reading-key index: codes issued today have
 * no O, 0, I, 1 or L, so any way of reading one aloud finds it; an older code that had them is found
 * both as written and as read (O as 0, I and L as 1). Should two older codes share a reading key, the
 * one typed exactly wins, then an active one (decision 57).
 */
export function storedCodeOf(typed: string): SQL {
  return storedCodeMatching(typed, codeReadKey(typed));
}

/** storedCodeOf with the reading key given (a placeholder in the built-once verification). */
function storedCodeMatching(typed: string | Placeholder, readKey: string | Placeholder): SQL {
  return sql`(select c.code from ${benefitCodes} c where ${codeReadKeySql(sql`c.code`)} = ${readKey}
    order by (c.code = ${typed}) desc, (c.status = 'active') desc, c.created_at desc limit 1)`;
}

/** Who acts, as laneOf reads it: ids may be placeholders (the built-once verification). */
type LaneActor = { id: string | Placeholder; level: number | null; companyId: string | null | Placeholder };

/**
 * Who may consume a code (its lane), as a condition on the code's row for the acting
 * user — the one rule, used by the redemption and by its refusal:
 * - a code naming a provider: that provider only (a company or platform benefit it fulfils);
 * - a company benefit naming none: that company's HR only (level 2 of the code's company), so no
 *   provider can mark it used or learn whose it is;
 * - a platform benefit naming none: any active provider (the spec's rule).
 * Whether a provider is still active is checked apart (activeProviderCondition).
 */
export function laneOf(actor: LaneActor): SQL {
  if (actor.level === 2) {
    if (!actor.companyId) return sql`false`;
    return and(isNull(benefitCodes.providerUserId), isNotNull(benefitCodes.companyBenefitId), eq(benefitCodes.companyId, actor.companyId)) as SQL;
  }
  if (actor.level === 4) {
    return or(eq(benefitCodes.providerUserId, actor.id), and(isNull(benefitCodes.providerUserId), isNull(benefitCodes.companyBenefitId))) as SQL;
  }
  return sql`false`;
}

/** A provider must still be active (it may have been disabled after its session was read); HR's session already says so. */
function activeConsumerCondition(actor: Pick<LaneActor, 'id' | 'level'>): SQL {
  return actor.level === 4 ? activeProviderCondition(actor.id) : sql`true`;
}

/**
 * Why a code could not be redeemed, from ONE statement: the provider's own status (checked first,
 * as a disabled provider may redeem nothing) and the code, on the unique code index. Another
 * provider's code answers as an unknown one, before its state is told, so a provider learns
 * nothing about codes it cannot redeem.
 */
async function refusalOf(db: Executor, code: string, actor: Actor): Promise<AppError> {
  const [found] = await db
    .select(codeStateColumns(actor))
    .from(users)
    .leftJoin(benefitCodes, sql`${benefitCodes.code} = ${storedCodeOf(code)}`)
    .where(eq(users.id, actor.id));
  return refusalFor(found);
}

/** The columns `refusalFor` reads, selected from the caller's own row joined to the code. */
export function codeStateColumns(actor: Actor) {
  return {
    consumerActive: sql<boolean>`${activeConsumerCondition(actor)}`,
    status: benefitCodes.status,
    inLane: sql<boolean>`${laneOf(actor)}`,
    isExpired: sql<boolean>`${benefitCodes.expiresAt} <= now()`,
  };
}

/** What a code's row, read for the caller, says about it; the one order of the refusals (verification and look-up). */
export type CodeStateForCaller = { consumerActive: boolean; status: string | null; inLane: boolean; isExpired: boolean };

/** The refusal a code's state gives, in the spec's order; CODE_INVALID when nothing refuses it (the row changed meanwhile). */
export function refusalFor(found: CodeStateForCaller | undefined): AppError {
  if (!found?.consumerActive) return new AppError('PROVIDER_INACTIVE');
  // A code outside the caller's lane (another provider, or a company's HR, consumes it) does not
  // exist for this caller: telling it apart would confirm that a guessed code is real.
  if (found.status === null || !found.inLane) return new AppError('CODE_NOT_FOUND');
  if (found.status !== 'active') return new AppError('CODE_USED_OR_INACTIVE');
  if (found.isExpired) return new AppError('CODE_EXPIRED');
  // Only reachable if the row changed between the two statements; the spec's fallback text.
  return new AppError('CODE_INVALID');
}

/**
 * The UPDATE that marks a code used, with its owner joined, as one statement built once per lane
 * (decision 324): the acting user, its company and the typed code are values.
 */
function markUsedStatement(level: number) {
  const actor: LaneActor = { id: value('actorId'), level, companyId: value('companyId') };
  return builtOnce((db) => {
    const used = db.$with('used').as(
      db
        .update(benefitCodes)
        .set({ status: 'used', usedBy: sql`${value('actorId')}`, usedAt: sql`now()` })
        .where(
          and(
            sql`${benefitCodes.code} = ${storedCodeMatching(value('typed'), value('readKey'))}`,
            eq(benefitCodes.status, 'active'),
            gt(benefitCodes.expiresAt, sql`now()`),
            laneOf(actor),
            activeConsumerCondition(actor),
          ),
        )
        .returning({
          id: benefitCodes.id,
          companyId: benefitCodes.companyId,
          code: benefitCodes.code,
          benefitName: benefitCodes.benefitName,
          isBenefitJobby: benefitCodes.isBenefitJobby,
          userId: benefitCodes.userId,
          usedAt: benefitCodes.usedAt,
        }),
    );
    return db
      .with(used)
      .select({
        id: used.id,
        companyId: used.companyId,
        code: used.code,
        benefitName: used.benefitName,
        isBenefitJobby: used.isBenefitJobby,
        usedAt: used.usedAt,
        ownerId: used.userId,
        ownerName: users.name,
        ownerEmail: users.email,
      })
      .from(used)
      .leftJoin(users, eq(users.id, used.userId))
      .prepare(`jobby_code_mark_used_${level}`);
  });
}

/** The two lanes that verify: HR (level 2) and providers (level 4). */
const markUsed = new Map([2, 4].map((level) => [level, markUsedStatement(level)]));

/**
 * Marks the code used and names its owner, in one statement (the UPDATE in a CTE, joined to the
 * owner); its `code.used` event is returned, to be recorded with the stored answer (runIdempotentRefusingFirst).
 */
async function redeem(db: Executor, code: string, actor: Actor): Promise<{ result: VerifyCodeResult; events: DomainEvent[] }> {
  const statement = actor.level === null ? undefined : markUsed.get(actor.level);
  const [row] = statement ? await statement(db, { actorId: actor.id, companyId: actor.companyId, typed: code, readKey: codeReadKey(code) }) : [];
  if (!row) throw await refusalOf(db, code, actor);
  const usedAt = row.usedAt ?? new Date();
  const used: DomainEvent = {
    type: 'code.used',
    payload: { codeId: row.id, userId: row.ownerId, companyId: row.companyId, providerUserId: actor.id, usedAt: usedAt.toISOString() },
  };
  return {
    result: {
      code: row.code,
      benefitName: row.benefitName,
      isBenefitJobby: row.isBenefitJobby,
      userName: displayName(row.ownerName === null ? null : { id: row.ownerId, name: row.ownerName, email: row.ownerEmail }),
      usedAt: usedAt.toISOString(),
      message: CODE_VERIFIED_MESSAGE,
    },
    events: [used],
  };
}

/**
 * Verifies and redeems a code for the acting provider. The input is read as a person types it:
 * spaces and hyphens dropped, upper-cased, and look-alikes found through the reading key.
 * Each attempt is counted before the lookup (in its own statement, outside the redemption's
 * transaction, so parallel guesses cannot slip past) against two per-minute limits of the provider:
 * refused verifications (`attemptsPerMinute`; a success is taken back, since only a refusal signals
 * guessing) and all verifications (`successesPerMinute`, a generous ceiling). A
 * retry with an Idempotency-Key already answered gets the stored answer without counting.
 * @throws CODE_REQUIRED when the code is empty.
 * @throws VERIFY_RATE_LIMITED past `attemptsPerMinute` attempts in the current minute.
 * Answered as outcomes: PROVIDER_INACTIVE (the provider was disabled after its session was
 * checked), CODE_NOT_FOUND (also a code outside the caller's lane, laneOf), CODE_USED_OR_INACTIVE, CODE_EXPIRED,
 * CODE_INVALID.
 */
export async function verifyCode(db: Db, input: VerifyCodeInput, actor: Actor, options: VerifyCodeOptions): Promise<IdempotentOutcome<VerifyCodeResult>> {
  const code = normalizeCode(input.code);
  if (!code) throw new AppError('CODE_REQUIRED');
  const idempotency = { actorId: actor.id, key: options.idempotencyKey, operation: 'codes.verify', input: { code } };
  // A retry of an answered verification is answered as stored before the limiter counts it: a
  // provider whose network dropped the answer must not be locked out by its own retries. With a key,
  // the stored answer is read in the counting statement itself (one round trip).
  let attempt: Attempt;
  if (idempotency.key) {
    const counted = await countAttemptUnlessAnswered(db, verifyCounters(actor, options), 60, { actorId: actor.id, key: idempotency.key });
    const stored = storedOutcome<VerifyCodeResult>(counted.stored, idempotency);
    if (stored) return stored;
    attempt = allowedOrRefused(counted.attempt!);
  } else {
    attempt = await countVerifyAttempt(db, actor, options);
  }
  // A transaction, so that the code's use and its outbox event commit together, the event
  // recorded with the stored answer. redeem() refuses only when its UPDATE changed nothing, so its
  // refusal is stored in the same transaction.
  const outcome = await runIdempotentRefusingFirst(db, idempotency, (tx) => redeem(tx, code, actor));
  if (outcome.status < 400) await attempt.succeeded();
  return outcome;
}

type VerifyLimits = Pick<VerifyCodeOptions, 'attemptsPerMinute' | 'successesPerMinute'>;

/** The provider's two per-minute counters: refusals (a success is taken back), and every attempt (the ceiling, when set). */
function verifyCounters(actor: Actor, options: VerifyLimits): Counter[] {
  const ceiling = options.successesPerMinute;
  return [
    { key: `verify:${actor.id}`, limit: options.attemptsPerMinute },
    ...(ceiling === undefined ? [] : [{ key: `verify:all:${actor.id}`, limit: ceiling, keepOnSuccess: true }]),
  ];
}

/** @throws VERIFY_RATE_LIMITED past either limit. */
function allowedOrRefused(attempt: Attempt): Attempt {
  if (!attempt.allowed) throw new AppError('VERIFY_RATE_LIMITED');
  return attempt;
}

/**
 * Counts one verification or look-up against the provider's two per-minute limits (the same
 * counters for both, so alternating them gains no tries), in one statement outside any transaction.
 * @throws VERIFY_RATE_LIMITED past either limit. `succeeded()` takes back a success from the
 * refusals' counter (only refusals signal guessing); the ceiling keeps it.
 */
export async function countVerifyAttempt(db: Executor, actor: Actor, options: VerifyLimits): Promise<Attempt> {
  return allowedOrRefused(await countAttempt(db, verifyCounters(actor, options), 60));
}
