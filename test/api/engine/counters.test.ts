/**
 * The running total behind the level 1 dashboard's 'Tokens completados' (decision 110): the outbox
 * workers count each 'code.used' event once — with several workers at once, and not again when an
 * event is retried — so the figure equals the used codes once the outbox is drained. The races run on
 * PostgreSQL only (decision 382): without the worker's row locks the four workers count 48, and without
 * SKIP LOCKED a copy waits for the event another copy holds instead of counting the rest.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { benefitCodes, domainEvents, platformCounters } from '#server/db/schema';
import { recordingTransport } from '#server/modules/bot/transport';
import { processNextEvent } from '#server/event-handlers';
import { createCompany, createTestContext, createUser, type TestContext } from '../../support/app';
import { raceTest } from '../../support/race';
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
  raceTest('counts 12 uses consumed by 4 workers at once exactly once each', async () => {
    const company = await createCompany(ctx.db, 'Contadora');
    const provider = await createUser(ctx.db, { email: 'contador@jobby.sup', level: 4 });
    const owners = await Promise.all(Array.from({ length: 12 }, async (_, i) => ({ userId: await createUser(ctx.db, { email: `c${i}@contadora.cl`, companyId: company }), companyId: company })));
    const before = await codesUsedCounter();
    for (const owner of owners) await usedCodeAt(ctx.db, owner, provider, new Date());
    // Not counted before a worker takes the events: the figure follows the outbox.
    expect(await codesUsedCounter()).toBe(before);
    await drainOutbox(ctx.db, 4);
    expect(await codesUsedCounter()).toBe(before + 12);
    expect(await codesUsedCounter()).toBe(await usedCodes());
  });

  raceTest('a copy counts the uses it can take while another copy holds one, without waiting for it', async () => {
    const company = await createCompany(ctx.db, 'Copias');
    const provider = await createUser(ctx.db, { email: 'copias@jobby.sup', level: 4 });
    const owners = await Promise.all(['a', 'b', 'c'].map(async (n) => ({ userId: await createUser(ctx.db, { email: `${n}@copias.cl`, companyId: company }), companyId: company })));
    await drainOutbox(ctx.db, 1);
    const before = await codesUsedCounter();
    for (const owner of owners) await usedCodeAt(ctx.db, owner, provider, new Date());
    const [held, ...free] = (
      await ctx.db.select({ id: domainEvents.id }).from(domainEvents).where(sql`${domainEvents.processedAt} is null`).orderBy(domainEvents.id)
    ).map((row) => row.id);
    let worker: Promise<number> | undefined;
    // Another copy's open transaction holds the oldest event; this copy takes the two after it.
    await ctx.db.transaction(async (tx) => {
      await tx.select().from(domainEvents).where(eq(domainEvents.id, held)).for('update');
      worker = drainOutbox(ctx.db, 1);
      await expect
        .poll(async () => ctx.db.$count(domainEvents, sql`${domainEvents.processedAt} is not null and ${domainEvents.id} in (${sql.join(free, sql`, `)})`), { timeout: 10_000 })
        .toBe(free.length);
      expect(await codesUsedCounter()).toBe(before + free.length);
    });
    await worker;
    await drainOutbox(ctx.db, 1);
    expect(await codesUsedCounter()).toBe(before + 3);
  });

  it('counts a use once, and a retried event not again', async () => {
    const company = await createCompany(ctx.db, 'Reintentos');
    const provider = await createUser(ctx.db, { email: 'reintentos@jobby.sup', level: 4 });
    const owner = { userId: await createUser(ctx.db, { email: 'reintento@contadora.cl', companyId: company }), companyId: company };
    const before = await codesUsedCounter();
    await usedCodeAt(ctx.db, owner, provider, new Date());
    await drainOutbox(ctx.db, 1);
    expect(await codesUsedCounter()).toBe(before + 1);

    // An event a worker already took once (its handler failed and it waits for a retry, attempts = 1)
    // was counted then: taking it again does not count it twice.
    await usedCodeAt(ctx.db, owner, provider, new Date());
    await ctx.db.update(domainEvents).set({ attempts: 1 }).where(sql`${domainEvents.processedAt} is null`);
    expect(await processNextEvent(ctx.db, { botTransport: recordingTransport })).toBe(true);
    expect(await ctx.db.$count(domainEvents, sql`${domainEvents.processedAt} is null`)).toBe(0);
    expect(await codesUsedCounter()).toBe(before + 1);
  });
});
