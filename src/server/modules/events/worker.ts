/**
 * The outbox workers (issue 10, decision 80): take the oldest due event with FOR UPDATE SKIP LOCKED,
 * handle it and mark it processed, all in one transaction — so of several server copies exactly one
 * handles each event, and a crash before COMMIT leaves it for the next. A failing handler is rolled
 * back to a savepoint and the event retried later with a growing delay, up to MAX_ATTEMPTS.
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import { evaluateAchievements } from '../achievements/engine';
import { countEvent } from '../counters/service';
import { notifyEvent } from '../notifications/service';
import type { DomainEvent } from './types';

export const MAX_ATTEMPTS = 5;

/** What the workers do with each event. */
async function handle(tx: Tx, id: number, event: DomainEvent): Promise<void> {
  if (event.type === 'code.used') await evaluateAchievements(tx, event.payload);
  await notifyEvent(tx, id, event);
}

/** Handles the oldest due event, if any; false when there was none to take. */
export async function processNextEvent(db: Db, onError?: (error: unknown, eventId: number) => void): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), lte(domainEvents.availableAt, sql`now()`)))
      .orderBy(asc(domainEvents.availableAt), asc(domainEvents.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return false;
    const event = { type: row.type, payload: row.payload } as DomainEvent;
    // Outside the handler's savepoint: the fact happened whether or not its handlers succeed, and a
    // retried event (attempts > 0) was counted the first time.
    if (row.attempts === 0) await countEvent(tx, event.type);
    try {
      await tx.transaction((savepoint) => handle(savepoint, row.id, event));
      await tx.update(domainEvents).set({ processedAt: sql`now()`, attempts: row.attempts + 1 }).where(eq(domainEvents.id, row.id));
    } catch (error) {
      onError?.(error, row.id);
      const attempts = row.attempts + 1;
      await tx
        .update(domainEvents)
        .set({
          attempts,
          lastError: error instanceof Error ? error.message.slice(0, 2000) : String(error),
          availableAt: sql`now() + make_interval(secs => ${2 ** attempts})`,
          processedAt: attempts >= MAX_ATTEMPTS ? sql`now()` : null,
        })
        .where(eq(domainEvents.id, row.id));
    }
    return true;
  });
}

/** Handles due events until none is left (or `max` were handled); answers how many. */
export async function processPendingEvents(db: Db, options: { max?: number; onError?: (error: unknown, eventId: number) => void } = {}): Promise<number> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let handled = 0;
  while (handled < max && (await processNextEvent(db, options.onError))) handled += 1;
  return handled;
}
