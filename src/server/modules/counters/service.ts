/**
 * Platform-wide running totals (decision 110): the level 1 dashboard's "Tokens completados" would
 * otherwise count every used code, a scan that grows with the platform (600,000 used codes take
 * longer than the dashboard's whole 50 ms budget). The outbox workers add to a counter when they
 * first take an event, in the transaction that takes it, so each event counts exactly once and no
 * request's transaction ever waits on a counter row.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { platformCounters } from '../../db/schema';
import type { DomainEventType } from '../events/index';

type CounterName = 'codes_used';

/** Which events a counter counts. */
const COUNTED_EVENTS: Partial<Record<DomainEventType, CounterName>> = { 'code.used': 'codes_used' };

/** Adds events to their counters, one statement per counter (the worker calls it once per batch, for first takes only). */
export async function countEvents(tx: Executor, types: readonly DomainEventType[]): Promise<void> {
  const added = new Map<CounterName, number>();
  for (const type of types) {
    const name = COUNTED_EVENTS[type];
    if (name) added.set(name, (added.get(name) ?? 0) + 1);
  }
  for (const [name, amount] of added) {
    await tx
      .insert(platformCounters)
      .values({ name, value: amount })
      .onConflictDoUpdate({ target: platformCounters.name, set: { value: sql`${platformCounters.value} + ${amount}`, updatedAt: new Date() } });
  }
}

/** A counter's value; 0 before anything was counted. */
export function counterValue(name: CounterName) {
  return sql<number>`coalesce((select ${platformCounters.value} from ${platformCounters} where ${eq(platformCounters.name, name)}), 0)`;
}
