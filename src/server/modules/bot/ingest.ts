/**
 * From a webhook delivery to a profile: the sender is matched to an employee by phone; the message is
 * stored once per id, with its `bot.message.received` event, in a short transaction. The outbox
 * workers then analyse it and update the profile and alerts in their own transaction, and queue the
 * reply as a second event (`bot.reply.due`) that sends it (decision 112): a crash at any point leaves
 * the event for the next worker, so an accepted message is analysed and alerted exactly once and its
 * reply recorded once. Never while WhatsApp waits.
 */
import { recordEvent } from '../events/index';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ANALYSIS_PERIOD_DAYS, STRESS_ALERT_THRESHOLD } from '#domain/bot';
import { senderE164 } from '#domain/phone';
import { queryRows, type Executor } from '../../db/client';
import { botConversations, botMessages, companies, users } from '../../db/schema';
import { analyseMessage } from './analysis';
import { botIsOn, companyBotForAnalysis } from './settings';
import type { BotTransport } from './transport';
import type { InboundMessage } from './webhook-payload';

/** A gap this long starts a new conversation: WhatsApp's customer-service window. */
const CONVERSATION_GAP_HOURS = 24;

type IngestResult =
  | { stored: true; messageId: string }
  | { stored: false; reason: 'unknown_sender' | 'duplicate' };

/**
 * The active employee (level 3) whose phone is this sender, in a company whose bot is on (level 1's
 * access and HR's switch). Stored numbers and the sender are both E.164 (src/domain/phone.ts) and
 * users.phone is unique, so one index lookup (users_phone_key) finds at most one person.
 */
async function findSender(db: Executor, phone: string) {
  const [row] = await db
    .select({ userId: users.id, companyId: users.companyId, on: botIsOn })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(users.phone, phone), eq(users.level, 3), eq(users.status, 'active')))
    .limit(1);
  if (!row?.on || !row.companyId) return null;
  return { userId: row.userId, companyId: row.companyId };
}

class DuplicateMessage extends Error {}

/** Stores one inbound message (or says why not). Throws only on a database failure. */
export async function ingestInbound(db: Executor, message: InboundMessage): Promise<IngestResult> {
  const phone = senderE164(message.from);
  const sender = phone ? await findSender(db, phone) : null;
  if (!phone || !sender) return { stored: false, reason: 'unknown_sender' };
  try {
    const messageId = await db.transaction(async (tx) => {
      const windowStart = new Date(message.sentAt.getTime() - CONVERSATION_GAP_HOURS * 3_600_000);
      const [open] = await tx
        .select({ id: botConversations.id })
        .from(botConversations)
        .where(and(eq(botConversations.userId, sender.userId), eq(botConversations.companyId, sender.companyId), gt(botConversations.lastMessageAt, windowStart)))
        .orderBy(desc(botConversations.lastMessageAt))
        .limit(1);
      const conversationId =
        open?.id ??
        (await tx.insert(botConversations).values({ ...sender, phoneNumber: phone, startedAt: message.sentAt, lastMessageAt: message.sentAt }).returning({ id: botConversations.id }))[0].id;
      const [stored] = await tx
        .insert(botMessages)
        .values({ conversationId, ...sender, direction: 'inbound', body: message.body, sentAt: message.sentAt, externalId: message.externalId })
        .onConflictDoNothing({ target: botMessages.externalId })
        .returning({ id: botMessages.id });
      // A retry of a stored message: undo the conversation this attempt may have opened.
      if (!stored) throw new DuplicateMessage();
      await tx
        .update(botConversations)
        .set({ lastMessageAt: sql`greatest(${botConversations.lastMessageAt}, ${message.sentAt})` })
        .where(eq(botConversations.id, conversationId));
      await recordEvent(tx, { type: 'bot.message.received', payload: { messageId: stored.id } });
      return stored.id;
    });
    return { stored: true, messageId };
  } catch (error) {
    if (error instanceof DuplicateMessage) return { stored: false, reason: 'duplicate' };
    throw error;
  }
}

/** The bot's answer (decision 95): a thank-you, and for a high score the promise that HR will call. */
function replyText(requiresAttention: boolean, companyName: string): string {
  return requiresAttention
    ? `Gracias por contarnos cómo estás. Tu bienestar nos importa: el equipo de RR.HH. de ${companyName} se pondrá en contacto contigo pronto.`
    : 'Gracias por tu mensaje. Aquí estamos cuando quieras conversar.';
}

/**
 * Analyses a stored inbound message, then updates its conversation, the employee's profile and
 * alert, and queues the reply (an outbound message without delivery status, and its
 * `bot.reply.due` event) — all in the caller's transaction: the outbox worker's, which commits it
 * with the event marked handled, or rolls all of it back for a retry. The `analyzed_at is null` guard
 * makes a second handling of the same message (an old copy's event, the periodic run) do nothing.
 * Throws only on a database failure.
 * Answers the id of the queued reply, or null when there was nothing to do.
 */
export async function analyseStoredMessage(tx: Executor, messageId: string, repliedAt: Date = new Date()): Promise<string | null> {
  const [message] = await tx
    .select({ body: botMessages.body, companyId: botMessages.companyId, userId: botMessages.userId, conversationId: botMessages.conversationId, analyzedAt: botMessages.analyzedAt })
    .from(botMessages)
    .where(and(eq(botMessages.id, messageId), eq(botMessages.direction, 'inbound')));
  if (!message || message.analyzedAt || !message.companyId || !message.userId) return null;
  const company = await companyBotForAnalysis(tx, message.companyId);
  if (!company) return null;
  const analysis = await analyseMessage(message.body, company.config);
  const [written] = await tx
    .update(botMessages)
    .set({ ...analysis, analyzedAt: new Date() })
    .where(and(eq(botMessages.id, messageId), sql`${botMessages.analyzedAt} is null`))
    .returning({ id: botMessages.id });
  if (!written) return null;
  await tx
    .update(botConversations)
    .set({
      stressScore: sql`greatest(${botConversations.stressScore}, ${analysis.stressScore})`,
      detectedKeywords: sql`array(select k from unnest(coalesce(${botConversations.detectedKeywords}, '{}')) k union select jsonb_array_elements_text(${JSON.stringify(analysis.detectedKeywords)}::jsonb))`,
      sentiment: analysis.sentiment,
      requiresAttention: sql`${botConversations.requiresAttention} or ${analysis.requiresAttention}`,
    })
    .where(eq(botConversations.id, message.conversationId));
  await refreshProfiles(tx, message.companyId, ANALYSIS_PERIOD_DAYS[company.frequency], message.userId);
  await raiseAlerts(tx, message.companyId);

  const [reply] = await tx
    .insert(botMessages)
    .values({
      conversationId: message.conversationId,
      companyId: message.companyId,
      userId: message.userId,
      direction: 'outbound',
      body: replyText(analysis.requiresAttention, company.name),
      sentAt: repliedAt,
    })
    .returning({ id: botMessages.id });
  await recordEvent(tx, { type: 'bot.reply.due', payload: { messageId: reply.id } });
  return reply.id;
}

/**
 * Sends a queued reply and records how it went, in the worker's transaction. Only a reply without a
 * delivery status is sent, so a handled event never sends twice; the one window left is a crash
 * between WhatsApp's acceptance and this COMMIT, after which the retry sends again (WhatsApp's
 * Cloud API has no idempotency key) — a duplicate thank-you rather than a lost one.
 */
export async function sendQueuedReply(tx: Executor, messageId: string, transport: BotTransport): Promise<void> {
  const [reply] = await tx
    .select({ body: botMessages.body, phoneNumber: botConversations.phoneNumber })
    .from(botMessages)
    .innerJoin(botConversations, eq(botConversations.id, botMessages.conversationId))
    .where(and(eq(botMessages.id, messageId), eq(botMessages.direction, 'outbound'), isNull(botMessages.deliveryStatus)))
    .for('update', { of: botMessages });
  if (!reply) return;
  const result = await transport.sendText(reply.phoneNumber, reply.body);
  await tx.update(botMessages).set({ deliveryStatus: result.status, deliveryNote: result.note }).where(eq(botMessages.id, messageId));
}

/**
 * Recomputes profiles from the stored analyses, in one statement: the score is the rounded mean of
 * the employee's analysed messages in the analysis period that ends at their last contact (decision
 * 91), with last contact and the number of conversations. One employee, or every employee of the
 * company who has written (the periodic run).
 */
export async function refreshProfiles(db: Executor, companyId: string, periodDays: number, userId?: string): Promise<void> {
  const onlyUser = userId ? sql`and m.user_id = ${userId}` : sql``;
  const onlyUserLatest = userId ? sql`and user_id = ${userId}` : sql``;
  await db.execute(sql`
    insert into employee_wellbeing_profiles (user_id, company_id, stress_score, last_contact, conversation_count, updated_at)
    select s.user_id, ${companyId}::uuid, s.score, s.last_contact,
           (select count(*)::int from bot_conversations c where c.user_id = s.user_id and c.company_id = ${companyId}::uuid), now()
    from (
      select m.user_id, max(m.sent_at) as last_contact,
             round(avg(m.stress_score) filter (where m.sent_at > l.last_at - make_interval(days => ${periodDays})))::smallint as score
      from bot_messages m
      join (select user_id, max(sent_at) as last_at from bot_messages
            where company_id = ${companyId}::uuid and direction = 'inbound' and stress_score is not null ${onlyUserLatest} group by user_id) l on l.user_id = m.user_id
      where m.company_id = ${companyId}::uuid and m.direction = 'inbound' and m.stress_score is not null ${onlyUser}
      group by m.user_id
    ) s
    on conflict (user_id) do update set company_id = excluded.company_id, stress_score = excluded.stress_score,
      last_contact = excluded.last_contact, conversation_count = excluded.conversation_count, updated_at = now()`);
}

/**
 * Raises an alert for every employee of the company whose profile is at or above the threshold and
 * has none open: one INSERT … ON CONFLICT DO NOTHING on the one-open-alert-per-employee index, safe
 * when several copies run it at once. Returns how many were raised.
 */
export async function raiseAlerts(db: Executor, companyId: string): Promise<number> {
  // The alerts and their event commit together, so HR's bell rings once per alert (the outbox, decision 80).
  return db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; user_id: string; stress_score: number }>(
      tx,
      sql`insert into bot_alerts (company_id, user_id, stress_score)
          select p.company_id, p.user_id, p.stress_score from employee_wellbeing_profiles p
          join users u on u.id = p.user_id and u.company_id = p.company_id
          where p.company_id = ${companyId}::uuid and p.stress_score >= ${STRESS_ALERT_THRESHOLD}
          on conflict (user_id) where status = 'open' do nothing
          returning id, user_id, stress_score`,
    );
    if (rows.length > 0) {
      await recordEvent(tx, {
        type: 'wellbeing.alert',
        payload: { companyId, alerts: rows.map((row) => ({ alertId: row.id, userId: row.user_id, stressScore: Number(row.stress_score) })) },
      });
    }
    return rows.length;
  });
}
