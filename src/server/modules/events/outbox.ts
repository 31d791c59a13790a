/**
 * The one hook every state-changing transaction calls: it appends the domain event to the
 * outbox and tells the live screens, both inside the caller's transaction — PostgreSQL delivers a
 * NOTIFY only at COMMIT, so nothing is announced that could still roll back, and every server copy
 * that LISTENs hears it (ARCHITECTURE §1).
 */
import { sql, type SQL } from 'drizzle-orm';
import { rawBuiltOnce, value } from '../../db/built-once';
import type { Executor } from '../../db/client';
import type { DomainEvent, LiveAudience, LiveMessage, LiveTopic } from './types';

/** The channel that wakes the outbox workers of every copy. */
export const OUTBOX_CHANNEL = 'jobby_outbox';
/** The channel of live-screen messages (JSON LiveMessage). */
export const LIVE_CHANNEL = 'jobby_live';

/** NOTIFY payloads stop at 8000 bytes: a long list of users goes out in slices. */
const USERS_PER_MESSAGE = 100;

/**
 * Tells the live screens of `audience` that `topic` changed, at the caller's COMMIT (or at once
 * outside a transaction).
 */
export async function publishLive(db: Executor, topic: LiveTopic, audience: LiveAudience): Promise<void> {
  await notifyAll(db, liveMessages(topic, audience).map((message) => [LIVE_CHANNEL, JSON.stringify(message)]));
}

function liveMessages(topic: LiveTopic, audience: LiveAudience): LiveMessage[] {
  const userIds = [...new Set(audience.userIds ?? [])];
  const messages: LiveMessage[] = [];
  if (audience.hrOf?.length || audience.admins) messages.push({ topic, hrOf: audience.hrOf ? [...new Set(audience.hrOf)] : undefined, admins: audience.admins });
  for (let i = 0; i < userIds.length; i += USERS_PER_MESSAGE) messages.push({ topic, userIds: userIds.slice(i, i + USERS_PER_MESSAGE) });
  return messages;
}

/** Several NOTIFYs in one round trip. */
async function notifyAll(db: Executor, notices: [channel: string, payload: string][]): Promise<void> {
  if (notices.length === 0) return;
  await db.execute(sql`select ${sql.join(notices.map(([channel, payload]) => sql`pg_notify(${channel}, ${payload})`), sql`, `)}`);
}

/** Who sees an event live, and under which topic. */
function liveOf(event: DomainEvent): { topic: LiveTopic; audience: LiveAudience }[] {
  switch (event.type) {
    case 'tokens.moved': {
      const { transfers } = event.payload;
      return [
        {
          topic: 'balances',
          audience: {
            userIds: transfers.map((t) => t.userId),
            hrOf: transfers.flatMap((t) => (t.companyId ? [t.companyId] : [])),
            admins: true,
          },
        },
      ];
    }
    case 'request.created':
    case 'request.decided':
    case 'code.used': {
      const { userId, companyId, providerUserId } = event.payload;
      return [
        {
          topic: event.type === 'code.used' ? 'codes' : 'requests',
          audience: { userIds: providerUserId ? [userId, providerUserId] : [userId], hrOf: companyId ? [companyId] : [], admins: true },
        },
      ];
    }
    case 'achievement.granted':
      return [{ topic: 'achievements', audience: { userIds: [event.payload.userId], admins: true } }];
    case 'wellbeing.alert':
      // HR's alert table and profiles refresh at once; the bell follows when the worker has written
      // the notifications. The topic names no person and carries no wellbeing content.
      return [{ topic: 'wellbeing', audience: { hrOf: [event.payload.companyId] } }];
    case 'code.expiring':
    case 'bot.message.received':
    case 'bot.reply.due':
    case 'bot.checkin.due':
      // Work for the workers only; what it produces (an alert) is announced by its own event.
      return [];
    case 'employee.created':
    case 'tokens.assigned':
    case 'tokens.reversed':
    case 'allowance.granted':
    case 'webhook.endpoint.disabled':
    case 'bot.request.decided':
      // For the webhooks and the bell; the screens hear the change itself (tokens.moved, the notifications).
      return [];
  }
}

/**
 * Records `event` in the caller's transaction: the outbox row, the workers' wake-up call, and the
 * live message of the change itself (notifications follow when the workers have written them).
 */
export async function recordEvent(tx: Executor, event: DomainEvent): Promise<void> {
  await recordEvents(tx, [event]);
}

/**
 * Records several events in ONE statement (one round trip): the outbox rows in a data-modifying
 * CTE, and the wake-up call and live messages as the statement's own pg_notify() calls. Events and
 * notices travel as two JSON arrays, so one text serves every call (built once, decision 324).
 */
export async function recordEvents(tx: Executor, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  await recordOnce(tx, recordingValues(events));
}

/**
 * The outbox's two arrays for these events, as jobby_record_events (migration 0029) takes them: the
 * events' rows, and the notices — the workers' wake-up call per type and the live screens' messages.
 */
export function recordingOf(events: readonly DomainEvent[]): { events: { type: string; payload: unknown }[]; notices: [channel: string, payload: string][] } {
  const live = events.flatMap((event) => liveOf(event).flatMap(({ topic, audience }) => liveMessages(topic, audience)));
  const notices: [string, string][] = [
    ...[...new Set(events.map((event) => event.type))].map((type): [string, string] => [OUTBOX_CHANNEL, type]),
    ...live.map((message): [string, string] => [LIVE_CHANNEL, JSON.stringify(message)]),
  ];
  return { events: events.map(({ type, payload }) => ({ type, payload })), notices };
}

/** The values of recordingSql's placeholders `events` and `notices` for these events. */
export function recordingValues(events: readonly DomainEvent[]): { events: string; notices: string } {
  const recording = recordingOf(events);
  return { events: JSON.stringify(recording.events), notices: JSON.stringify(recording.notices) };
}

/**
 * The statement that records the events of the placeholders `events` and `notices`
 * (recordingValues) through jobby_record_events, after `first`: a data-modifying CTE (`name as (…)`)
 * of the caller's, so that its write and the events go in one round trip. Events are inserted in
 * array order: the rows take their ids, and the workers their turns, in the order the events were given.
 */
export function recordingSql(first?: SQL): SQL {
  return sql`${first ? sql`with ${first} ` : sql``}select jobby_record_events(${value('events')}::jsonb, ${value('notices')}::jsonb) as notified`;
}

const recordOnce = rawBuiltOnce<{ notified: number }, { events: string; notices: string }>('jobby_record_events', recordingSql());
