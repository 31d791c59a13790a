/**
 * The composition of the outbox (decision 364): the one list of every module's event handlers, in
 * the order they run for an event, and the batch steps the worker applies around them — the
 * counters on every fresh event, level 1's bell when events die.
 */
import type { Db } from './db/client';
import type { Logger } from './lib/log';
import { achievementEventHandlers } from './modules/achievements/index';
import { botEventHandlers } from './modules/bot/index';
import type { BotTransport } from './modules/bot/index';
import { countEvents } from './modules/counters/index';
import type { EventHandler } from './modules/events/index';
import { notifyDeadEvents } from './modules/notifications/index';
import { notificationEventHandlers } from './modules/notifications/index';
import { webhookEventHandlers } from './modules/webhooks/index';
import * as worker from './outbox-worker';

/** What the handlers need from outside the database: the bot's outbound transport. */
export type WorkerDeps = { botTransport: BotTransport };

/**
 * Every handler: an event's own work first (achievements, the bot), then the bell, then the
 * webhooks' deliveries (written after the change's COMMIT; sent by webhooks/delivery.ts).
 */
export function eventHandlers(deps: WorkerDeps): EventHandler[] {
  return [...achievementEventHandlers, ...botEventHandlers(deps.botTransport), ...notificationEventHandlers, ...webhookEventHandlers];
}

type Options = WorkerDeps & { log?: Logger; onError?: (error: unknown, eventId: number) => void };

/** The worker's options for the whole application. */
export function outboxOptions(options: Options): worker.OutboxOptions {
  return {
    handlers: eventHandlers(options),
    onFresh: (tx, events) => countEvents(tx, events.map((event) => event.type)),
    onDead: notifyDeadEvents,
    log: options.log,
    onError: options.onError,
  };
}

export const processEventBatch = (db: Db, options: Options, limit?: number) => worker.processEventBatch(db, outboxOptions(options), limit);
export const processNextEvent = (db: Db, options: Options) => worker.processNextEvent(db, outboxOptions(options));
export const processPendingEvents = (db: Db, options: Options & { max?: number }) => worker.processPendingEvents(db, { ...outboxOptions(options), max: options.max });
