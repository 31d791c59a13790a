/** What level 1 does to users: every level change, who made it and when. */
import { bigserial, index, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { users } from './auth';

/**
 * One row per level change made by an operator (spec part 1 §2 "Assign levels"). Kept when the changer's
 * account is deleted (changed_by is a plain id), gone with the user it describes.
 */
export const userLevelChanges = pgTable(
  'user_level_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null: the user had no level. */
    fromLevel: smallint('from_level'),
    toLevel: smallint('to_level'),
    changedBy: text('changed_by').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
  },
  (t) => [index('user_level_changes_user_idx').on(t.userId, t.changedAt)],
);

/**
 * An account waiting for its owner to choose a password (decision 212): created by HR (an employee) or
 * level 1 (an HR admin, a provider) without a password; the link is a better-auth reset token valid
 * INVITATION_DAYS. The row goes when the person sets a password (auth.ts onPasswordReset) or the
 * invitation is revoked (the account goes too). A row = 'Invitación pendiente'.
 */
export const invitations = pgTable(
  'invitations',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').notNull(),
    invitedAt: ts('invited_at').notNull().defaultNow(),
    /** The latest mail's time: a resend moves it and the link's expiry. */
    sentAt: ts('sent_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    /**
     * When the mail of the link issued at `sentAt` was accepted by the mail server (null until then):
     * a mail queued in a process that died is found by it and sent again (decision 310).
     */
    mailedAt: ts('mailed_at'),
  },
);
