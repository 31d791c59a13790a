/**
 * The outbox workers take events in batches (decision 285): every event of a batch is handled once,
 * a failing one is retried alone without holding back the others, and an event whose handler sends
 * something outside (WhatsApp) ends its batch.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { domainEvents, userAchievements } from '#server/db/schema';
import { recordingTransport } from '#server/modules/bot/transport';
import { recordEvent } from '#server/modules/events/outbox';
import { processEventBatch } from '#server/event-handlers';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { createRule, drainOutbox, usedCodeAt } from './fixtures';

let ctx: TestContext;
let companyId: string;
let providerId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  companyId = await createCompany(ctx.db, 'Lotes');
  providerId = await createUser(ctx.db, { email: 'lotes@jobby.sup', level: 4 });
  await drainOutbox(ctx.db);
});
afterAll(async () => ctx.close());

const employee = async (name: string) => ({ userId: await createUser(ctx.db, { email: `${name}@lotes.cl`, companyId }), companyId });
const pendingIds = async () =>
  (await ctx.db.select({ id: domainEvents.id }).from(domainEvents).where(isNull(domainEvents.processedAt)).orderBy(domainEvents.id)).map((row) => row.id);
/** Which of `ids` are still pending (the handlers' own new events, such as achievement.granted, aside). */
const stillPending = async (ids: number[]) => (await pendingIds()).filter((id) => ids.includes(id));

describe('outbox batches', () => {
  it('handles every event of a batch once; a failing event is retried alone and the others are done', async () => {
    const rule = await createRule(ctx.db, { conditionType: 'consecutive_days', conditionValue: 1, rewardTokens: 0 });
    const owners = await Promise.all(['ana', 'beto', 'carla', 'dani'].map(employee));
    for (const owner of owners.slice(0, 2)) await usedCodeAt(ctx.db, owner, providerId, new Date());
    // A use at no moment at all: the rule's query on it fails.
    await recordEvent(ctx.db, {
      type: 'code.used',
      payload: { codeId: randomUUID(), userId: randomUUID(), companyId, providerUserId: providerId, usedAt: 'no es una fecha' },
    });
    const [broken] = (await pendingIds()).slice(-1);
    for (const owner of owners.slice(2)) await usedCodeAt(ctx.db, owner, providerId, new Date());
    const batch = await pendingIds();

    const failures: number[] = [];
    expect(await processEventBatch(ctx.db, { botTransport: recordingTransport, onError: (_error, id) => failures.push(id) })).toBe(5);

    expect(failures).toEqual([broken]);
    const granted = await ctx.db.select({ userId: userAchievements.userId }).from(userAchievements).where(eq(userAchievements.ruleId, rule.id));
    expect(granted.map((row) => row.userId).sort()).toEqual(owners.map((owner) => owner.userId).sort());
    expect(await stillPending(batch)).toEqual([broken]);
    const [left] = await ctx.db.select().from(domainEvents).where(eq(domainEvents.id, broken));
    expect(left.attempts).toBe(1);
    expect(left.lastError).toMatch(/timestamp|date|time/i);
    expect(left.availableAt.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: the next batch takes the grants' own events and leaves it.
    await processEventBatch(ctx.db, { botTransport: recordingTransport, onError: (_error, id) => failures.push(id) });
    expect(failures).toEqual([broken]);
    expect(await stillPending([broken])).toEqual([broken]);
    await ctx.db.delete(domainEvents).where(eq(domainEvents.id, broken));
    await drainOutbox(ctx.db);
  });

  it('ends a batch after an event that sends outside; the next batch takes the rest', async () => {
    const owner = await employee('eva');
    await usedCodeAt(ctx.db, owner, providerId, new Date());
    // A reply whose message is not waiting any more: its handler looks and sends nothing.
    await recordEvent(ctx.db, { type: 'bot.reply.due', payload: { messageId: randomUUID() } });
    await usedCodeAt(ctx.db, owner, providerId, new Date());
    const batch = await pendingIds();
    const [, reply, last] = batch;

    expect(await processEventBatch(ctx.db, { botTransport: recordingTransport })).toBe(2);
    expect(await stillPending(batch)).toEqual([last]);
    const done = await ctx.db.select({ id: domainEvents.id }).from(domainEvents).where(and(inArray(domainEvents.id, [reply]), sql`${domainEvents.processedAt} is not null`));
    expect(done).toHaveLength(1);
    expect(await processEventBatch(ctx.db, { botTransport: recordingTransport })).toBeGreaterThanOrEqual(1);
    expect(await stillPending(batch)).toEqual([]);
  });
});
