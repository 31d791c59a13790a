/**
 * The bot starts conversations (decision 240). The job engine (jobs.ts, pg-boss) runs
 * `runCheckIns` every five minutes. For each company whose bot is on and names an approved WhatsApp
 * template, while Chile's clock is inside one of its windows (Monday to Friday, 08:00–21:00), each active employee
 * with a phone who has had no check-in this period (the company's analysis frequency) and wrote nothing
 * in the last 24 hours becomes due at their own moment of the window — a fraction of it drawn from
 * their id and the period, so the company's check-ins spread over the window instead of leaving at
 * its first tick. Being due is decided in ONE statement: an INSERT … ON CONFLICT DO NOTHING on the
 * check-in's key (person, period), so two server copies running the job at the same instant send once.
 * The same transaction records a `bot.checkin.due` event per claimed check-in; the outbox worker hands
 * the template message to the transport after the commit (`sendCheckIn`), as it does the replies.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  ANALYSIS_FREQUENCIES,
  CHECK_IN_DEFAULT_LANGUAGE,
  CHECK_IN_DEFAULT_WINDOWS,
  CHECK_IN_EARLIEST_MINUTES,
  CHECK_IN_LATEST_MINUTES,
  CHECK_IN_QUIET_HOURS,
  CHECK_IN_TIME_ZONE,
  isCheckInTime,
  parseCheckInWindow,
} from '#domain/bot';
import { queryRows, type Db, type Executor } from '../../db/client';
import { botCheckIns, companies } from '../../db/schema';
import { recordEvents } from '../events/index';
import { periodStartSql } from './periodic';
import { botIsOn } from './settings';
import { templateMessage, type BotTransport, type TemplateMessage } from './transport';

/** Chile's weekday (1 Monday … 7 Sunday) and minutes since midnight at `at`. */
export function santiagoClock(at: Date): { weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: CHECK_IN_TIME_ZONE, weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(part('weekday')) + 1;
  return { weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60 };
}

/** How often the job runs (jobs.ts): the window's last tick comes at most this long before its end. */
export const CHECK_IN_TICK_MINUTES = 5;

/**
 * How far through the first window that holds `minutes`: 0 at its start, 1 from its last tick on (so
 * everyone's moment comes while the window is open); null outside every window. A window stored
 * before the 08:00–21:00 rule counts only for its part inside those hours (decision 357).
 */
export function windowProgress(windows: readonly string[], minutes: number): number | null {
  for (const text of windows) {
    const parsed = parseCheckInWindow(text);
    const window = parsed && { start: Math.max(parsed.start, CHECK_IN_EARLIEST_MINUTES), end: Math.min(parsed.end, CHECK_IN_LATEST_MINUTES) };
    if (window && window.end > window.start && minutes >= window.start && minutes < window.end) {
      const span = window.end - window.start - CHECK_IN_TICK_MINUTES;
      return span <= 0 ? 1 : Math.min(1, (minutes - window.start) / span);
    }
  }
  return null;
}

type CheckInRunResult = { checkIns: number };

export async function runCheckIns(db: Db, options: { now?: Date } = {}): Promise<CheckInRunResult> {
  const now = options.now ?? new Date();
  const clock = santiagoClock(now);
  // Working days and hours only, whatever a stored window says: nobody is asked how they are on a
  // Saturday morning or at 02:00 (decision 357).
  if (!isCheckInTime(clock.weekday, clock.minutes)) return { checkIns: 0 };
  const active = await db.select({ id: companies.id, config: companies.botConfig }).from(companies).where(botIsOn);
  let checkIns = 0;
  for (const company of active) {
    const config = company.config ?? {};
    const frequency = config.analysisFrequency ?? 'weekly';
    if (!config.checkInTemplate || !ANALYSIS_FREQUENCIES.includes(frequency)) continue;
    const progress = windowProgress(config.checkInWindows ?? CHECK_IN_DEFAULT_WINDOWS, clock.minutes);
    if (progress === null) continue;
    checkIns += await claimDueCheckIns(db, { companyId: company.id, template: config.checkInTemplate, language: config.checkInLanguage ?? CHECK_IN_DEFAULT_LANGUAGE, frequency, progress, now });
  }
  return { checkIns };
}

/**
 * Claims, in one statement, the check-ins of the company's employees due at `progress` of the window,
 * with their template message, and records one event per claim in the same transaction.
 */
async function claimDueCheckIns(
  db: Db,
  input: { companyId: string; template: string; language: string; frequency: (typeof ANALYSIS_FREQUENCIES)[number]; progress: number; now: Date },
): Promise<number> {
  const at = sql`${input.now.toISOString()}::timestamptz`;
  const periodStart = periodStartSql(input.frequency, input.now);
  return db.transaction(async (tx) => {
    const candidates = await queryRows<{ id: string; name: string; phone: string }>(
      tx,
      sql`select u.id, u.name, u.phone from users u
          where u.company_id = ${input.companyId}::uuid and u.level = 3 and u.status = 'active' and u.phone is not null
            -- their moment of the window: a fraction in [0, 1) from their id and the period
            and ('x' || substr(md5(u.id || ${periodStart}::text), 1, 8))::bit(32)::bigint / 4294967296.0 <= ${input.progress}
            and not exists (select 1 from bot_check_ins c where c.user_id = u.id and c.period_start = ${periodStart})
            and not exists (select 1 from bot_messages m where m.user_id = u.id and m.direction = 'inbound'
                             and m.sent_at > ${at} - make_interval(hours => ${CHECK_IN_QUIET_HOURS}))`,
    );
    if (candidates.length === 0) return 0;
    const claimed = await tx
      .insert(botCheckIns)
      .values(
        candidates.map((person) => ({
          userId: person.id,
          periodStart,
          companyId: input.companyId,
          phoneNumber: person.phone,
          template: input.template,
          language: input.language,
          payload: templateMessage(person.phone, input.template, input.language, [firstName(person.name)]),
          createdAt: input.now,
        })),
      )
      // Another copy claimed the same person and period first: that copy sends, this one does not.
      .onConflictDoNothing()
      .returning({ id: botCheckIns.id });
    await recordEvents(
      tx,
      claimed.map((row) => ({ type: 'bot.checkin.due' as const, payload: { checkInId: row.id } })),
    );
    return claimed.length;
  });
}

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/**
 * Hands a claimed check-in's template message to the transport and records how it went, in the
 * worker's transaction; only a check-in without a delivery status is sent (as `sendQueuedReply`).
 */
export async function sendCheckIn(tx: Executor, checkInId: string, transport: BotTransport, sentAt: Date = new Date()): Promise<void> {
  const [checkIn] = await tx
    .select({ payload: botCheckIns.payload })
    .from(botCheckIns)
    .where(and(eq(botCheckIns.id, checkInId), isNull(botCheckIns.deliveryStatus)))
    .for('update');
  if (!checkIn) return;
  const result = await transport.sendTemplate(checkIn.payload as TemplateMessage);
  await tx.update(botCheckIns).set({ deliveryStatus: result.status, deliveryNote: result.note, deliveredAt: sentAt }).where(eq(botCheckIns.id, checkInId));
}
