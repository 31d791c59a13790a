/**
 * Dead events (decision 366): what the outbox worker gave up on, listed for level 1 with the error
 * that killed each one, counted for the metrics, and put back in the queue by 'Reintentar'. Every
 * read goes through the partial index of dead events; none scans the outbox.
 */
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '#domain/errors';
import type { DeadEventPage } from '#domain/schemas/events';
import type { Executor } from '../../db/client';
import { companies, domainEvents } from '../../db/schema';
import { OUTBOX_CHANNEL } from './outbox';
import { companyOfPayload } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many events are dead now: for the metrics and the page's badge. */
export async function deadEventCount(db: Executor): Promise<number> {
  const [{ dead }] = await db.select({ dead: count() }).from(domainEvents).where(isNotNull(domainEvents.deadAt));
  return dead;
}

/** The dead events, newest death first, after `cursor` (the previous page's `nextCursor`). */
export async function listDeadEvents(db: Executor, query: { limit: number; cursor?: string }): Promise<DeadEventPage> {
  const [deadAtText, idText] = query.cursor ? query.cursor.split('|') : [];
  const after = query.cursor ? sql`(${domainEvents.deadAt}, ${domainEvents.id}) < (${deadAtText}::timestamptz, ${Number(idText)})` : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: domainEvents.id,
        type: domainEvents.type,
        payload: domainEvents.payload,
        attempts: domainEvents.attempts,
        lastError: domainEvents.lastError,
        createdAt: domainEvents.createdAt,
        deadAt: sql<string>`${domainEvents.deadAt}::text`,
        deadAtIso: sql<string>`to_char(${domainEvents.deadAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(domainEvents)
      .where(and(isNotNull(domainEvents.deadAt), after))
      .orderBy(desc(domainEvents.deadAt), desc(domainEvents.id))
      .limit(query.limit + 1),
    deadEventCount(db),
  ]);
  const page = rows.slice(0, query.limit);
  const companyIds = [...new Set(page.map((row) => companyOfPayload(row.payload)).filter((id): id is string => id !== null && UUID.test(id)))];
  const names = companyIds.length > 0 ? await db.select({ id: companies.id, name: companies.name }).from(companies).where(inArray(companies.id, companyIds)) : [];
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      type: row.type,
      companyName: nameOf.get(companyOfPayload(row.payload) ?? '') ?? null,
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      deadAt: row.deadAtIso,
    })),
    nextCursor: rows.length > query.limit && last ? `${last.deadAt}|${last.id}` : null,
    total,
  };
}

/**
 * 'Reintentar': the dead event is due again now, with a fresh day of retries. Attempts go back to 1,
 * not 0: its first try is the one that counted it (the counters count an event once).
 * @throws DEAD_EVENT_NOT_FOUND when no event of that id is dead.
 */
export async function retryDeadEvent(db: Executor, id: number): Promise<{ id: number; retried: true }> {
  const [row] = await db
    .update(domainEvents)
    .set({ deadAt: null, attempts: 1, availableAt: sql`now()` })
    .where(and(eq(domainEvents.id, id), isNotNull(domainEvents.deadAt)))
    .returning({ id: domainEvents.id, type: domainEvents.type });
  if (!row) throw new AppError('DEAD_EVENT_NOT_FOUND');
  // Wakes the workers of every copy at COMMIT, as recording an event does.
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, ${row.type})`);
  return { id: row.id, retried: true };
}
