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
import { analyseStoredMessage, sendQueuedReply } from '../bot/ingest';
import { sendCheckIn } from '../bot/check-ins';
import type { BotTransport } from '../bot/transport';
import { countEvent } from '../counters/service';
import { notifyEvent } from '../notifications/service';
import { fanOutWebhooks } from '../webhooks/fan-out';
import type { DomainEvent } from './types';

const MAX_ATTEMPTS = 5;

/** What the handlers need from outside the database: the bot's outbound transport. */
export type WorkerDeps = { botTransport: BotTransport };

type WorkerOptions = WorkerDeps & { onError?: (error: unknown, eventId: number) => void };

/** What the workers do with each event. */
async function handle(tx: Tx, id: number, event: DomainEvent, occurredAt: Date, deps: WorkerDeps): Promise<void> {
  if (event.type === 'code.used') await evaluateAchievements(tx, event.payload);
  if (event.type === 'bot.message.received') await analyseStoredMessage(tx, event.payload.messageId);
  if (event.type === 'bot.reply.due') await sendQueuedReply(tx, event.payload.messageId, deps.botTransport);
  if (event.type === 'bot.checkin.due') await sendCheckIn(tx, event.payload.checkInId, deps.botTransport);
  await notifyEvent(tx, id, event);
  // The webhooks' deliveries (issue 22 §2): written here, after the change's COMMIT; sent by modules/webhooks/delivery.ts.
  await fanOutWebhooks(tx, id, event, occurredAt);
}

/** Handles the oldest due event, if any; false when there was none to take. */
export async function processNextEvent(db: Db, options: WorkerOptions): Promise<boolean> {
  const { onError } = options;
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
      await tx.transaction((savepoint) => handle(savepoint, row.id, event, row.createdAt, options));
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
export async function processPendingEvents(db: Db, options: WorkerOptions & { max?: number }): Promise<number> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let handled = 0;
  while (handled < max && (await processNextEvent(db, options))) handled += 1;
  return handled;
}
