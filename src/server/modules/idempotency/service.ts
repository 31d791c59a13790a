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
import { and, eq, sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '#domain/constants';
import { AppError, errorMessage, type ErrorBody } from '#domain/errors';
import type { Db, Tx } from '../../db/client';
import { builtOnce, rawBuiltOnce, value } from '../../db/built-once';
import { idempotencyKeys } from '../../db/schema';
import { recordEvents, recordingSql, recordingValues } from '../events/index';
import type { DomainEvent } from '../events/index';

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

/** A request's key as its claim writes it. */
type KeyedValues = { actorId: string; key: string; operation: string; requestHash: string };

function keyedValuesOf(options: IdempotencyOptions & { key: string }): KeyedValues {
  return { actorId: options.actorId, key: storedKeyOf(options.key), operation: options.operation, requestHash: hashOf(options.operation, options.input) };
}

/**
 * Claims the key with an answer: 0 and {} while the work runs (the claim), or a refusal whose
 * transaction rolled back (jobby_claim_key, migration 0029: a key older than
 * IDEMPOTENCY_KEY_TTL_HOURS is taken over as if new). False when the key is live under another
 * request: its answer, once that request has committed (the insert waits for it).
 */
const claimOnce = rawBuiltOnce<{ claimed: boolean }, KeyedValues & { status: number; body: string }>(
  'jobby_idempotency_claim',
  sql`select jobby_claim_key(${value('actorId')}, ${value('key')}, ${value('operation')}, ${value('requestHash')}, ${value('status')}::int, ${value('body')}::jsonb, ${IDEMPOTENCY_KEY_TTL_HOURS}) as claimed`,
);

const storedOnce = builtOnce((db) => db.select().from(idempotencyKeys).where(ofKey).prepare('jobby_idempotency_stored'));

const answeredSql = sql`answered as (update ${idempotencyKeys} set response_status = ${value('status')}::int, response_body = ${value('body')}::jsonb
  where actor_id = ${value('actorId')} and key = ${value('key')})`;

/** The answer stored, and the work's events recorded (recordingValues), in ONE statement. */
const answerOnce = rawBuiltOnce<{ notified: number }, { actorId: string; key: string; status: number; body: string; events: string; notices: string }>(
  'jobby_idempotency_answer',
  recordingSql(answeredSql),
);

/** How the work runs without a key, and inside the transaction that stores the key. */
type Runner<T> = {
  alone: () => Promise<T>;
  withKey: (tx: Tx) => Promise<T>;
  /** Events the work left to be recorded with its answer (read once withKey has answered). */
  eventsToRecord?: () => readonly DomainEvent[];
  /**
   * Whether a refusal (AppError) of withKey comes before it has written anything: then the refusal
   * is stored in the same transaction. Otherwise the transaction rolls back whole and the refusal
   * is stored after, on its own (storeRefusal).
   */
  refusesBeforeWriting: boolean;
};

/**
 * Stores a refusal whose transaction rolled back, claim and all, in ONE statement of its own; or,
 * when another request with the same key claimed it meanwhile, answers what that one stored.
 */
async function storeRefusal<T>(db: Db, options: IdempotencyOptions, keyed: KeyedValues, refusal: AppError): Promise<IdempotentOutcome<T>> {
  const body = errorBody(refusal);
  const [{ claimed }] = await claimOnce(db, { ...keyed, status: refusal.status, body: JSON.stringify(body) });
  if (claimed) return { status: refusal.status, body, hit: false };
  const [row] = await storedOnce(db, { actorId: keyed.actorId, key: keyed.key });
  return storedOutcome<T>(row, options) ?? conflict<T>();
}

async function idempotent<T>(db: Db, options: IdempotencyOptions, run: Runner<T>): Promise<IdempotentOutcome<T>> {
  if (!options.key) return answer(run.alone);
  const keyed = keyedValuesOf({ ...options, key: options.key });
  try {
    return await db.transaction(async (tx) => {
      const [{ claimed }] = await claimOnce(tx, { ...keyed, status: 0, body: '{}' });

      if (!claimed) {
        // The other request holding this key has committed by now (the claim waited for it).
        const [stored] = await storedOnce(tx, { actorId: keyed.actorId, key: keyed.key });
        return storedOutcome<T>(stored, options) ?? conflict<T>();
      }

      const outcome: IdempotentOutcome<T> = run.refusesBeforeWriting
        ? await answer(() => run.withKey(tx))
        : { status: 200, body: await run.withKey(tx), hit: false };
      await answerOnce(tx, { actorId: keyed.actorId, key: keyed.key, status: outcome.status, body: JSON.stringify(outcome.body), ...recordingValues(run.eventsToRecord?.() ?? []) });
      return outcome;
    });
  } catch (error) {
    if (error instanceof AppError && !run.refusesBeforeWriting) return storeRefusal<T>(db, options, keyed, error);
    throw error;
  }
}

/**
 * Runs `work` in a transaction. Business errors (AppError) are answered, and with a key they are
 * stored too, so a retry gets the same refusal; other errors roll everything back and propagate.
 *
 * With a key, a refusal rolls the work's transaction back whole (the claim too), and the refusal
 * is then stored in a statement of its own (decision 328): a refused operation leaves no trace but
 * its stored answer, and a successful one needs no savepoint (two round trips fewer). Between the
 * two, another request with the same key may claim it and run; whichever answer is stored first
 * is the one both answer.
 */
export async function runIdempotent<T>(db: Db, options: IdempotencyOptions, work: (tx: Tx) => Promise<T>): Promise<IdempotentOutcome<T>> {
  return idempotent(db, options, { alone: () => db.transaction(work), withKey: work, refusesBeforeWriting: false });
}

/**
 * runIdempotent for a `work` that refuses only before it writes anything (a conditional UPDATE that
 * matched nothing, then a read to say why): a refusal has nothing to undo, so it is stored in the
 * same transaction, with no rollback and no statement of its own (code verification). The work's
 * events are recorded with its stored answer, in one statement (without a key, before the COMMIT).
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
    refusesBeforeWriting: true,
  });
}

/** A key as a statement that claims and answers it itself takes it (the redemption's function): with the key's time to live. */
export type KeyClaim = { actor_id: string; key: string; operation: string; request_hash: string; ttl_hours: number };

/**
 * Runs a `work` that is ONE statement of its own which claims the key, does the work and stores its
 * answer, all or nothing (the redemption's function, decision 329). `work` gets the key's claim (null
 * without a key) and answers its result, or the row of the key that another request had already
 * answered. A refusal (AppError) leaves nothing of the statement; with a key it is then stored on its
 * own (storeRefusal), as runIdempotent does.
 */
export async function runClaimingItself<T>(
  db: Db,
  options: IdempotencyOptions,
  work: (claim: KeyClaim | null) => Promise<{ result: T } | { stored: StoredKeyRow | null }>,
): Promise<IdempotentOutcome<T>> {
  const keyed = options.key ? keyedValuesOf({ ...options, key: options.key }) : null;
  const claim = keyed && { actor_id: keyed.actorId, key: keyed.key, operation: keyed.operation, request_hash: keyed.requestHash, ttl_hours: IDEMPOTENCY_KEY_TTL_HOURS };
  try {
    const done = await work(claim);
    if ('stored' in done) return storedOutcome<T>(done.stored, options) ?? conflict<T>();
    return { status: 200, body: done.result, hit: false };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (!keyed) return { status: error.status, body: errorBody(error), hit: false };
    return storeRefusal<T>(db, options, keyed, error);
  }
}
