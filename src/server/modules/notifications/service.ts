/**
 * The bell (decision 84): notifications written by the workers from the domain events, and
 * read by their recipient only — paged newest first, an unread count, mark one or all as read.
 */
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { notificationText, type NotificationParams, type NotificationType } from '#domain/notifications';
import type { Notification } from '#domain/schemas/engine';
import { approverOf, isPendingStatus } from '#domain/request-lifecycle';
import { AppError } from '#domain/errors';
import { href, paths } from '#domain/paths';
import type { Actor } from '../../actor';
import type { Executor, Tx } from '../../db/client';
import { benefitCodes, benefitRequests, notifications, users } from '../../db/schema';
import { publishLive } from '../events/index';
import type { DomainEvent, RequestFacts } from '../events/index';

type NewNotification<T extends NotificationType = NotificationType> = { userId: string; type: T; params: NotificationParams[T]; link: string; subject?: string };

/** The subject key of a request's 'espera tu aprobación' (decision 202). */
const requestSubject = (requestId: string) => `request:${requestId}`;

/**
 * The request's status, its row locked against the deciding transaction and the other event's worker
 * (decision 202): the 'created' and 'decided' workers of one request run one after the other, so
 * whichever comes second sees what the first wrote.
 */
async function lockedRequestStatus(tx: Tx, requestId: string): Promise<string | undefined> {
  const [row] = await tx.select({ status: benefitRequests.status }).from(benefitRequests).where(eq(benefitRequests.id, requestId)).for('no key update');
  return row?.status;
}

/**
 * Marks done, for every reader, the open notifications of a subject that no longer needs them, and
 * rings those readers' bells at COMMIT. Answers whose were resolved.
 */
export async function resolveSubject(tx: Tx, subject: string): Promise<string[]> {
  const rows = await tx
    .update(notifications)
    .set({ resolvedAt: sql`now()`, readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.subject, subject), isNull(notifications.resolvedAt)))
    .returning({ userId: notifications.userId });
  const userIds = [...new Set(rows.map((row) => row.userId))];
  if (userIds.length > 0) await publishLive(tx, 'notifications', { userIds });
  return userIds;
}

/** Where each level handles its requests (the link of 'Nueva solicitud pendiente'). */
const REQUESTS_SCREEN = { company: href(paths.hr.requests), provider: href(paths.provider.root), admin: href(paths.admin.requests) } as const;

/** The approvers a pending request waits for (src/domain/request-lifecycle.ts), as user ids with their screen. */
async function approversOf(tx: Tx, payload: RequestFacts): Promise<{ userId: string; link: string }[]> {
  const approver = approverOf(payload.status);
  if (approver === 'provider') {
    return payload.providerUserId ? [{ userId: payload.providerUserId, link: REQUESTS_SCREEN.provider }] : [];
  }
  const level = approver === 'company' ? 2 : approver === 'admin' ? 1 : null;
  if (level === null || (level === 2 && !payload.companyId)) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.level, level), eq(users.status, 'active'), level === 2 ? eq(users.companyId, payload.companyId as string) : undefined))
    .limit(200);
  return rows.map((row) => ({ userId: row.id, link: level === 2 ? REQUESTS_SCREEN.company : REQUESTS_SCREEN.admin }));
}

/** The notifications an event produces (none for most). */
async function notificationsOf(tx: Tx, event: DomainEvent): Promise<NewNotification[]> {
  switch (event.type) {
    case 'tokens.moved':
      // A reward is told by its achievement, a refund by its rejection: one notification per fact.
      return event.payload.transfers
        .filter((t) => t.kind === 'grant' && t.delta > 0)
        .map((t) => ({ userId: t.userId, type: 'tokens_received', params: { amount: t.delta, tokenType: t.tokenType, reason: t.reason }, link: href(paths.employee.dashboard) }));
    case 'request.created': {
      const p = event.payload;
      // Created decided (approved at once): nobody is waited for, and a request only ever leaves
      // pending, so there is nothing to read or lock (one statement less per automatic redemption).
      if (!isPendingStatus(p.status)) return [];
      // Decided before this worker came (a retry, another copy): nobody is waited for any more.
      if (!isPendingStatus((await lockedRequestStatus(tx, p.requestId)) ?? '')) return [];
      const [employee] = await tx.select({ name: users.name }).from(users).where(eq(users.id, p.userId));
      return (await approversOf(tx, p)).map(({ userId, link }) => ({
        userId,
        type: 'request_waiting',
        params: { benefitName: p.benefitName, employeeName: employee?.name ?? 'Un empleado' },
        link,
        subject: requestSubject(p.requestId),
      }));
    }
    case 'request.decided': {
      const p = event.payload;
      await lockedRequestStatus(tx, p.requestId);
      await resolveSubject(tx, requestSubject(p.requestId));
      if (p.status === 'approved') {
        const [code] = await tx.select({ code: benefitCodes.code }).from(benefitCodes).where(eq(benefitCodes.requestId, p.requestId));
        return [{ userId: p.userId, type: 'request_approved', params: { benefitName: p.benefitName, code: code?.code ?? null }, link: href(paths.employee.requests) }];
      }
      const [request] = await tx
        .select({ tokenCost: benefitRequests.tokenCost, paid: benefitRequests.paidWithTokens, isJobby: benefitRequests.isBenefitJobby })
        .from(benefitRequests)
        .where(eq(benefitRequests.id, p.requestId));
      return [
        {
          userId: p.userId,
          type: 'request_rejected',
          params: {
            benefitName: p.benefitName,
            refund: request?.paid ? request.tokenCost : 0,
            tokenType: request ? (request.isJobby ? 'jobby' : 'company') : null,
          },
          link: href(paths.employee.requests),
        },
      ];
    }
    case 'tokens.reversed': {
      const p = event.payload;
      return [{ userId: p.userId, type: 'tokens_reversed', params: { amount: p.amount, tokenType: p.tokenType, reason: p.reason }, link: href(paths.employee.wallet) }];
    }
    case 'achievement.granted': {
      const p = event.payload;
      return [{ userId: p.userId, type: 'achievement_unlocked', params: { ruleName: p.ruleName, rewardTokens: p.rewardTokens }, link: href(paths.employee.dashboard) }];
    }
    case 'wellbeing.alert': {
      const p = event.payload;
      const hr = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.level, 2), eq(users.status, 'active'), eq(users.companyId, p.companyId)))
        .limit(200);
      const employees = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, p.alerts.map((a) => a.userId)));
      const nameOf = new Map(employees.map((e) => [e.id, e.name]));
      return hr.flatMap(({ id }) =>
        p.alerts.map((alert) => ({
          userId: id,
          type: 'wellbeing_alert' as const,
          params: { employeeName: nameOf.get(alert.userId) ?? 'Un empleado', stressScore: alert.stressScore },
          link: href(paths.hr.botMessaging),
        })),
      );
    }
    case 'bot.request.decided': {
      const p = event.payload;
      const hr = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.status, 'active'), eq(users.level, 2), eq(users.companyId, p.companyId)))
        .limit(200);
      return hr.map(({ id }) => ({ userId: id, type: 'bot_request_decided' as const, params: { approved: p.approved, reason: p.reason }, link: href(paths.hr.botMessaging) }));
    }
    case 'webhook.endpoint.disabled': {
      const p = event.payload;
      // Its owners: the company's HR admins, or the platform's level 1 admins for a platform endpoint.
      const owners = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.status, 'active'), p.companyId ? and(eq(users.level, 2), eq(users.companyId, p.companyId)) : eq(users.level, 1)))
        .limit(200);
      const link = href(p.companyId ? paths.hr.integrations : paths.admin.integrations);
      return owners.map(({ id }) => ({ userId: id, type: 'webhook_disabled' as const, params: { url: p.url }, link }));
      }
    case 'code.expiring': {
      const p = event.payload;
      // Used (or expired) since the job saw it: nothing to remind any more.
      const [code] = await tx
        .select({ id: benefitCodes.id })
        .from(benefitCodes)
        .where(and(eq(benefitCodes.id, p.codeId), eq(benefitCodes.status, 'active'), gt(benefitCodes.expiresAt, sql`now()`)));
      if (!code) return [];
      return [{ userId: p.userId, type: 'code_expiring', params: { benefitName: p.benefitName, expiresAt: p.expiresAt, daysLeft: p.daysLeft }, link: href(paths.employee.requests) }];
    }
    case 'code.used':
    case 'bot.message.received':
    case 'bot.reply.due':
    case 'employee.created':
    case 'tokens.assigned':
    case 'allowance.granted':
    case 'bot.checkin.due':
      return [];
  }
}

/** Where level 1 sees the dead events (the web's 'Eventos fallidos'). */
export const DEAD_EVENTS_SCREEN = href(paths.admin.deadEvents);

/**
 * Rings the bell of every active level 1 when events die (decision 366), in the worker's
 * transaction: written here directly, not through an event, so the alarm does not depend on the
 * machinery that is failing. The dead event's id is the key: a death is rung once per person.
 */
export async function notifyDeadEvents(tx: Tx, events: readonly { id: number; type: string }[]): Promise<void> {
  if (events.length === 0) return;
  const admins = await tx.select({ id: users.id }).from(users).where(and(eq(users.level, 1), eq(users.status, 'active'))).limit(200);
  if (admins.length === 0) return;
  const rows = events.flatMap((event) =>
    admins.map(({ id }) => ({ userId: id, type: 'event_dead' as const, params: { eventId: event.id, eventType: event.type }, link: DEAD_EVENTS_SCREEN, eventId: event.id })),
  );
  await tx.insert(notifications).values(rows).onConflictDoNothing();
  await publishLive(tx, 'notifications', { userIds: admins.map(({ id }) => id) });
}

/**
 * Writes the notifications of one event (in the worker's transaction) and rings the bells of their
 * recipients at COMMIT. The event id in the unique key makes a retried event notify once.
 */
export async function notifyEvent(tx: Tx, eventId: number, event: DomainEvent): Promise<void> {
  const rows = await notificationsOf(tx, event);
  if (rows.length === 0) return;
  for (let i = 0; i < rows.length; i += 1000) {
    await tx
      .insert(notifications)
      .values(rows.slice(i, i + 1000).map((row) => ({ ...row, eventId })))
      .onConflictDoNothing();
  }
  await publishLive(tx, 'notifications', { userIds: rows.map((row) => row.userId) });
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  const type = row.type as NotificationType;
  return {
    id: row.id,
    type,
    ...notificationText(type, row.params as Record<string, unknown>),
    link: row.link,
    read: row.readAt !== null,
    resolved: row.resolvedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's notifications, newest first. */
export async function listNotifications(db: Executor, query: { limit: number; offset: number }, actor: Actor): Promise<{ items: Notification[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(notifications).where(eq(notifications.userId, actor.id)).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(notifications).where(eq(notifications.userId, actor.id)),
  ]);
  return { items: rows.map(toNotification), total };
}

/** The badge: the caller's unread notifications (a partial index holds only those). */
export async function unreadCount(db: Executor, actor: Actor): Promise<{ unread: number }> {
  const [{ unread }] = await db.select({ unread: count() }).from(notifications).where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)));
  return { unread };
}

/** Marks one of the caller's notifications read. @throws NOT_FOUND for another user's (or no) notification. */
export async function markRead(db: Executor, id: string, actor: Actor): Promise<Notification> {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  await publishLive(db, 'notifications', { userIds: [actor.id] });
  return toNotification(row);
}

/** Marks all the caller's notifications read; answers how many were unread. */
export async function markAllRead(db: Executor, actor: Actor): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  await publishLive(db, 'notifications', { userIds: [actor.id] });
  return { updated: rows.length };
}

