/**
 * The bell's reminder before an unused code lapses (decision 250): "vence en 3 días".
 * Run by pg-boss every hour (jobs.ts). Which codes were reminded is decided in the database — a row
 * in `code_expiry_reminders` per code, its primary key taken by INSERT … ON CONFLICT DO NOTHING —
 * so two runs, two server copies or a retried job remind a code once. Each reminded code becomes a
 * `code.expiring` event in the same transaction; the outbox worker writes the notification (and
 * skips a code used between the two).
 */
import { and, asc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { benefitCodes, codeExpiryReminders } from '../../db/schema';
import { recordEvents } from '../events/index';

/** How long before its expiry an unused code is reminded. */
export const EXPIRY_REMINDER_DAYS = 3;
/** Codes reminded per transaction: a backlog (a copy down for days) is worked through in bounded steps. */
const BATCH = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days left, rounded up: a code 2 days and 1 hour from its expiry "vence en 3 días". */
export function daysLeft(expiresAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));
}

/**
 * Reminds every active (unused, unexpired at `now`) code that lapses within EXPIRY_REMINDER_DAYS of
 * `now` and was not reminded yet. `now` is the job's clock, injected by tests. Answers how many codes
 * were reminded.
 */
export async function remindExpiringCodes(db: Db, now: Date = new Date()): Promise<number> {
  const until = new Date(now.getTime() + EXPIRY_REMINDER_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const { seen, reminded } = await db.transaction(async (tx) => {
      // Along benefit_codes_active_expiry_idx; codes already reminded are left out by their key.
      const due = await tx
        .select({ id: benefitCodes.id, userId: benefitCodes.userId, benefitName: benefitCodes.benefitName, expiresAt: benefitCodes.expiresAt })
        .from(benefitCodes)
        .where(
          and(
            eq(benefitCodes.status, 'active'),
            gt(benefitCodes.expiresAt, now),
            lte(benefitCodes.expiresAt, until),
            notExists(tx.select({ one: sql`1` }).from(codeExpiryReminders).where(eq(codeExpiryReminders.codeId, benefitCodes.id))),
          ),
        )
        .orderBy(asc(benefitCodes.expiresAt))
        .limit(BATCH);
      if (due.length === 0) return { seen: 0, reminded: 0 };
      // The key decides: a code another run reminded meanwhile comes back from neither insert twice.
      const taken = await tx
        .insert(codeExpiryReminders)
        .values(due.map((code) => ({ codeId: code.id })))
        .onConflictDoNothing()
        .returning({ codeId: codeExpiryReminders.codeId });
      const ours = new Set(taken.map((row) => row.codeId));
      await recordEvents(
        tx,
        due
          .filter((code) => ours.has(code.id))
          .map((code) => ({
            type: 'code.expiring' as const,
            payload: { codeId: code.id, userId: code.userId, benefitName: code.benefitName, expiresAt: code.expiresAt.toISOString(), daysLeft: daysLeft(code.expiresAt, now) },
          })),
      );
      return { seen: due.length, reminded: ours.size };
    });
    total += reminded;
    if (seen < BATCH) return total;
  }
}
