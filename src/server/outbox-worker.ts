/**
 * The outbox worker (decisions 80, 285 and 364): takes the oldest due events with FOR UPDATE SKIP
 * LOCKED, runs their handlers and marks them processed, in one transaction — so of several server
 * copies exactly one handles each event, and a crash before COMMIT leaves them for the next. It knows
 * no module: the composition layer (event-handlers.ts) hands it the handlers of every module.
 *
 * Events are taken in batches (decision 285): a burst of verifications is one transaction of a few
 * statements plus each event's own writes, and the reads every event of the batch shares are made
 * once (EventContext.shared). An event with a handler that talks to the outside world closes its
 * batch, so a crash after that send can repeat that one send only.
 *
 * Nothing is dropped (decision 364): a payload that fails its type's schema is dead at once; a
 * failing handler is retried with capped exponential back-off for about a day, then its event is
 * dead — never processed — until level 1's 'Reintentar' puts it back.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from './db/client';
import { domainEvents } from './db/schema';
import type { Logger } from './lib/log';
import { handles, type BatchRead, type EventContext, type EventHandler } from './modules/events/index';
import { companyOfPayload, parseEvent, type DomainEvent } from './modules/events/index';

/** Events taken per transaction: enough to absorb a burst, few enough that one transaction stays short. */
const BATCH_SIZE = 100;

/**
 * The retry policy (decision 364): the n-th failure waits 10 s · 2^(n−1), capped at an hour, plus up
 * to 10 % of jitter so copies and events that failed together do not come back together. The 33rd
 * failure is the last: the 32 waits before it add up, without jitter, to 5,110 s + 23 h ≈ 24.4 h, so
 * an outage of up to a day (a database failover, WhatsApp down) costs no event.
 */
export const RETRY_POLICY = { firstDelaySeconds: 10, maxDelaySeconds: 3600, jitter: 0.1, deadAfterAttempts: 33 } as const;

/** Seconds to wait after the `attempts`-th failure (1-based); `random` in [0, 1). */
export function retryDelaySeconds(attempts: number, random: number = Math.random()): number {
  const { firstDelaySeconds, maxDelaySeconds, jitter } = RETRY_POLICY;
  const base = Math.min(maxDelaySeconds, firstDelaySeconds * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (1 + jitter * random));
}

/** An event the workers gave up on, as the composition's `onDead` hears it. */
export type DeadEvent = { id: number; type: string; companyId: string | null; error: string };

export type OutboxOptions = {
  handlers: readonly EventHandler[];
  /** A batch step on the valid events taken for the first time (attempts = 0), before the handlers. */
  onFresh?: (tx: Tx, events: readonly DomainEvent[]) => Promise<void>;
  /** In the batch's transaction, with the events that died in it (level 1's bell). */
  onDead?: (tx: Tx, events: readonly DeadEvent[]) => Promise<void>;
  log?: Logger;
  /** Every handler failure and every payload found dead, besides the log (tests). */
  onError?: (error: unknown, eventId: number) => void;
};

type EventRow = typeof domainEvents.$inferSelect;
type Taken = { row: EventRow; event: DomainEvent; handlers: readonly EventHandler[] };

/** `read` made once, on first call; a failed read is tried again by the next caller. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () =>
    (value ??= read().catch((error: unknown) => {
      value = null;
      throw error;
    }));
}

/** The batch's shared reads: each BatchRead made once, in the batch's transaction (not a savepoint's). */
function batchShared(tx: Tx): EventContext['shared'] {
  const reads = new Map<BatchRead<unknown>, () => Promise<unknown>>();
  return <T>(read: BatchRead<T>) => {
    let get = reads.get(read as BatchRead<unknown>);
    if (!get) reads.set(read as BatchRead<unknown>, (get = once(() => read.read(tx))));
    return get() as Promise<T>;
  };
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure)).slice(0, 2000);

/** A handler's error, with the handler's name for the log and last_error. */
class HandlerFailure extends Error {
  constructor(
    readonly handler: string,
    override readonly cause: unknown,
  ) {
    super(`${handler}: ${messageOf(cause)}`);
  }
}

/**
 * Handles up to `limit` due events, oldest first, in one transaction; answers how many it took
 * (0: none was due or all were locked by another copy).
 */
export async function processEventBatch(db: Db, options: OutboxOptions, limit = BATCH_SIZE): Promise<number> {
  const { handlers, log, onError } = options;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), isNull(domainEvents.deadAt), lte(domainEvents.availableAt, sql`now()`)))
      .orderBy(asc(domainEvents.availableAt), asc(domainEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const parsed = rows.map((row) => ({ row, parsed: parseEvent(row.type, row.payload) }));
    const sendsOutside = (event: DomainEvent) => handlers.some((h) => h.sendsOutside && handles(h, event.type));
    const cut = parsed.findIndex(({ parsed: p }) => p.ok && sendsOutside(p.event));
    const batch = cut === -1 ? parsed : parsed.slice(0, cut + 1);

    const died: DeadEvent[] = [];
    const taken: Taken[] = [];
    for (const { row, parsed: p } of batch) {
      if (p.ok) {
        taken.push({ row, event: p.event, handlers: handlers.filter((h) => handles(h, p.event.type)) });
        continue;
      }
      // A payload its type does not accept fails the same way every time: no retry, dead at once.
      const companyId = companyOfPayload(row.payload);
      onError?.(new Error(p.error), row.id);
      log?.error({ eventId: row.id, type: row.type, attempt: row.attempts + 1, companyId, reason: p.error }, 'Evento con contenido inválido: queda fallido');
      await tx
        .update(domainEvents)
        .set({ attempts: row.attempts + 1, lastError: p.error.slice(0, 2000), deadAt: sql`now()` })
        .where(eq(domainEvents.id, row.id));
      died.push({ id: row.id, type: row.type, companyId, error: p.error });
    }

    // Outside the handlers' savepoints: the facts happened whether or not their handlers succeed, and
    // a retried event (attempts > 0) was counted the first time.
    await options.onFresh?.(tx, taken.filter(({ row }) => row.attempts === 0).map(({ event }) => event));
    const shared = batchShared(tx);
    const run = async (executor: Tx, { row, event, handlers: own }: Taken) => {
      const ctx: EventContext = { eventId: row.id, occurredAt: row.createdAt, shared };
      for (const handler of own) {
        try {
          await handler.handle(executor, event, ctx);
        } catch (error) {
          throw new HandlerFailure(handler.name, error);
        }
      }
    };
    const fail = async ({ row, event }: Taken, failure: HandlerFailure): Promise<void> => {
      const attempts = row.attempts + 1;
      const dead = attempts >= RETRY_POLICY.deadAfterAttempts;
      const companyId = companyOfPayload(event.payload);
      onError?.(failure.cause, row.id);
      log?.error({ err: failure.cause, eventId: row.id, type: row.type, attempt: attempts, companyId, handler: failure.handler }, dead ? 'Evento fallido definitivamente' : 'Evento falló; se reintentará');
      const lastError = `${failure.handler}: ${messageOf(failure.cause)}`.slice(0, 2000);
      await tx
        .update(domainEvents)
        .set(dead ? { attempts, lastError, deadAt: sql`now()` } : { attempts, lastError, availableAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})` })
        .where(eq(domainEvents.id, row.id));
      if (dead) died.push({ id: row.id, type: row.type, companyId, error: lastError });
    };

    // All handlers in one savepoint first: the usual case, where nothing fails, costs no statement per
    // event. If one fails, that savepoint is rolled back and every other event is handled again alone
    // (the failing one is not run twice, and only the last event of a batch may send outside).
    let failed: { index: number; error: HandlerFailure } | null = null;
    if (taken.length > 0) {
      try {
        await tx.transaction(async (savepoint) => {
          for (const [index, one] of taken.entries()) {
            try {
              await run(savepoint, one);
            } catch (error) {
              if (error instanceof HandlerFailure) failed = { index, error };
              throw error;
            }
          }
        });
      } catch (error) {
        if (!failed) throw error;
      }
    }
    const handled: number[] = [];
    if (!failed) handled.push(...taken.map(({ row }) => row.id));
    else {
      const { index: failedAt, error } = failed;
      for (const [index, one] of taken.entries()) {
        if (index === failedAt) {
          await fail(one, error);
          continue;
        }
        try {
          await tx.transaction((savepoint) => run(savepoint, one));
          handled.push(one.row.id);
        } catch (failure) {
          if (!(failure instanceof HandlerFailure)) throw failure;
          await fail(one, failure);
        }
      }
    }
    if (handled.length > 0) {
      await tx
        .update(domainEvents)
        .set({ processedAt: sql`now()`, attempts: sql`${domainEvents.attempts} + 1` })
        .where(inArray(domainEvents.id, handled));
    }
    if (died.length > 0) await options.onDead?.(tx, died);
    return batch.length;
  });
}

/** Handles the oldest due event, if any; false when there was none to take. */
export async function processNextEvent(db: Db, options: OutboxOptions): Promise<boolean> {
  return (await processEventBatch(db, options, 1)) > 0;
}

/** Handles due events until none is left (or about `max` were handled); answers how many. */
export async function processPendingEvents(db: Db, options: OutboxOptions & { max?: number }): Promise<number> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let handled = 0;
  for (;;) {
    const taken = handled < max ? await processEventBatch(db, options, Math.min(BATCH_SIZE, max - handled)) : 0;
    if (taken === 0) return handled;
    handled += taken;
  }
}
