/**
 * HR's bot screens (spec part 2 §2 "Bot messaging"): employee profiles with their conversations, the
 * employees' phone numbers the webhook matches, alerts with 'Tomar Acción', and the analytics.
 * Everything is scoped to the caller's company; another company's employee or alert answers 404.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ANALYSIS_PERIOD_DAYS, STRESS_ALERT_THRESHOLD } from '#domain/bot';
import { writeUserPhone } from '../users/index';
import { AppError } from '#domain/errors';
import type {
  alertListQuerySchema,
  BotAlert,
  BotAlertList,
  BotAnalytics,
  BotMessage,
  EmployeeProfile,
  ProfileDetail,
  profileListQuerySchema,
} from '#domain/schemas/bot';
import { companyOf, type Actor } from '../../actor';
import { queryRows, type Executor } from '../../db/client';
import { botAlerts, botCheckIns, botConversations, employeeWellbeingProfiles, users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { companyBotForAnalysis } from './settings';
import { PERIOD_ORIGIN, periodStartSql } from './periodic';

const TREND_PERIODS = 12;
/** Messages shown per conversation in the detail (the newest). */
const MESSAGES_PER_CONVERSATION = 100;

const profileColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  stressScore: employeeWellbeingProfiles.stressScore,
  lastContact: employeeWellbeingProfiles.lastContact,
  conversationCount: employeeWellbeingProfiles.conversationCount,
  // The latest check-in (bot_check_ins_user_idx) and whether the employee wrote after it went out.
  lastCheckInAt: sql<Date | string | null>`(select max(c.created_at) from bot_check_ins c where c.user_id = ${users.id})`,
  lastCheckInAnswered: sql<boolean | null>`(select exists (select 1 from bot_messages m where m.user_id = c.user_id and m.direction = 'inbound' and m.sent_at > c.created_at)
    from bot_check_ins c where c.user_id = ${users.id} order by c.created_at desc limit 1)`,
};

type ProfileRow = {
  userId: string;
  name: string;
  email: string;
  phone: string | null;
  stressScore: number | null;
  lastContact: Date | null;
  conversationCount: number | null;
  lastCheckInAt: Date | string | null;
  lastCheckInAnswered: boolean | null;
};

function toProfile(row: ProfileRow): EmployeeProfile {
  return {
    ...row,
    lastContact: row.lastContact?.toISOString() ?? null,
    conversationCount: row.conversationCount ?? 0,
    lastCheckInAt: row.lastCheckInAt ? new Date(row.lastCheckInAt).toISOString() : null,
    lastCheckInAnswered: row.lastCheckInAnswered,
  };
}

/** Check-ins shown in an employee's detail (the newest). */
const CHECK_INS_SHOWN = 5;

const employeeOf = (companyId: string) => and(eq(users.companyId, companyId), eq(users.level, 3));

/** Every employee of the company (level 3), with or without a profile; the most stressed first, then by name. Throws nothing. */
export async function listProfiles(db: Executor, companyId: string, query: z.infer<typeof profileListQuerySchema>): Promise<{ items: EmployeeProfile[]; total: number }> {
  const pattern = query.search ? containsPattern(query.search) : null;
  const where: SQL | undefined = and(employeeOf(companyId), pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern), ilike(users.phone, pattern)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(profileColumns)
      .from(users)
      .leftJoin(employeeWellbeingProfiles, eq(employeeWellbeingProfiles.userId, users.id))
      .where(where)
      .orderBy(sql`${employeeWellbeingProfiles.stressScore} desc nulls last`, users.name, users.id)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows.map(toProfile), total };
}

async function profileOf(db: Executor, companyId: string, userId: string): Promise<EmployeeProfile> {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(employeeWellbeingProfiles, eq(employeeWellbeingProfiles.userId, users.id))
    .where(and(eq(users.id, userId), employeeOf(companyId)));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toProfile(row);
}

/** One employee's profile and a page of their conversations (newest first) with each message's analysis. @throws USER_NOT_FOUND */
export async function getProfileDetail(db: Executor, companyId: string, userId: string, page: { limit: number; offset: number }): Promise<ProfileDetail> {
  const profile = await profileOf(db, companyId, userId);
  const scope = and(eq(botConversations.userId, userId), eq(botConversations.companyId, companyId));
  const [conversations, [{ total }], checkIns] = await Promise.all([
    db.select().from(botConversations).where(scope).orderBy(desc(botConversations.lastMessageAt)).limit(page.limit).offset(page.offset),
    db.select({ total: count() }).from(botConversations).where(scope),
    db
      .select({
        id: botCheckIns.id,
        createdAt: botCheckIns.createdAt,
        template: botCheckIns.template,
        language: botCheckIns.language,
        deliveryStatus: botCheckIns.deliveryStatus,
        // Qualified by hand: in a one-table select Drizzle names columns bare, which the subquery would read as its own.
        answered: sql<boolean>`exists (select 1 from bot_messages m where m.user_id = bot_check_ins.user_id and m.direction = 'inbound' and m.sent_at > bot_check_ins.created_at)`,
      })
      .from(botCheckIns)
      .where(and(eq(botCheckIns.userId, userId), eq(botCheckIns.companyId, companyId)))
      .orderBy(desc(botCheckIns.createdAt))
      .limit(CHECK_INS_SHOWN),
  ]);
  const ids = conversations.map((c) => c.id);
  const messages =
    ids.length === 0
      ? []
      : await queryRows<{ id: string; conversation_id: string }>(
          db,
          sql`select * from (select m.*, row_number() over (partition by m.conversation_id order by m.sent_at desc) as n
              from bot_messages m where m.conversation_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})) x
              where x.n <= ${MESSAGES_PER_CONVERSATION} order by x.sent_at, x.id`,
        );
  const byConversation = new Map<string, BotMessage[]>();
  for (const raw of messages as unknown as Array<Record<string, unknown>>) {
    const list = byConversation.get(raw.conversation_id as string) ?? [];
    list.push({
      id: raw.id as string,
      direction: raw.direction as BotMessage['direction'],
      body: raw.body as string,
      sentAt: new Date(raw.sent_at as string).toISOString(),
      stressScore: (raw.stress_score as number | null) ?? null,
      detectedKeywords: (raw.detected_keywords as string[] | null) ?? [],
      sentiment: (raw.sentiment as BotMessage['sentiment']) ?? null,
      requiresAttention: raw.requires_attention === true,
      deliveryStatus: (raw.delivery_status as BotMessage['deliveryStatus']) ?? null,
      deliveryNote: (raw.delivery_note as string | null) ?? null,
    });
    byConversation.set(raw.conversation_id as string, list);
  }
  return {
    profile,
    checkIns: checkIns.map((c) => ({ ...c, createdAt: c.createdAt.toISOString(), deliveryStatus: (c.deliveryStatus as BotMessage['deliveryStatus']) ?? null })),
    total,
    conversations: conversations.map((c) => ({
      id: c.id,
      startedAt: c.startedAt.toISOString(),
      lastMessageAt: c.lastMessageAt.toISOString(),
      stressScore: c.stressScore,
      requiresAttention: c.requiresAttention,
      messages: byConversation.get(c.id) ?? [],
    })),
  };
}

/**
 * Sets the WhatsApp number the webhook knows an employee by (E.164, or null to clear it).
 * @throws USER_NOT_FOUND (not an employee of this company); PHONE_IN_USE (another user of any company has it)
 */
export async function setEmployeePhone(db: Executor, userId: string, phone: string | null, actor: Actor): Promise<EmployeeProfile> {
  const companyId = companyOf(actor);
  await profileOf(db, companyId, userId);
  await writeUserPhone(db, userId, phone, () => db.update(users).set({ phone, updatedAt: new Date(), updatedBy: actor.id }).where(eq(users.id, userId)));
  return profileOf(db, companyId, userId);
}

// ───────── alerts ─────────

const alertColumns = {
  id: botAlerts.id,
  userId: botAlerts.userId,
  employeeName: users.name,
  employeeEmail: users.email,
  stressScore: botAlerts.stressScore,
  raisedAt: botAlerts.raisedAt,
  status: botAlerts.status,
  actionTaken: botAlerts.actionTaken,
  handledByName: botAlerts.handledByName,
  handledAt: botAlerts.handledAt,
};

function toAlert(row: { id: string; userId: string; employeeName: string; employeeEmail: string; stressScore: number; raisedAt: Date; status: string; actionTaken: string | null; handledByName: string | null; handledAt: Date | null }): BotAlert {
  return { ...row, status: row.status === 'handled' ? 'handled' : 'open', raisedAt: row.raisedAt.toISOString(), handledAt: row.handledAt?.toISOString() ?? null };
}

/** Alerts of the company, open first, newest first. Throws nothing. */
export async function listAlerts(db: Executor, companyId: string, query: z.infer<typeof alertListQuerySchema>): Promise<BotAlertList> {
  const where = and(eq(botAlerts.companyId, companyId), query.status === 'all' ? undefined : eq(botAlerts.status, query.status));
  const [rows, [{ total }], [{ openCount }]] = await Promise.all([
    db
      .select(alertColumns)
      .from(botAlerts)
      .innerJoin(users, eq(users.id, botAlerts.userId))
      .where(where)
      .orderBy(sql`${botAlerts.status} = 'open' desc`, desc(botAlerts.raisedAt), desc(botAlerts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(botAlerts).where(where),
    db.select({ openCount: count() }).from(botAlerts).where(and(eq(botAlerts.companyId, companyId), eq(botAlerts.status, 'open'))),
  ]);
  return { items: rows.map(toAlert), total, openCount };
}

/**
 * 'Tomar Acción': records what HR did and marks the alert handled, with who and when. One conditional
 * UPDATE, so two HR admins acting at once cannot both handle it.
 * @throws ALERT_NOT_FOUND (also another company's); ALERT_ALREADY_HANDLED
 */
export async function takeAlertAction(db: Executor, alertId: string, actionTaken: string, actor: Actor): Promise<BotAlert> {
  const scope = and(eq(botAlerts.id, alertId), eq(botAlerts.companyId, companyOf(actor)));
  const [updated] = await db
    .update(botAlerts)
    .set({ status: 'handled', actionTaken, handledBy: actor.id, handledByName: actor.name, handledAt: new Date() })
    .where(and(scope, eq(botAlerts.status, 'open')))
    .returning({ id: botAlerts.id });
  if (!updated) {
    const [exists] = await db.select({ id: botAlerts.id }).from(botAlerts).where(scope);
    throw new AppError(exists ? 'ALERT_ALREADY_HANDLED' : 'ALERT_NOT_FOUND');
  }
  const [row] = await db.select(alertColumns).from(botAlerts).innerJoin(users, eq(users.id, botAlerts.userId)).where(eq(botAlerts.id, alertId));
  return toAlert(row);
}

/**
 * The three figures and the trend, computed in SQL: the mean profile score, the employees with an
 * open alert, the conversations active in the current period; and per past period (the company's
 * frequency) the mean message score, the employees whose mean reached the threshold, the conversations.
 * @throws COMPANY_NOT_FOUND
 */
export async function getBotAnalytics(db: Executor, companyId: string): Promise<BotAnalytics> {
  const company = await companyBotForAnalysis(db, companyId);
  if (!company) throw new AppError('COMPANY_NOT_FOUND');
  const frequency = company.frequency;
  const days = ANALYSIS_PERIOD_DAYS[frequency];
  const periodStart = periodStartSql(frequency);
  const [figures] = await queryRows<{ period_start: Date | string; average: number | null; on_alert: number; conversations: number }>(
    db,
    sql`select ${periodStart} as period_start,
          (select avg(stress_score)::float8 from employee_wellbeing_profiles where company_id = ${companyId}::uuid and stress_score is not null) as average,
          (select count(*)::int from bot_alerts where company_id = ${companyId}::uuid and status = 'open') as on_alert,
          (select count(*)::int from bot_conversations where company_id = ${companyId}::uuid and last_message_at >= ${periodStart}) as conversations`,
  );
  const trend = await queryRows<{ period: Date | string; average: number | null; on_alert: number; conversations: number }>(
    db,
    sql`select period, avg(score)::float8 as average, count(*) filter (where score >= ${STRESS_ALERT_THRESHOLD})::int as on_alert, sum(conversations)::int as conversations
        from (
          select date_bin(make_interval(days => ${days}), m.sent_at, ${PERIOD_ORIGIN}) as period, m.user_id,
                 avg(m.stress_score) as score, count(distinct m.conversation_id) as conversations
          from bot_messages m
          where m.company_id = ${companyId}::uuid and m.direction = 'inbound' and m.stress_score is not null
            and m.sent_at >= ${periodStart} - make_interval(days => ${days * (TREND_PERIODS - 1)})
          group by 1, 2
        ) per_employee
        group by period order by period`,
  );
  const iso = (value: Date | string) => new Date(value).toISOString();
  return {
    analysisFrequency: frequency,
    periodStart: iso(figures.period_start),
    averageScore: figures.average === null ? null : Math.round(figures.average * 10) / 10,
    employeesOnAlert: figures.on_alert,
    conversationsThisPeriod: figures.conversations,
    trend: trend.map((row) => ({
      periodStart: iso(row.period),
      averageScore: row.average === null ? null : Math.round(row.average * 10) / 10,
      employeesOnAlert: row.on_alert,
      conversations: row.conversations,
    })),
  };
}

