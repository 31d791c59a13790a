/**
 * Who may use the bot: level 1's access per company (part 1 §4 "Bot access per company") and HR's
 * configuration (part 2 §2 "Bot messaging", §3 "Bot config", "Bot request").
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { DEFAULT_BOT_INSTRUCTIONS, WEBHOOK_PATH, WEBHOOK_SIGNATURE_HEADER } from '../../../domain/bot';
import { AppError } from '../../../domain/errors';
import type { BotAccessCompany, BotAccessList, botAccessListQuerySchema, BotConfigValues, BotSettings } from '../../../domain/schemas/bot';
import type { Actor } from '../../actor';
import type { Executor } from '../../db/client';
import { botRequests, companies, type BotConfig } from '../../db/schema';
import { containsPattern } from '../../db/search';

/** HR's switch, read from the JSON configuration (SQL), true only while level 1's access is on too. */
export const botIsOn = sql`(${companies.botEnabled} and ${companies.status} = 'active' and coalesce((${companies.botConfig} ->> 'botEnabled')::boolean, false))`;

const DEFAULT_FREQUENCY = 'weekly';

// ───────── level 1 ─────────

const userCount = sql<number>`(select count(*)::int from users u where u.company_id = companies.id and u.level in (2, 3))`;

function toAccessCompany(row: typeof companies.$inferSelect & { userCount: number }): BotAccessCompany {
  return {
    id: row.id,
    name: row.name,
    status: row.status === 'inactive' ? 'inactive' : 'active',
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
      // On stores the date (kept when it was already on); off clears it (part 1 §4).
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
    .select({ botEnabled: companies.botEnabled, botEnabledAt: companies.botEnabledAt, botConfig: companies.botConfig, botInstructions: companies.botInstructions })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row) throw new AppError('COMPANY_NOT_FOUND');
  return row;
}

/** The configuration tab: HR's settings, level 1's access, and how to connect WhatsApp. @throws COMPANY_NOT_FOUND */
export async function getBotSettings(db: Executor, companyId: string, publicUrl: string): Promise<BotSettings> {
  const [row, [lastRequest]] = await Promise.all([
    loadCompanyBot(db, companyId),
    db.select({ createdAt: botRequests.createdAt }).from(botRequests).where(eq(botRequests.companyId, companyId)).orderBy(desc(botRequests.createdAt)).limit(1),
  ]);
  const config: BotConfig = row.botConfig ?? {};
  return {
    access: row.botEnabled,
    accessSince: row.botEnabledAt?.toISOString() ?? null,
    botEnabled: row.botEnabled && config.botEnabled === true,
    whatsappNumber: config.whatsappNumber ?? null,
    analysisFrequency: config.analysisFrequency ?? DEFAULT_FREQUENCY,
    stressKeywords: config.stressKeywords ?? [],
    wellbeingIndicators: config.wellbeingIndicators ?? [],
    instructions: row.botInstructions ?? DEFAULT_BOT_INSTRUCTIONS,
    webhookUrl: `${publicUrl.replace(/\/+$/, '')}${WEBHOOK_PATH}`,
    signatureHeader: WEBHOOK_SIGNATURE_HEADER,
    lastSavedAt: lastRequest?.createdAt.toISOString() ?? null,
  };
}

/**
 * Saves HR's configuration and records a bot request (type employee_wellbeing, status pending, the
 * config, the instructions, who), in one transaction (part 2 §4 "Bot request: saved as pending each
 * time the config is saved"). Empty instructions mean the default ones.
 * @throws BOT_ACCESS_REQUIRED when turning the bot on without level 1's access; COMPANY_NOT_FOUND
 */
export async function saveBotSettings(db: Executor, companyId: string, input: BotConfigValues, actor: Actor, publicUrl: string): Promise<BotSettings> {
  await db.transaction(async (tx) => {
    // Locks the company row: a level 1 switch-off in between cannot be overtaken by this save.
    const [company] = await tx.select({ botEnabled: companies.botEnabled }).from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw new AppError('COMPANY_NOT_FOUND');
    if (input.botEnabled && !company.botEnabled) throw new AppError('BOT_ACCESS_REQUIRED');
    const config: BotConfig = {
      botEnabled: input.botEnabled,
      whatsappNumber: input.whatsappNumber ?? undefined,
      analysisFrequency: input.analysisFrequency,
      stressKeywords: input.stressKeywords,
      wellbeingIndicators: input.wellbeingIndicators,
    };
    const instructions = input.instructions === '' ? DEFAULT_BOT_INSTRUCTIONS : input.instructions;
    await tx.update(companies).set({ botConfig: config, botInstructions: instructions, updatedAt: new Date() }).where(eq(companies.id, companyId));
    await tx.insert(botRequests).values({ companyId, type: 'employee_wellbeing', status: 'pending', config, instructions, createdBy: actor.id });
  });
  return getBotSettings(db, companyId, publicUrl);
}

/** The company's keywords for the analysis and its period length; null when its bot is not on. */
export async function companyBotForAnalysis(db: Executor, companyId: string) {
  const [row] = await db.select({ config: companies.botConfig, name: companies.name }).from(companies).where(and(eq(companies.id, companyId)));
  if (!row) return null;
  return { name: row.name, config: row.config ?? {}, frequency: row.config?.analysisFrequency ?? DEFAULT_FREQUENCY };
}
