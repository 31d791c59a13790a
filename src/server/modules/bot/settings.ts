/**
 * Who may use the bot: level 1's access per company (spec part 1 §4 "Bot access per company") and HR's
 * configuration (spec part 2 §2 "Bot messaging", §3 "Bot config", "Bot request") and level 1's answer to
 * each saved configuration (decision 242).
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { recordStatusOf } from '#domain/constants';
import { CHECK_IN_DEFAULT_LANGUAGE, CHECK_IN_DEFAULT_WINDOWS, DEFAULT_BOT_INSTRUCTIONS, type BotRequestStatus } from '#domain/bot';
import { AppError } from '#domain/errors';
import type {
  BotAccessCompany,
  BotAccessList,
  botAccessListQuerySchema,
  BotConfigValues,
  BotRequest,
  BotRequestList,
  botRequestListQuerySchema,
  BotSettings,
} from '#domain/schemas/bot';
import type { Actor } from '../../actor';
import { queryRows, type Executor } from '../../db/client';
import { botRequests, companies, type BotConfig } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { recordEvent } from '../events/index';

/** HR's switch, read from the JSON configuration (SQL), true only while level 1's access is on too. */
export const botIsOn = sql`(${companies.botEnabled} and ${companies.status} = 'active' and coalesce((${companies.botConfig} ->> 'botEnabled')::boolean, false))`;

const DEFAULT_FREQUENCY = 'weekly';

// ───────── level 1 ─────────

const userCount = sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.level in (2, 3))`;

function toAccessCompany(row: typeof companies.$inferSelect & { userCount: number }): BotAccessCompany {
  return {
    id: row.id,
    name: row.name,
    status: recordStatusOf(row.status),
    botEnabled: row.botEnabled,
    botEnabledAt: row.botEnabledAt?.toISOString() ?? null,
    hrBotEnabled: row.botConfig?.botEnabled === true,
    userCount: row.userCount,
  };
}

/** The bot management screen: a page of companies by name, and counts over all of them. Throws nothing. */
export async function listBotAccess(db: Executor, query: z.infer<typeof botAccessListQuerySchema>): Promise<BotAccessList> {
  const where: SQL | undefined = query.search ? ilike(companies.name, containsPattern(query.search)) : undefined;
  const [rows, [{ total }], [stats]] = await Promise.all([
    db.select({ ...getTableColumns(companies), userCount }).from(companies).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(companies).where(where),
    db.select({ total: count(), enabled: sql<number>`count(*) filter (where ${companies.botEnabled})::int` }).from(companies),
  ]);
  return { items: rows.map(toAccessCompany), total, stats: { total: stats.total, enabled: stats.enabled, disabled: stats.total - stats.enabled } };
}

/**
 * Turns a company's bot access on (storing since when) or off (clearing the date). While off, HR's
 * switch cannot be turned on and the webhook ignores the company's employees.
 * @throws COMPANY_NOT_FOUND
 */
export async function setBotAccess(db: Executor, input: { companyId: string; enabled: boolean }): Promise<BotAccessCompany> {
  const [row] = await db
    .update(companies)
    .set({
      botEnabled: input.enabled,
      // On stores the date (kept when it was already on); off clears it (spec part 1 §4).
      botEnabledAt: input.enabled ? sql`coalesce(${companies.botEnabledAt}, now())` : null,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, input.companyId))
    .returning({ id: companies.id });
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  const [company] = await db.select({ ...getTableColumns(companies), userCount }).from(companies).where(eq(companies.id, row.id));
  return toAccessCompany(company);
}

// ───────── level 2 ─────────

async function loadCompanyBot(db: Executor, companyId: string) {
  const [row] = await db
    .select({ botEnabled: companies.botEnabled, botEnabledAt: companies.botEnabledAt, botConfig: companies.botConfig, botInstructions: companies.botInstructions, on: botIsOn })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

/** A stored configuration as the screens show it, every field with its default. */
function configView(config: BotConfig | null): BotRequest['config'] {
  return {
    botEnabled: config?.botEnabled === true,
    whatsappNumber: config?.whatsappNumber ?? null,
    analysisFrequency: config?.analysisFrequency ?? DEFAULT_FREQUENCY,
    stressKeywords: config?.stressKeywords ?? [],
    wellbeingIndicators: config?.wellbeingIndicators ?? [],
    checkInTemplate: config?.checkInTemplate ?? '',
    checkInLanguage: config?.checkInLanguage ?? CHECK_IN_DEFAULT_LANGUAGE,
    checkInWindows: config?.checkInWindows ?? CHECK_IN_DEFAULT_WINDOWS,
  };
}

/** The company's latest request that is not replaced (the one HR's screen reports on). */
const latestRequestOf = (db: Executor, companyId: string) =>
  db
    .select({ status: botRequests.status, config: botRequests.config, instructions: botRequests.instructions, createdAt: botRequests.createdAt, decidedAt: botRequests.decidedAt, reason: botRequests.reason })
    .from(botRequests)
    .where(and(eq(botRequests.companyId, companyId), ne(botRequests.status, 'superseded')))
    .orderBy(desc(botRequests.createdAt), desc(botRequests.id))
    .limit(1);

/**
 * The configuration tab: the values HR last saved (its latest request's, else the company's),
 * level 1's access, the latest request's answer, whether the bot runs now, and the connection's facts.
 * @throws COMPANY_NOT_FOUND
 */
export async function getBotSettings(db: Executor, companyId: string, canSend: boolean): Promise<BotSettings> {
  const [row, [latest], [traffic]] = await Promise.all([
    loadCompanyBot(db, companyId),
    latestRequestOf(db, companyId),
    queryRows<{ last_inbound: Date | string | null; last_outbound: Date | string | null; last_failed: boolean | null }>(
      db,
      sql`select (select max(sent_at) from bot_messages where company_id = ${companyId}::uuid and direction = 'inbound') as last_inbound,
                 o.at as last_outbound, o.status = 'failed' as last_failed
          from (select 1) one left join lateral (
            select at, status from (
              (select sent_at as at, delivery_status as status from bot_messages where company_id = ${companyId}::uuid and direction = 'outbound' and delivery_status is not null order by sent_at desc limit 1)
              union all
              (select delivered_at, delivery_status from bot_check_ins where company_id = ${companyId}::uuid and delivery_status is not null order by delivered_at desc limit 1)
            ) x order by at desc limit 1) o on true`,
    ),
  ]);
  // The form shows what HR last saved (waiting, rejected or approved); what runs is the approved one (activeNow).
  const shown = configView(latest ? (latest.config as BotConfig | null) : row.botConfig);
  const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);
  return {
    access: row.botEnabled,
    accessSince: row.botEnabledAt?.toISOString() ?? null,
    ...shown,
    botEnabled: row.botEnabled && shown.botEnabled,
    instructions: (latest ? latest.instructions : row.botInstructions) ?? DEFAULT_BOT_INSTRUCTIONS,
    lastSavedAt: latest?.createdAt.toISOString() ?? null,
    activeNow: row.on === true,
    request: latest ? { status: latest.status as BotRequestStatus, createdAt: latest.createdAt.toISOString(), decidedAt: iso(latest.decidedAt), reason: latest.reason } : null,
    connection: { canSend, lastInboundAt: iso(traffic?.last_inbound), lastOutboundAt: iso(traffic?.last_outbound), lastOutboundFailed: traffic?.last_failed === true },
  };
}

/**
 * Saves HR's configuration as a bot request (type employee_wellbeing, status pending, the config, the
 * instructions, who; spec part 2 §4 "saved as pending each time the config is saved"), replacing the
 * company's earlier pending one. It takes effect when level 1 approves it (decision 242) — except
 * turning the bot off, which takes effect at once: stopping never waits for anyone.
 * Empty instructions mean the default ones.
 * @throws BOT_ACCESS_REQUIRED when turning the bot on without level 1's access; COMPANY_NOT_FOUND
 */
export async function saveBotSettings(db: Executor, companyId: string, input: BotConfigValues, actor: Actor, canSend: boolean): Promise<BotSettings> {
  await db.transaction(async (tx) => {
    // Locks the company row: a level 1 switch-off or answer in between cannot be overtaken by this save.
    const [company] = await tx.select({ botEnabled: companies.botEnabled }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    if (input.botEnabled && !company.botEnabled) throw new AppError('BOT_ACCESS_REQUIRED');
    const config: BotConfig = {
      botEnabled: input.botEnabled,
      whatsappNumber: input.whatsappNumber ?? undefined,
      analysisFrequency: input.analysisFrequency,
      stressKeywords: input.stressKeywords,
      wellbeingIndicators: input.wellbeingIndicators,
      checkInTemplate: input.checkInTemplate,
      checkInLanguage: input.checkInLanguage,
      checkInWindows: input.checkInWindows,
    };
    const instructions = input.instructions === '' ? DEFAULT_BOT_INSTRUCTIONS : input.instructions;
    await tx.update(botRequests).set({ status: 'superseded' }).where(and(eq(botRequests.companyId, companyId), eq(botRequests.status, 'pending')));
    await tx.insert(botRequests).values({ companyId, type: 'employee_wellbeing', status: 'pending', config, instructions, createdBy: actor.id });
    if (!input.botEnabled) {
      await tx
        .update(companies)
        .set({ botConfig: sql`jsonb_set(coalesce(${companies.botConfig}, '{}'::jsonb), '{botEnabled}', 'false'::jsonb)`, updatedAt: new Date() })
        .where(eq(companies.id, companyId));
    }
  });
  return getBotSettings(db, companyId, canSend);
}

// ───────── level 1: the requests ─────────

const requestColumns = {
  ...getTableColumns(botRequests),
  companyName: companies.name,
  createdByName: sql<string | null>`(select name from users where id = ${botRequests.createdBy})`,
};

function toRequest(row: typeof botRequests.$inferSelect & { companyName: string; createdByName: string | null }): BotRequest {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    status: row.status as BotRequestStatus,
    createdAt: row.createdAt.toISOString(),
    createdByName: row.createdByName,
    config: configView(row.config as BotConfig | null),
    instructions: row.instructions ?? DEFAULT_BOT_INSTRUCTIONS,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedByName: row.decidedByName,
    reason: row.reason,
  };
}

/** Pending requests oldest first (the queue), or answered ones newest first; by company name. Throws nothing. */
export async function listBotRequests(db: Executor, query: z.infer<typeof botRequestListQuerySchema>): Promise<BotRequestList> {
  const where = and(
    query.status === 'pending' ? eq(botRequests.status, 'pending') : inArray(botRequests.status, ['approved', 'rejected']),
    query.search ? ilike(companies.name, containsPattern(query.search)) : undefined,
  );
  const order = query.status === 'pending' ? [asc(botRequests.createdAt), asc(botRequests.id)] : [desc(botRequests.decidedAt), desc(botRequests.id)];
  const [rows, [{ total }]] = await Promise.all([
    db.select(requestColumns).from(botRequests).innerJoin(companies, eq(companies.id, botRequests.companyId)).where(where).orderBy(...order).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(botRequests).innerJoin(companies, eq(companies.id, botRequests.companyId)).where(where),
  ]);
  return { items: rows.map(toRequest), total };
}

/**
 * Level 1 answers a pending request: approving makes its configuration the one in effect (the
 * company's bot_config and instructions), rejecting records why and leaves the approved one running.
 * One conditional UPDATE decides, so two answers at once cannot both win.
 * @throws BOT_REQUEST_NOT_FOUND; BOT_REQUEST_ALREADY_DECIDED (answered, or replaced by a newer save)
 */
export async function decideBotRequest(db: Executor, input: { id: string; approve: boolean; reason?: string }, actor: Actor): Promise<BotRequest> {
  await db.transaction(async (tx) => {
    const [target] = await tx.select({ companyId: botRequests.companyId }).from(botRequests).where(eq(botRequests.id, input.id));
    if (!target) throw new AppError('BOT_REQUEST_NOT_FOUND');
    // The company row first, as HR's save takes it: a save and an answer at once queue, never deadlock.
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, target.companyId)).for('update');
    const [decided] = await tx
      .update(botRequests)
      .set({ status: input.approve ? 'approved' : 'rejected', decidedAt: new Date(), decidedBy: actor.id, decidedByName: actor.name, reason: input.approve ? null : (input.reason ?? null) })
      .where(and(eq(botRequests.id, input.id), eq(botRequests.status, 'pending')))
      .returning({ companyId: botRequests.companyId, config: botRequests.config, instructions: botRequests.instructions });
    if (!decided) throw new AppError('BOT_REQUEST_ALREADY_DECIDED');
    // The company's HR hear the answer in the bell (decision 287).
    await recordEvent(tx, {
      type: 'bot.request.decided',
      payload: { requestId: input.id, companyId: decided.companyId, approved: input.approve, reason: input.approve ? null : (input.reason ?? null) },
    });
    if (input.approve) {
      await tx
        .update(companies)
        .set({ botConfig: decided.config as BotConfig, botInstructions: decided.instructions, updatedAt: new Date() })
        .where(eq(companies.id, decided.companyId));
    }
  });
  const [row] = await db.select(requestColumns).from(botRequests).innerJoin(companies, eq(companies.id, botRequests.companyId)).where(eq(botRequests.id, input.id));
  return toRequest(row);
}

/** The company's keywords for the analysis and its period length; null when its bot is not on. */
export async function companyBotForAnalysis(db: Executor, companyId: string) {
  const [row] = await db.select({ config: companies.botConfig, name: companies.name }).from(companies).where(and(eq(companies.id, companyId)));
  if (!row) return null;
  return { name: row.name, config: row.config ?? {}, frequency: row.config?.analysisFrequency ?? DEFAULT_FREQUENCY };
}
