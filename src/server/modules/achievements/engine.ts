/**
 * The achievements engine (decision 81): after a code is used at a provider, every active
 * rule is checked against what is committed, and the users who meet it are granted — each rule at
 * most once per user by the unique key (user_id, rule_id), never by a check-then-insert. The reward
 * is a ledger 'reward' transfer of flexible tokens (platform:jobby → the employee), in the same
 * transaction as the user achievement and its token bonus record.
 *
 * Evaluation reads only committed uses, and runs after each use's own commit: whichever use of a
 * group commits last sees the whole group, so concurrent uses never miss a grant, and the unique
 * key keeps a group seen twice from being paid twice.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { APP_TIME_ZONE } from '#domain/dates';
import type { AchievementConditionType } from '#domain/schemas/engine';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { achievementRules, tokenBonuses, userAchievements, users } from '../../db/schema';
import { recordEvent } from '../events/index';
import { accounts, transferAll, walletFor, type TransferInput } from '../ledger/index';

type CodeUse = { codeId: string; userId: string; companyId: string | null; providerUserId: string; usedAt: string };
export type Rule = typeof achievementRules.$inferSelect;
type Winner = { userId: string; companyId: string | null };

const tz = sql.raw(`'${APP_TIME_ZONE}'`);
/** A used code's day in Santiago. */
const santiagoDay = (at: unknown) => sql`(${at}::timestamptz at time zone ${tz})::date`;

/** The users a rule grants after `use`, from committed data; bounded, indexed queries. */
async function winnersOf(tx: Tx, rule: Rule, use: CodeUse): Promise<Winner[]> {
  const self: Winner[] = [{ userId: use.userId, companyId: use.companyId }];
  const type = rule.conditionType as AchievementConditionType;
  const value = rule.conditionValue ?? 1;
  switch (type) {
    case 'tokens_used_count': {
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from (select 1 from benefit_codes where user_id = ${use.userId} and status = 'used' limit ${value}) s`,
      );
      return row.n >= value ? self : [];
    }
    case 'weekend_usage': {
      const [row] = await queryRows<{ dow: number }>(tx, sql`select extract(isodow from ${use.usedAt}::timestamptz at time zone ${tz})::int as dow`);
      return row.dow >= 6 ? self : [];
    }
    case 'consecutive_days': {
      // Codes used on `value` consecutive Santiago days, the last of them the day of this use.
      const [row] = await queryRows<{ days: number }>(
        tx,
        sql`select count(distinct ${santiagoDay(sql`used_at`)})::int as days from benefit_codes
            where user_id = ${use.userId} and status = 'used'
              and ${santiagoDay(sql`used_at`)} between ${santiagoDay(use.usedAt)} - ${value - 1}::int and ${santiagoDay(use.usedAt)}`,
      );
      return row.days >= value ? self : [];
    }
    case 'first_company_user': {
      // The first employee of the company to use a code at this provider.
      if (!use.companyId) return [];
      const [first] = await queryRows<{ user_id: string }>(
        tx,
        sql`select user_id from benefit_codes where company_id = ${use.companyId} and used_by = ${use.providerUserId} and status = 'used'
            order by used_at, id limit 1`,
      );
      return first?.user_id === use.userId ? self : [];
    }
    case 'same_provider_timeframe': {
      // minUsers distinct colleagues at this provider within `value` minutes of each other: every
      // window [s, s + value] that starts at a use no more than `value` before this one (so it holds
      // this one) and counts minUsers users grants each of them.
      if (!use.companyId) return [];
      const minUsers = rule.conditionMinUsers ?? 2;
      const window = sql`make_interval(mins => ${value})`;
      const rows = await queryRows<{ user_id: string }>(
        tx,
        sql`with uses as (
              select user_id, used_at from benefit_codes
              where company_id = ${use.companyId} and used_by = ${use.providerUserId} and status = 'used'
                and used_at between ${use.usedAt}::timestamptz - ${window} and ${use.usedAt}::timestamptz + ${window}
            ), starts as (
              select distinct used_at as s from uses where used_at <= ${use.usedAt}::timestamptz
            ), groups as (
              select s from starts where (select count(distinct user_id) from uses where used_at between s and s + ${window}) >= ${minUsers}
            )
            select distinct uses.user_id from uses join groups on uses.used_at between groups.s and groups.s + ${window}`,
      );
      return rows.map((row) => ({ userId: row.user_id, companyId: use.companyId }));
    }
  }
}

/**
 * The winners who are active: a deactivated employee gets no achievement and no reward, also when a
 * colleague's use completes a group rule (decision 361). One query, only for a rule that has winners.
 */
async function activeWinners(tx: Tx, winners: Winner[]): Promise<Winner[]> {
  if (winners.length === 0) return winners;
  const active = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, winners.map((winner) => winner.userId)), eq(users.status, 'active')));
  const ids = new Set(active.map((row) => row.id));
  return winners.filter((winner) => ids.has(winner.userId));
}

/** The rules every use is checked against; the outbox worker reads them once per batch of events. */
export function activeRules(tx: Tx): Promise<Rule[]> {
  return tx
    .select()
    .from(achievementRules)
    .where(and(eq(achievementRules.status, 'active'), isNull(achievementRules.deletedAt)))
    .orderBy(asc(achievementRules.id))
    .limit(200);
}

/**
 * Checks every active rule after `use` and grants it to whoever meets it and has not got it yet.
 * Inserts go rule by rule, user by user in id order, so two workers granting the same group wait
 * for each other in one order and never deadlock; the rewards then move in one transferAll (every
 * wallet in id order, the issuance account once), the ledger's lock order.
 */
export async function evaluateAchievements(tx: Tx, use: CodeUse, rules?: readonly Rule[]): Promise<number> {
  rules ??= await activeRules(tx);
  const grants: { achievementId: string; rule: Rule; winner: Winner }[] = [];
  for (const rule of rules) {
    const winners = (await activeWinners(tx, await winnersOf(tx, rule, use))).sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    if (winners.length === 0) continue;
    const inserted = await tx
      .insert(userAchievements)
      .values(
        winners.map((winner) => ({
          userId: winner.userId,
          ruleId: rule.id,
          ruleName: rule.name,
          codeId: winner.userId === use.userId ? use.codeId : null,
          rewardTokens: rule.rewardTokens,
          context: { conditionType: rule.conditionType, providerUserId: use.providerUserId, triggeredBy: use.codeId },
        })),
      )
      .onConflictDoNothing({ target: [userAchievements.userId, userAchievements.ruleId] })
      .returning({ id: userAchievements.id, userId: userAchievements.userId });
    for (const row of inserted) {
      const winner = winners.find((w) => w.userId === row.userId);
      if (winner) grants.push({ achievementId: row.id, rule, winner });
    }
  }
  const paid = grants.filter((grant) => grant.rule.rewardTokens > 0);
  const transfers = await transferAll(tx, paid.map(({ rule, winner }): TransferInput => {
    const wallet = walletFor('jobby', winner);
    return {
      from: accounts.platformIssuance(),
      to: wallet.account,
      amount: rule.rewardTokens,
      kind: 'reward',
      reason: `Logro: ${rule.name}`,
      actor: null,
      wallet: wallet.wallet,
    };
  }));
  if (paid.length > 0) {
    await tx.insert(tokenBonuses).values(
      paid.map((grant, i) => ({ userId: grant.winner.userId, amount: grant.rule.rewardTokens, achievementId: grant.achievementId, transferId: transfers[i].transferId })),
    );
    for (const [i, grant] of paid.entries()) {
      await tx.update(userAchievements).set({ transferId: transfers[i].transferId }).where(eq(userAchievements.id, grant.achievementId));
    }
  }
  for (const grant of grants) {
    await recordEvent(tx, {
      type: 'achievement.granted',
      payload: { achievementId: grant.achievementId, userId: grant.winner.userId, ruleId: grant.rule.id, ruleName: grant.rule.name, rewardTokens: grant.rule.rewardTokens },
    });
  }
  return grants.length;
}
