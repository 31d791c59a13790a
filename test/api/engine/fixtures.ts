/**
 * Set-up for the achievement-engine tests: codes issued straight through the codes service (the API under test
 * is the verification and what follows it), uses recorded with a chosen time, and the workers run
 * to completion — several at once, as several server copies would.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { achievementRules, benefitCodes, benefitRequests } from '#server/db/schema';
import { issueCode } from '#server/modules/codes/issue';
import { recordEvent } from '#server/modules/events/outbox';
import { recordingTransport } from '#server/modules/bot/transport';
import { processPendingEvents } from '#server/event-handlers';
import { createPlatformBenefit } from '../economy/ledger-fixtures';

/** An approved request with its active code, for `userId`, fulfilled by `providerUserId`. */
const benefits = new WeakMap<Db, Promise<string>>();
/** One platform benefit per database, that every test code is for. */
function benefitOf(db: Db): Promise<string> {
  let id = benefits.get(db);
  if (!id) {
    id = createPlatformBenefit(db).then((row) => row.id);
    benefits.set(db, id);
  }
  return id;
}

export async function activeCode(db: Db, owner: { userId: string; companyId: string | null }, providerUserId: string): Promise<{ id: string; code: string }> {
  const platformBenefitId = await benefitOf(db);
  return db.transaction(async (tx) => {
    const requestId = randomUUID();
    await tx.insert(benefitRequests).values({
      id: requestId,
      userId: owner.userId,
      companyId: owner.companyId,
      platformBenefitId,
      benefitName: 'Almuerzo',
      isBenefitJobby: true,
      tokenCost: 1,
      status: 'approved',
      providerUserId,
    });
    const issued = await issueCode(tx, {
      requestId,
      userId: owner.userId,
      companyId: owner.companyId,
      platformBenefitId,
      companyBenefitId: null,
      providerUserId,
      benefitName: 'Almuerzo',
      benefitType: 'automatic',
      isBenefitJobby: true,
      adminInstructions: null,
      createdBy: 'system',
    });
    return { id: issued.id, code: issued.code };
  });
}

/** A code used at `usedAt` (a past moment the API cannot produce), with its outbox event. */
export async function usedCodeAt(db: Db, owner: { userId: string; companyId: string | null }, providerUserId: string, usedAt: Date) {
  const code = await activeCode(db, owner, providerUserId);
  await db.transaction(async (tx) => {
    await tx.update(benefitCodes).set({ status: 'used', usedBy: providerUserId, usedAt }).where(eq(benefitCodes.id, code.id));
    await recordEvent(tx, { type: 'code.used', payload: { codeId: code.id, userId: owner.userId, companyId: owner.companyId, providerUserId, usedAt: usedAt.toISOString() } });
  });
  return code;
}

/** Runs `copies` workers at once until the outbox is empty (several server copies). */
export async function drainOutbox(db: Db, copies = 4): Promise<number> {
  const counts = await Promise.all(Array.from({ length: copies }, () => processPendingEvents(db, { botTransport: recordingTransport, onError: (error) => { throw error; } })));
  return counts.reduce((a, b) => a + b, 0);
}

export async function createRule(db: Db, values: Partial<typeof achievementRules.$inferInsert> & Pick<typeof achievementRules.$inferInsert, 'conditionType'>) {
  const [row] = await db
    .insert(achievementRules)
    .values({ name: `Regla ${values.conditionType}`, description: 'Prueba', rewardTokens: 5, ...values })
    .returning();
  return row;
}

/** Pending events left in the outbox. */
export async function pendingEvents(db: Db): Promise<number> {
  const result = (await db.execute(sql`select count(*)::int as n from domain_events where processed_at is null`)) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}
