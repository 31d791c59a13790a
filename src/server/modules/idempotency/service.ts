/**
 * Idempotent money-moving operations (ARCHITECTURE §4): the key, a hash of the input and the
 * response are stored in the same transaction as the change. Same key + same input → the stored
 * response again; same key + other input → 409 IDEMPOTENCY_CONFLICT.
 *
 * Concurrency: the key row is inserted first with ON CONFLICT DO NOTHING. On PostgreSQL a second
 * request with the same key waits on that insert until the first transaction ends, then reads its
 * stored answer; so 20 identical requests at once charge once and answer the same.
 * Keys expire after IDEMPOTENCY_KEY_TTL_HOURS (24 h): a key reused later starts afresh.
 */
import { createHash } from 'node:crypto';
import { and, eq, not, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '../../../domain/constants';
import { AppError, errorMessage, type ErrorBody } from '../../../domain/errors';
import type { Db, Tx } from '../../db/client';
import { builtOnce, rawBuiltOnce, value } from '../../db/built-once';
import { idempotencyKeys } from '../../db/schema';
import { recordEvents, recordingSql, recordingValues } from '../events/outbox';
import type { DomainEvent } from '../events/types';

export type IdempotentOutcome<T> = { status: number; body: T | ErrorBody; hit: boolean };

export type IdempotencyOptions = {
  actorId: string;
  /** The client's `Idempotency-Key` header; without one the work simply runs once. */
  key: string | undefined;
  /** Names the use case, so one key cannot be replayed against another endpoint. */
  operation: string;
  input: unknown;
};

/** A key stored less than IDEMPOTENCY_KEY_TTL_HOURS ago: an older one no longer answers retries. */
const live = sql`${idempotencyKeys.createdAt} > now() - make_interval(hours => ${IDEMPOTENCY_KEY_TTL_HOURS})`;

function hashOf(operation: string, input: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(JSON.stringify(input ?? null)).digest('hex');
}

function errorBody(error: AppError): ErrorBody {
  return { error: { code: error.code, message: error.message } };
}

/** The work's answer: its result, or a business refusal (AppError) as an error body; anything else propagates. */
async function answer<T>(work: () => Promise<T>): Promise<IdempotentOutcome<T>> {
  try {
    return { status: 200, body: await work(), hit: false };
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, body: errorBody(error), hit: false };
    throw error;
  }
}

const conflict = <T>(): IdempotentOutcome<T> => ({
  status: 409,
  body: { error: { code: 'IDEMPOTENCY_CONFLICT', message: errorMessage('IDEMPOTENCY_CONFLICT') } },
  hit: false,
});

/**
 * A key's row as storedOutcome reads it. A caller that must answer a retry before doing anything
 * that would count it (the verification's rate limit) reads it with liveKeyRowSql, in its own statement.
 */
export type StoredKeyRow = Pick<typeof idempotencyKeys.$inferSelect, 'operation' | 'requestHash' | 'responseStatus' | 'responseBody'>;

/**
 * What a key's live row answers a request: its stored answer, IDEMPOTENCY_CONFLICT for another
 * input or operation, or null when there is none yet (new, expired, or still being answered).
 */
export function storedOutcome<T>(stored: StoredKeyRow | null | undefined, options: IdempotencyOptions): IdempotentOutcome<T> | null {
  if (!stored || stored.responseStatus === 0) return null;
  if (stored.requestHash !== hashOf(options.operation, options.input) || stored.operation !== options.operation) return conflict();
  return { status: stored.responseStatus, body: stored.responseBody as T | ErrorBody, hit: true };
}

/**
 * The live row of the key named by the placeholders `actorId` and `key`, as a subquery with
 * StoredKeyRow's columns: for a statement built once that reads it alongside its own work (the
 * verification's rate-limit count).
 */
export const liveKeyRowSql = sql`select operation, request_hash as "requestHash", response_status as "responseStatus", response_body as "responseBody"
  from ${idempotencyKeys} where actor_id = ${value('actorId')} and key = ${value('key')} and ${live}`;

/** The key as stored: the header's first 200 characters. */
export const storedKeyOf = (key: string) => key.slice(0, 200);

const ofKey = and(eq(idempotencyKeys.actorId, value('actorId')), eq(idempotencyKeys.key, value('key')));

// The statements of every keyed request, built once (decision 324).

/** A key older than IDEMPOTENCY_KEY_TTL_HOURS is taken over as if new, in the same statement. */
const claimOnce = builtOnce((db) =>
  db
    .insert(idempotencyKeys)
    .values({ actorId: value('actorId'), key: value('key'), operation: value('operation'), requestHash: value('requestHash'), responseStatus: 0, responseBody: {} })
    .onConflictDoUpdate({
      target: [idempotencyKeys.actorId, idempotencyKeys.key],
      set: { operation: sql`excluded.operation`, requestHash: sql`excluded.request_hash`, responseStatus: 0, responseBody: {}, createdAt: sql`now()` },
      setWhere: not(live),
    })
    .returning({ key: idempotencyKeys.key })
    .prepare('jobby_idempotency_claim'),
);

const storedOnce = builtOnce((db) => db.select().from(idempotencyKeys).where(ofKey).prepare('jobby_idempotency_stored'));

const answeredSql = sql`answered as (update ${idempotencyKeys} set response_status = ${value('status')}::int, response_body = ${value('body')}::jsonb
  where actor_id = ${value('actorId')} and key = ${value('key')})`;

/** The answer stored, and the work's events recorded (recordingValues), in ONE statement. */
const answerOnce = rawBuiltOnce<{ notified: number }, { actorId: string; key: string; status: number; body: string; events: string; notices: string }>(
  'jobby_idempotency_answer',
  recordingSql(answeredSql),
);

/**
 * How the work runs without a key, and inside the transaction that stores the key; `last`, after a
 * successful work's answer is stored, as the transaction's final statements.
 */
type Runner<T> = {
  alone: () => Promise<T>;
  withKey: (tx: Tx) => Promise<T>;
  last?: (tx: Tx) => Promise<void>;
  /** Events the work left to be recorded with its answer (read once withKey has answered). */
  eventsToRecord?: () => readonly DomainEvent[];
};

async function idempotent<T>(db: Db, options: IdempotencyOptions, run: Runner<T>): Promise<IdempotentOutcome<T>> {
  if (!options.key) return answer(run.alone);
  const key = storedKeyOf(options.key);
  const requestHash = hashOf(options.operation, options.input);
  return db.transaction(async (tx) => {
    const claimed = await claimOnce(tx, { actorId: options.actorId, key, operation: options.operation, requestHash });

    if (claimed.length === 0) {
      // The other request holding this key has committed by now (the claim waited for it).
      const [stored] = await storedOnce(tx, { actorId: options.actorId, key });
      return storedOutcome<T>(stored, options) ?? conflict<T>();
    }

    const outcome = await answer(() => run.withKey(tx));
    await answerOnce(tx, { actorId: options.actorId, key, status: outcome.status, body: JSON.stringify(outcome.body), ...recordingValues(run.eventsToRecord?.() ?? []) });
    if (run.last && outcome.status < 400) await run.last(tx);
    return outcome;
  });
}

/**
 * Runs `work` in a transaction. Business errors (AppError) are answered, and with a key they are
 * stored too, so a retry gets the same refusal; other errors roll everything back and propagate.
 *
 * `last`, when given, runs after a successful work — with a key, after its answer is stored and
 * outside the savepoint — as the transaction's final statements before COMMIT: the place for the
 * row every such transaction queues on, held then only until the commit (payLast's creditAndCommit
 * sends the COMMIT with its statement, decision 323). What it throws rolls the WHOLE transaction
 * back, stored answer included, and propagates (the caller may run it all again).
 */
export async function runIdempotent<T>(
  db: Db,
  options: IdempotencyOptions,
  work: (tx: Tx) => Promise<T>,
  last?: (tx: Tx) => Promise<void>,
): Promise<IdempotentOutcome<T>> {
  return idempotent(db, options, {
    alone: () =>
      db.transaction(async (tx) => {
        const result = await work(tx);
        await last?.(tx);
        return result;
      }),
    // A savepoint: a refused operation leaves no trace but its stored answer.
    withKey: (tx) => tx.transaction(work),
    last,
  });
}

/**
 * runIdempotent for a `work` that refuses only before it writes anything (a conditional UPDATE that
 * matched nothing, then a read to say why): a refusal has nothing to undo, so it needs no savepoint —
 * two round trips fewer on the hot path (code verification). The work's events are recorded with
 * its stored answer, in one statement (without a key, before the COMMIT).
 */
export async function runIdempotentRefusingFirst<T>(
  db: Db,
  options: IdempotencyOptions,
  work: (tx: Tx) => Promise<{ result: T; events: readonly DomainEvent[] }>,
): Promise<IdempotentOutcome<T>> {
  // A refusal throws before it has events: none are recorded with its answer.
  let events: readonly DomainEvent[] = [];
  const run = async (tx: Tx) => {
    const done = await work(tx);
    events = done.events;
    return done.result;
  };
  return idempotent(db, options, {
    alone: () =>
      db.transaction(async (tx) => {
        const result = await run(tx);
        await recordEvents(tx, events);
        return result;
      }),
    withKey: run,
    eventsToRecord: () => events,
  });
}
