/**
 * The running total behind the level 1 dashboard's 'Tokens completados' (decision 110): the outbox
 * workers count each 'code.used' event once — with several workers at once, and not again when an
 * event is retried — so the figure equals the used codes once the outbox is drained.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { benefitCodes, domainEvents, platformCounters } from '../../../src/server/db/schema';
import { recordingTransport } from '../../../src/server/modules/bot/transport';
import { processNextEvent } from '../../../src/server/event-handlers';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { drainOutbox, usedCodeAt } from './fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const codesUsedCounter = async () => {
  const [row] = await ctx.db.select({ value: platformCounters.value }).from(platformCounters).where(eq(platformCounters.name, 'codes_used'));
  return row?.value ?? 0;
};
const usedCodes = () => ctx.db.$count(benefitCodes, eq(benefitCodes.status, 'used'));

describe('the used-codes counter', () => {
  it('counts 12 uses consumed by 4 workers at once exactly once each, and a retried event not again', async () => {
    const companyId = await createCompany(ctx.db, 'Contadora');
    const providerId = await createUser(ctx.db, { email: 'contador@jobby.sup', level: 4 });
    const owners = await Promise.all(Array.from({ length: 12 }, async (_, i) => ({ userId: await createUser(ctx.db, { email: `c${i}@contadora.cl`, companyId }), companyId })));
    const before = await codesUsedCounter();
    for (const owner of owners) await usedCodeAt(ctx.db, owner, providerId, new Date());
    // Not counted before a worker takes the events: the figure follows the outbox.
    expect(await codesUsedCounter()).toBe(before);
    await drainOutbox(ctx.db, 4);
    expect(await codesUsedCounter()).toBe(before + 12);
    expect(await codesUsedCounter()).toBe(await usedCodes());

    // An event a worker already took once (its handler failed and it waits for a retry, attempts = 1)
    // was counted then: taking it again does not count it twice.
    await usedCodeAt(ctx.db, owners[0], providerId, new Date());
    await ctx.db.update(domainEvents).set({ attempts: 1 }).where(sql`${domainEvents.processedAt} is null`);
    expect(await processNextEvent(ctx.db, { botTransport: recordingTransport })).toBe(true);
    expect(await ctx.db.$count(domainEvents, sql`${domainEvents.processedAt} is null`)).toBe(0);
    expect(await codesUsedCounter()).toBe(before + 12);
  });
});
