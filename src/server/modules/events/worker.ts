/**
 * The outbox workers (issue 10, decision 80): take the oldest due events with FOR UPDATE SKIP LOCKED,
 * handle them and mark them processed, in one transaction — so of several server copies exactly one
 * handles each event, and a crash before COMMIT leaves them for the next. Each event's handlers run in
 * their own savepoint: a failing one is rolled back alone and its event retried later with a growing
 * delay, up to MAX_ATTEMPTS.
 *
 * Events are taken in batches (decision 285): a burst of verifications is one transaction of a few
 * statements plus each event's own writes, not nine statements per event, and the reads every event
 * of the batch shares (the active achievement rules, the active webhook endpoints) are made once.
 * An event whose handler talks to the outside world (WhatsApp) closes its batch, so a crash after
 * that send can repeat that one send only, as with one event per transaction.
 */
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { domainEvents } from '../../db/schema';
import { activeRules, evaluateAchievements, type Rule } from '../achievements/index';
import { analyseStoredMessage, sendQueuedReply } from '../bot/index';
import { sendCheckIn } from '../bot/index';
import type { BotTransport } from '../bot/index';
import { countEvents } from '../counters/index';
import { notifyEvent } from '../notifications/index';
import { activeEndpoints, fanOutWebhooks, type ActiveEndpoint } from '../webhooks/index';
import type { DomainEvent, DomainEventType } from './types';

const MAX_ATTEMPTS = 5;
/** Events taken per transaction: enough to absorb a burst, few enough that one transaction stays short. */
const BATCH_SIZE = 100;
/** Handlers that send something outside (a WhatsApp message): their event ends its batch. */
const SENDS_OUTSIDE: ReadonlySet<DomainEventType> = new Set(['bot.reply.due', 'bot.checkin.due']);

/** What the handlers need from outside the database: the bot's outbound transport. */
export type WorkerDeps = { botTransport: BotTransport };

type WorkerOptions = WorkerDeps & { onError?: (error: unknown, eventId: number) => void };

type EventRow = typeof domainEvents.$inferSelect;

/** Reads shared by every event of a batch, made on first need and kept until its COMMIT. */
type BatchReads = { rules: () => Promise<readonly Rule[]>; endpoints: () => Promise<readonly ActiveEndpoint[]> };

/** `read` made once, on first call; a failed read is tried again by the next caller. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () =>
    (value ??= read().catch((error: unknown) => {
      value = null;
      throw error;
    }));
}

/** What the workers do with each event. */
async function handle(tx: Tx, id: number, event: DomainEvent, occurredAt: Date, deps: WorkerDeps, reads: BatchReads): Promise<void> {
  if (event.type === 'code.used') await evaluateAchievements(tx, event.payload, await reads.rules());
  if (event.type === 'bot.message.received') await analyseStoredMessage(tx, event.payload.messageId);
  if (event.type === 'bot.reply.due') await sendQueuedReply(tx, event.payload.messageId, deps.botTransport);
  if (event.type === 'bot.checkin.due') await sendCheckIn(tx, event.payload.checkInId, deps.botTransport);
  await notifyEvent(tx, id, event);
  // The webhooks' deliveries (issue 22 §2): written here, after the change's COMMIT; sent by modules/webhooks/delivery.ts.
  await fanOutWebhooks(tx, id, event, occurredAt, await reads.endpoints());
}

/**
 * Handles up to `limit` due events, oldest first, in one transaction; answers how many it took
 * (0: none was due or all were locked by another copy).
 */
export async function processEventBatch(db: Db, options: WorkerOptions, limit = BATCH_SIZE): Promise<number> {
  const { onError } = options;
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(domainEvents)
      .where(and(isNull(domainEvents.processedAt), lte(domainEvents.availableAt, sql`now()`)))
      .orderBy(asc(domainEvents.availableAt), asc(domainEvents.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const cut = rows.findIndex((row) => SENDS_OUTSIDE.has(row.type as DomainEventType));
    const batch = cut === -1 ? rows : rows.slice(0, cut + 1);
    // Outside the handlers' savepoints: the facts happened whether or not their handlers succeed, and
    // a retried event (attempts > 0) was counted the first time.
    await countEvents(tx, batch.filter((row) => row.attempts === 0).map((row) => row.type as DomainEventType));
    const reads: BatchReads = { rules: once(() => activeRules(tx)), endpoints: once(() => activeEndpoints(tx)) };
    const handleAlone = async (row: EventRow, error?: unknown): Promise<boolean> => {
      const event = { type: row.type, payload: row.payload } as DomainEvent;
      try {
        if (error !== undefined) throw error;
        await tx.transaction((savepoint) => handle(savepoint, row.id, event, row.createdAt, options, reads));
        return true;
      } catch (failure) {
        onError?.(failure, row.id);
        const attempts = row.attempts + 1;
        await tx
          .update(domainEvents)
          .set({
            attempts,
            lastError: failure instanceof Error ? failure.message.slice(0, 2000) : String(failure),
            availableAt: sql`now() + make_interval(secs => ${2 ** attempts})`,
            processedAt: attempts >= MAX_ATTEMPTS ? sql`now()` : null,
          })
          .where(eq(domainEvents.id, row.id));
        return false;
      }
    };
    // All handlers in one savepoint first: the usual case, where nothing fails, costs no statement per
    // event. If one fails, that savepoint is rolled back and every other event is handled again alone
    // (the failing one is not run twice, and only the last event of a batch may send outside).
    let failed: { index: number; error: unknown } | null = null;
    try {
      await tx.transaction(async (savepoint) => {
        for (const [index, row] of batch.entries()) {
          try {
            await handle(savepoint, row.id, { type: row.type, payload: row.payload } as DomainEvent, row.createdAt, options, reads);
          } catch (error) {
            failed = { index, error };
            throw error;
          }
        }
      });
    } catch (error) {
      if (!failed) throw error;
    }
    const handled: number[] = [];
    if (!failed) handled.push(...batch.map((row) => row.id));
    else {
      const { index: failedAt, error } = failed;
      for (const [index, row] of batch.entries()) {
        if (await handleAlone(row, index === failedAt ? error : undefined)) handled.push(row.id);
      }
    }
    if (handled.length > 0) {
      await tx
        .update(domainEvents)
        .set({ processedAt: sql`now()`, attempts: sql`${domainEvents.attempts} + 1` })
        .where(inArray(domainEvents.id, handled));
    }
    return batch.length;
  });
}

/** Handles the oldest due event, if any; false when there was none to take. */
export async function processNextEvent(db: Db, options: WorkerOptions): Promise<boolean> {
  return (await processEventBatch(db, options, 1)) > 0;
}

/** Handles due events until none is left (or about `max` were handled); answers how many. */
export async function processPendingEvents(db: Db, options: WorkerOptions & { max?: number }): Promise<number> {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  let handled = 0;
  for (;;) {
    const taken = handled < max ? await processEventBatch(db, options, Math.min(BATCH_SIZE, max - handled)) : 0;
    if (taken === 0) return handled;
    handled += taken;
  }
}
