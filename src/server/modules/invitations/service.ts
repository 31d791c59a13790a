/**
 * Invitations (decision 212): an account made without a password, whose owner chooses one from a
 * Spanish mail valid INVITATION_DAYS. The link is better-auth's own reset-password token
 * (`reset-password:<token's hash>` → user id, as the legacy import's, decisions 157 and 354) on the app's
 * /reset-password page, which words itself as an invitation when the link says so. Setting the
 * password accepts it (auth.ts onPasswordReset → acceptInvitation).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNull, like, lte, sql } from 'drizzle-orm';
import { INVITATION_DAYS } from '#domain/employee-import';
import { AppError } from '#domain/errors';
import { RESET_PASSWORD_PREFIX, resetPasswordIdentifier } from '../../accounts/verification-tokens';
import type { AppConfig } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { companies, invitations, sessions, users, verifications } from '../../db/schema';
import { invitationMail } from '../mail/index';
import type { MailMessage, MailTransport } from '../mail/index';
import { deleteAccountWithoutHistory } from '../../accounts/delete-account';
import type { Logger } from '../../lib/log';

/**
 * A mail to send after COMMIT: never from inside the transaction that made its link. `issuedAt` is
 * the invitation's `sent_at` for that link: the mail's delivery is recorded against it only.
 */
export type InvitationMail = { userId: string; email: string; name: string; token: string; companyName: string | null; issuedAt: Date };

/** How long an invitation may wait for its mail's delivery before the sweep sends it again. */
export const UNMAILED_GRACE_MS = 10 * 60_000;
/** Invitations the sweep sends per run (the next run takes the rest). */
const UNMAILED_BATCH = 1000;

const DAY_MS = 86_400_000;

const resetLinks = like(verifications.identifier, `${RESET_PASSWORD_PREFIX}%`);

/**
 * A new link for each person, valid until `expiresAt`; their earlier links stop working. The token
 * exists in clear only in the mail: the row keeps its hash (decision 354).
 */
async function newLinks(
  tx: Tx,
  people: Array<{ id: string; email: string; name: string; companyName: string | null; issuedAt: Date; expiresAt: Date }>,
): Promise<InvitationMail[]> {
  if (people.length === 0) return [];
  await tx.delete(verifications).where(and(resetLinks, inArray(verifications.value, people.map((p) => p.id))));
  const links = people.map((p) => ({ person: p, token: randomBytes(24).toString('base64url') }));
  await tx.insert(verifications).values(links.map(({ person, token }) => ({ id: randomUUID(), identifier: resetPasswordIdentifier(token), value: person.id, expiresAt: person.expiresAt })));
  return links.map(({ person, token }) => ({ userId: person.id, email: person.email, name: person.name, token, companyName: person.companyName, issuedAt: person.issuedAt }));
}

/**
 * New links for `people` (any earlier link of theirs stops working) and their invitation rows, in
 * bulk: one statement per table per call. Returns the mails to send after COMMIT.
 */
export async function issueInvitations(
  tx: Tx,
  people: Array<{ id: string; email: string; name: string }>,
  invitedBy: string,
  companyName: string | null,
): Promise<InvitationMail[]> {
  if (people.length === 0) return [];
  const now = new Date();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  const ids = people.map((p) => p.id);
  const mails = await newLinks(tx, people.map((p) => ({ ...p, companyName, issuedAt: now, expiresAt })));
  await tx
    .insert(invitations)
    .values(ids.map((userId) => ({ userId, invitedBy, invitedAt: now, sentAt: now, expiresAt, mailedAt: null })))
    .onConflictDoUpdate({ target: invitations.userId, set: { sentAt: now, expiresAt, invitedBy, mailedAt: null } });
  return mails;
}

/** The link of an invitation mail: the reset page, worded as an invitation (`invitacion=1`). */
export function invitationLink(config: Pick<AppConfig, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&invitacion=1`;
}

/**
 * Hands the mails to the transport after COMMIT, all in one go (`queueAll`: with SMTP they go out in the
 * background, so an import's chunk does not wait for 500 deliveries; decision 290), and records each
 * delivery on its invitation (`mailed_at`, for the link it carried). A failed send is logged and does
 * not undo the accounts; a mail never delivered — refused, or lost with a process that died — is sent
 * again by `resendUnmailedInvitations` (decision 310), and 'Reenviar invitación' makes a new link.
 */
export async function sendInvitationMails(db: Executor, mail: MailTransport, config: Pick<AppConfig, 'publicUrl'>, mails: InvitationMail[], log: Logger): Promise<void> {
  if (mails.length === 0) return;
  const invitationOf = new Map<MailMessage, InvitationMail>();
  const messages = mails.map((m) => {
    const message = invitationMail({ email: m.email, name: m.name }, invitationLink(config, m.token), INVITATION_DAYS, m.companyName);
    invitationOf.set(message, m);
    return message;
  });
  try {
    await mail.queueAll(messages, (delivered) => recordMailed(db, delivered.flatMap((message) => invitationOf.get(message) ?? [])));
  } catch (error) {
    log.error({ err: error, invitations: mails.length }, 'No se pudieron enviar las invitaciones');
  }
}

/** `mailed_at` of each delivered invitation, if it still holds the link the mail carried. */
async function recordMailed(db: Executor, delivered: InvitationMail[]): Promise<void> {
  const byIssue = new Map<number, string[]>();
  for (const m of delivered) {
    const userIds = byIssue.get(m.issuedAt.getTime());
    if (userIds) userIds.push(m.userId);
    else byIssue.set(m.issuedAt.getTime(), [m.userId]);
  }
  for (const [issuedAt, userIds] of byIssue) {
    await db
      .update(invitations)
      .set({ mailedAt: sql`now()` })
      .where(and(inArray(invitations.userId, userIds), eq(invitations.sentAt, new Date(issuedAt)), isNull(invitations.mailedAt)));
  }
}

/** Whom an invitation's mail is addressed to (read from invitations ⋈ users ⟕ companies). */
const inviteeColumns = { email: users.email, name: users.name, companyName: companies.name };

/**
 * Sends again the pending invitations whose mail was never delivered `graceMs` after its link was
 * issued (the process that queued it died, or the mail server refused it), to people still active (HR
 * may have deactivated one meanwhile), while the invitation is valid. The link is a new one, valid
 * until the invitation's own expiry: the first one's token was never kept (only its hash, decision
 * 354), and it stops working. At least once: a mail delivered just before a crash, unrecorded, is
 * sent again, and then only the second link works. The invitations are taken with SKIP LOCKED, so
 * a resend by HR meanwhile, or another process's sweep, is never waited for nor doubled.
 * Returns how many it sent. Run by the scheduler (jobs.ts) and at every start.
 */
export async function resendUnmailedInvitations(db: Db, mail: MailTransport, config: Pick<AppConfig, 'publicUrl'>, log: Logger, graceMs = UNMAILED_GRACE_MS): Promise<number> {
  const mails = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: invitations.userId, ...inviteeColumns, issuedAt: invitations.sentAt, expiresAt: invitations.expiresAt })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.userId))
      .leftJoin(companies, eq(companies.id, users.companyId))
      .where(and(isNull(invitations.mailedAt), eq(users.status, 'active'), lte(invitations.sentAt, new Date(Date.now() - graceMs)), gt(invitations.expiresAt, sql`now()`)))
      .orderBy(invitations.sentAt)
      .limit(UNMAILED_BATCH)
      .for('update', { of: invitations, skipLocked: true });
    return newLinks(tx, rows);
  });
  await sendInvitationMails(db, mail, config, mails, log);
  return mails.length;
}

/** Who may handle whose invitation: HR its company's employees; level 1 HR admins and providers. */
export type InvitationScope = { kind: 'company'; companyId: string } | { kind: 'platform' };

function inScope(scope: InvitationScope) {
  return scope.kind === 'company' ? and(eq(users.companyId, scope.companyId), eq(users.level, 3)) : inArray(users.level, [2, 4]);
}

/**
 * The pending invitation of `userId` in `scope`, its row locked. Someone outside the scope, or
 * without a pending invitation, answers INVITATION_NOT_FOUND (404: another company's person is not
 * told apart from nobody).
 */
async function pendingInvitation(tx: Tx, userId: string, scope: InvitationScope) {
  const [row] = await tx
    .select({ id: users.id, status: users.status, ...inviteeColumns })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .where(and(eq(invitations.userId, userId), inScope(scope)))
    .for('update', { of: invitations });
  if (!row) throw new AppError('INVITATION_NOT_FOUND');
  return row;
}

/**
 * 'Reenviar invitación': a new 7-day link; the previous one stops working. A disabled person is not
 * sent one (decision 354): HR activates the account first. @throws INVITATION_NOT_FOUND; INVITATION_USER_DISABLED.
 */
export async function resendInvitation(db: Db, userId: string, scope: InvitationScope, actorId: string): Promise<InvitationMail[]> {
  return db.transaction(async (tx) => {
    const person = await pendingInvitation(tx, userId, scope);
    if (person.status !== 'active') throw new AppError('INVITATION_USER_DISABLED');
    return issueInvitations(tx, [person], actorId, person.companyName);
  });
}

/**
 * 'Revocar invitación', at any time (decision 354): the link stops working and the invitation ends.
 * The account, which never had a password, is removed (its place under maxUsers is free again) —
 * unless it already has history (HR assigned it tokens meanwhile): then it is disabled instead,
 * keeping its history, as HR's 'Desactivar' would. Returns which of the two happened.
 * @throws INVITATION_NOT_FOUND.
 */
export async function revokeInvitation(db: Db, userId: string, scope: InvitationScope, actorId: string): Promise<'deleted' | 'disabled'> {
  return db.transaction(async (tx) => {
    await pendingInvitation(tx, userId, scope);
    await tx.delete(verifications).where(and(resetLinks, eq(verifications.value, userId)));
    try {
      await deleteAccountWithoutHistory(tx, userId);
      return 'deleted';
    } catch (error) {
      // Refused before anything was deleted: the check is its first statement.
      if (!(error instanceof AppError) || error.code !== 'USER_HAS_HISTORY') throw error;
    }
    await tx.delete(invitations).where(eq(invitations.userId, userId));
    await tx.update(users).set({ status: 'inactive', updatedAt: new Date(), updatedBy: actorId }).where(eq(users.id, userId));
    // Its sessions end, as users/service.ts disableUser's (not imported: users → companies → here).
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return 'disabled';
  });
}

/**
 * The person chose a password (from the invitation or any reset link): the invitation is accepted,
 * and the address, proven by the mail, counts as verified.
 */
export async function acceptInvitation(db: Executor, userId: string): Promise<void> {
  const accepted = await db.delete(invitations).where(eq(invitations.userId, userId)).returning({ userId: invitations.userId });
  if (accepted.length > 0) await db.update(users).set({ emailVerified: true, updatedAt: sql`now()` }).where(eq(users.id, userId));
}
