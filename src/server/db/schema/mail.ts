/** The development outbox: every mail sent without SMTP, with its link. */
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * The development outbox: every mail sent without SMTP_URL, so that a developer (and the browser
 * journeys) can open the verification and reset links. Never written when SMTP is configured.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_recipient_idx').on(t.recipient, t.createdAt)],
);
