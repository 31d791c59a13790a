/**
 * The contract between the outbox worker and the modules that act on events (decision 364): each
 * module exports its handlers from its own `event-handlers.ts`; the composition layer lists them all
 * (src/server/event-handlers.ts) and the worker (src/server/outbox-worker.ts) runs them, knowing none.
 * A handler only ever sees an event whose payload passed its type's schema (types.ts).
 */
import type { Tx } from '../../db/client';
import type { DomainEventType, EventOf } from './types';

/**
 * A read every event of a batch may share (the active achievement rules, the active webhook
 * endpoints): made once per batch, on first need, and kept until the batch's COMMIT (decision 285).
 */
export type BatchRead<T> = { readonly name: string; readonly read: (tx: Tx) => Promise<T> };

export function defineBatchRead<T>(name: string, read: (tx: Tx) => Promise<T>): BatchRead<T> {
  return { name, read };
}

/** What a handler knows besides its event: the event's row, and the batch's shared reads. */
export type EventContext = {
  eventId: number;
  /** When the event was recorded (its row's created_at). */
  occurredAt: Date;
  /** The value of a batch-shared read: read on the first call of the batch, the same after. */
  shared: <T>(read: BatchRead<T>) => Promise<T>;
};

export type EventHandler<T extends DomainEventType = DomainEventType> = {
  /** Names the handler in logs: '<module>.<what>'. */
  name: string;
  /** The event types it acts on; '*' for every type (it picks for itself). */
  types: readonly T[] | '*';
  handle: (tx: Tx, event: EventOf<T>, ctx: EventContext) => Promise<void>;
  /**
   * It sends something outside the database (a WhatsApp message): its event closes its batch, so a
   * crash after the send can repeat that one send only (decision 285).
   */
  sendsOutside?: boolean;
};

/** One handler of a module; `types` narrows the event `handle` receives. */
export function defineEventHandler<T extends DomainEventType>(handler: EventHandler<T>): EventHandler {
  return handler as unknown as EventHandler;
}

/** Whether `handler` acts on events of `type`. */
export const handles = (handler: EventHandler, type: DomainEventType): boolean => handler.types === '*' || handler.types.includes(type);
