/**
 * Level 1's achievement rules (spec part 1 §2 'Logros', §5) and the 'Análisis Reciente' of the last 7
 * days. The engine that grants them is engine.ts.
 */
import { and, count, desc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import { recordStatusOf } from '#domain/constants';
import { APP_TIME_ZONE } from '#domain/dates';
import { AppError } from '#domain/errors';
import {
  ACHIEVEMENT_DEFAULTS,
  ANALYSIS_WINDOW_DAYS,
  type AchievementAnalysis,
  type AchievementConditionType,
  type AchievementRule,
  type AchievementRuleInput,
  type RuleQualifying,
} from '#domain/schemas/engine';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/client';
import { achievementRules, userAchievements } from '../../db/schema';

// The rule's table named in full: a bare column in a subquery would be read as the subquery's own (ua.id).
const grants = sql<number>`(select count(*)::int from ${userAchievements} ua where ua.rule_id = achievement_rules.id)`;
const live = isNull(achievementRules.deletedAt);
const tz = sql.raw(`'${APP_TIME_ZONE}'`);

/** A live rule as level 1 reads it: everything but its author and deletion, with the condition and status typed. */
function toRule({ createdBy: _creator, deletedAt: _deleted, conditionType, status, createdAt, ...fields }: typeof achievementRules.$inferSelect & { grants: number }): AchievementRule {
  return { ...fields, conditionType: conditionType as AchievementConditionType, status: recordStatusOf(status), createdAt: createdAt.toISOString() };
}

async function ruleById(db: Executor, id: string): Promise<AchievementRule> {
  const [row] = await db.select({ ...getTableColumns(achievementRules), grants }).from(achievementRules).where(and(eq(achievementRules.id, id), live));
  if (!row) throw new AppError('NOT_FOUND');
  return toRule(row);
}

/** The rules table, newest first (deleted rules kept for history are not listed). */
export async function listRules(db: Executor, query: { limit: number; offset: number }): Promise<{ items: AchievementRule[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select({ ...getTableColumns(achievementRules), grants }).from(achievementRules).where(live).orderBy(desc(achievementRules.createdAt), desc(achievementRules.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(achievementRules).where(live),
  ]);
  return { items: rows.map(toRule), total };
}

/** The stored fields of a rule as typed: only the parameters its condition type uses are kept. */
function ruleFields(input: AchievementRuleInput) {
  const type = input.conditionType;
  const usesValue = type === 'same_provider_timeframe' || type === 'tokens_used_count' || type === 'consecutive_days';
  return {
    name: input.name.trim(),
    description: input.description.trim(),
    conditionType: type,
    conditionValue: usesValue ? (input.conditionValue ?? null) : null,
    conditionMinUsers: type === 'same_provider_timeframe' ? (input.conditionMinUsers ?? ACHIEVEMENT_DEFAULTS.minUsers) : null,
    rewardTokens: input.rewardTokens ?? ACHIEVEMENT_DEFAULTS.rewardTokens,
  };
}

/** Creates an active rule; only the parameters its condition type uses are kept. */
export async function createRule(db: Executor, input: AchievementRuleInput, actor: Actor): Promise<AchievementRule> {
  const [row] = await db
    .insert(achievementRules)
    .values({ ...ruleFields(input), status: 'active', createdBy: actor.id })
    .returning({ id: achievementRules.id });
  return ruleById(db, row.id);
}

/**
 * Edits a rule (decision 204). What an edit means: the rule as it now reads applies from
 * the next evaluation on (the engine runs after each used code), to people who have not received it;
 * whoever received it keeps that grant, its name and its reward as they were, and is never granted
 * again (the unique key (user_id, rule_id)). Nothing is paid on saving: people who already meet the
 * new condition receive it at their next used code, as with a new rule. A rule someone received
 * keeps its condition type (a different condition is a different achievement: a new rule).
 * @throws NOT_FOUND (no such rule, or deleted); RULE_TYPE_LOCKED.
 */
export async function updateRule(db: Executor, id: string, input: AchievementRuleInput): Promise<AchievementRule> {
  const fields = ruleFields(input);
  const [updated] = await db
    .update(achievementRules)
    .set(fields)
    .where(
      and(
        eq(achievementRules.id, id),
        live,
        sql`(${achievementRules.conditionType} = ${fields.conditionType} or not exists (select 1 from ${userAchievements} ua where ua.rule_id = achievement_rules.id))`,
      ),
    )
    .returning({ id: achievementRules.id });
  if (!updated) {
    await ruleById(db, id); // NOT_FOUND when there is no such rule
    throw new AppError('RULE_TYPE_LOCKED');
  }
  return ruleById(db, id);
}

/**
 * The people whose committed history meets a condition now, read as the engine reads it at a used
 * code (engine.ts): as SQL of their user ids. Each reads the used codes along an index
 * (benefit_codes_used_user_idx by person, benefit_codes_company_used_idx by company and provider).
 */
function qualifiersOf(rule: { conditionType: AchievementConditionType; conditionValue?: number | null; conditionMinUsers?: number | null }) {
  const value = rule.conditionValue ?? 1;
  const day = sql`(used_at at time zone ${tz})::date`;
  switch (rule.conditionType) {
    case 'tokens_used_count':
      return sql`select user_id from benefit_codes where status = 'used' group by user_id having count(*) >= ${value}`;
    case 'weekend_usage':
      return sql`select distinct user_id from benefit_codes where status = 'used' and extract(isodow from used_at at time zone ${tz}) in (6, 7)`;
    case 'consecutive_days':
      // Runs of consecutive Santiago days with a used code (a day minus its rank is constant along a run).
      return sql`select distinct user_id from (
          select user_id, d - (row_number() over (partition by user_id order by d))::int as run
          from (select distinct user_id, ${day} as d from benefit_codes where status = 'used') days
        ) runs group by user_id, run having count(*) >= ${value}`;
    case 'first_company_user':
      return sql`select distinct user_id from (
          select distinct on (company_id, used_by) user_id from benefit_codes
          where status = 'used' and company_id is not null and used_by is not null
          order by company_id, used_by, used_at, id
        ) firsts`;
    case 'same_provider_timeframe': {
      const window = sql`make_interval(mins => ${value})`;
      const minUsers = rule.conditionMinUsers ?? ACHIEVEMENT_DEFAULTS.minUsers;
      // Every window [s, s + value] that starts at a use and holds minUsers colleagues at one provider.
      return sql`select distinct b.user_id from benefit_codes a
          join benefit_codes b on b.company_id = a.company_id and b.used_by = a.used_by and b.status = 'used'
            and b.used_at between a.used_at and a.used_at + ${window}
          where a.status = 'used' and a.company_id is not null and a.used_by is not null
            and (select count(distinct c.user_id) from benefit_codes c
                 where c.company_id = a.company_id and c.used_by = a.used_by and c.status = 'used'
                   and c.used_at between a.used_at and a.used_at + ${window}) >= ${minUsers}`;
    }
  }
}

/**
 * 'Hoy la cumplirían' (decision 205): how many people meet the condition as typed,
 * leaving out those who already received the rule being edited (never granted twice), and how many
 * those are. One statement; the grants are looked up by the unique key (user_id, rule_id).
 */
export async function countQualifying(
  db: Executor,
  input: { conditionType: AchievementConditionType; conditionValue?: number | null; conditionMinUsers?: number | null; ruleId?: string },
): Promise<RuleQualifying> {
  const ruleId = input.ruleId ?? null;
  const [row] = await queryRows<{ qualify_now: number; already: number }>(
    db,
    sql`with qualifiers as (${qualifiersOf(input)})
        select
          (select count(*)::int from qualifiers q
            where ${ruleId}::uuid is null
               or not exists (select 1 from ${userAchievements} ua where ua.user_id = q.user_id and ua.rule_id = ${ruleId}::uuid)) as qualify_now,
          (select count(*)::int from ${userAchievements} ua where ua.rule_id = ${ruleId}::uuid) as already`,
  );
  return { qualifyNow: row.qualify_now, alreadyRewarded: row.already };
}

/** Activar / Desactivar. @throws NOT_FOUND. */
export async function setRuleStatus(db: Executor, id: string, status: 'active' | 'inactive'): Promise<AchievementRule> {
  const updated = await db.update(achievementRules).set({ status }).where(and(eq(achievementRules.id, id), live)).returning({ id: achievementRules.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
  return ruleById(db, id);
}

/**
 * Eliminar (decision 82): a rule nobody has earned is deleted; a granted one is kept for its
 * grants' history — out of the table and of the engine, its grants and rewards untouched.
 * @throws NOT_FOUND.
 */
export async function deleteRule(db: Executor, id: string): Promise<{ deleted: true }> {
  const removed = await db
    .delete(achievementRules)
    .where(and(eq(achievementRules.id, id), live, sql`not exists (select 1 from ${userAchievements} ua where ua.rule_id = ${achievementRules.id})`))
    .returning({ id: achievementRules.id });
  if (removed.length === 0) {
    const archived = await db
      .update(achievementRules)
      .set({ deletedAt: new Date(), status: 'inactive' })
      .where(and(eq(achievementRules.id, id), live))
      .returning({ id: achievementRules.id });
    if (archived.length === 0) throw new AppError('NOT_FOUND');
  }
  return { deleted: true };
}

/**
 * 'Análisis Reciente' (last 7 days): joint redemptions — colleagues of one company using codes at
 * one provider with no gap longer than the window between consecutive uses (the smallest window of
 * the active joint rules, else the default 40 minutes) and at least two people —, uses on Saturday
 * or Sunday (Santiago), and grants per rule. All computed in SQL.
 */
export async function recentAnalysis(db: Executor): Promise<AchievementAnalysis> {
  const [window] = await queryRows<{ minutes: number | null }>(
    db,
    sql`select min(condition_value)::int as minutes from ${achievementRules}
        where condition_type = 'same_provider_timeframe' and status = 'active' and deleted_at is null`,
  );
  const minutes = window?.minutes ?? ACHIEVEMENT_DEFAULTS.minutes;
  const since = sql`now() - make_interval(days => ${ANALYSIS_WINDOW_DAYS})`;
  const groups = await queryRows<{ company_name: string; provider_name: string; started_at: Date | string; users: number; uses: number }>(
    db,
    sql`with uses as (
          select company_id, used_by, user_id, used_at,
                 case when used_at - lag(used_at) over (partition by company_id, used_by order by used_at) <= make_interval(mins => ${minutes})
                      then 0 else 1 end as starts
          from benefit_codes where status = 'used' and used_at >= ${since} and company_id is not null and used_by is not null
        ), numbered as (
          select *, sum(starts) over (partition by company_id, used_by order by used_at) as grp from uses
        ), grouped as (
          select company_id, used_by, grp, min(used_at) as started_at, count(distinct user_id)::int as users, count(*)::int as uses
          from numbered group by company_id, used_by, grp having count(distinct user_id) >= 2
        )
        select c.name as company_name, coalesce(p.name, p.email) as provider_name, g.started_at, g.users, g.uses
        from grouped g join companies c on c.id = g.company_id join users p on p.id = g.used_by
        order by g.started_at desc limit 20`,
  );
  const [weekend] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from benefit_codes where status = 'used' and used_at >= ${since}
        and extract(isodow from used_at at time zone ${tz}) in (6, 7)`,
  );
  const perRule = await queryRows<{ rule_id: string; rule_name: string; grants: number; tokens: number }>(
    db,
    sql`select rule_id, max(rule_name) as rule_name, count(*)::int as grants, sum(reward_tokens)::int as tokens
        from ${userAchievements} where granted_at >= ${since} group by rule_id order by grants desc limit 50`,
  );
  return {
    windowMinutes: minutes,
    jointGroups: groups.map((g) => ({ companyName: g.company_name, providerName: g.provider_name, startedAt: new Date(g.started_at).toISOString(), users: g.users, uses: g.uses })),
    weekendUses: weekend.n,
    grantsPerRule: perRule.map((r) => ({ ruleId: r.rule_id, ruleName: r.rule_name, grants: r.grants, tokens: r.tokens })),
  };
}
