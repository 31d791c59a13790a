/**
 * The provider portal's history and stat cards (part 2 §2 "Provider portal", §9): only codes this
 * provider redeemed (part 2 §6), read on benefit_codes(used_by, used_at).
 */
import { desc, eq, sql } from 'drizzle-orm';
import { PROVIDER_HISTORY_SIZE } from '../../../domain/constants';
import { displayName } from '../../../domain/display-name';
import type { ProviderHistory } from '../../../domain/schemas/economy';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { benefitCodes, users } from '../../db/schema';

/** Part 2 §8: the history's fallback benefit name. */
const UNKNOWN_BENEFIT_NAME = 'Desconocido';

/**
 * 'Hoy' and 'Este Mes' start at midnight and on the 1st in Chile (the product's users are there;
 * part 1 §9 shows times in the Santiago zone), whatever the server's zone. See docs/decisions.md.
 */
const PORTAL_TIME_ZONE = 'America/Santiago';

const startOf = (unit: 'day' | 'month') =>
  sql`(date_trunc(${unit}, now() at time zone ${PORTAL_TIME_ZONE}) at time zone ${PORTAL_TIME_ZONE})`;

/** The 20 latest codes the actor redeemed, and its counts in total, this month and today. Throws nothing. */
export async function getProviderHistory(db: Executor, actor: Actor): Promise<ProviderHistory> {
  const [rows, [stats]] = await Promise.all([
    db
      .select({
        code: benefitCodes.code,
        benefitName: benefitCodes.benefitName,
        isBenefitJobby: benefitCodes.isBenefitJobby,
        usedAt: benefitCodes.usedAt,
        userId: users.id,
        userName: users.name,
        userEmail: users.email,
      })
      .from(benefitCodes)
      .leftJoin(users, eq(users.id, benefitCodes.userId))
      .where(eq(benefitCodes.usedBy, actor.id))
      .orderBy(desc(benefitCodes.usedAt))
      .limit(PROVIDER_HISTORY_SIZE),
    db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        month: sql<number>`count(*) filter (where ${benefitCodes.usedAt} >= ${startOf('month')})`.mapWith(Number),
        today: sql<number>`count(*) filter (where ${benefitCodes.usedAt} >= ${startOf('day')})`.mapWith(Number),
      })
      .from(benefitCodes)
      .where(eq(benefitCodes.usedBy, actor.id)),
  ]);
  return {
    items: rows.map((row) => ({
      code: row.code,
      benefitName: row.benefitName.trim() || UNKNOWN_BENEFIT_NAME,
      isBenefitJobby: row.isBenefitJobby,
      userName: displayName(row.userId ? { id: row.userId, name: row.userName, email: row.userEmail } : null),
      usedAt: (row.usedAt ?? new Date(0)).toISOString(),
    })),
    stats,
  };
}
