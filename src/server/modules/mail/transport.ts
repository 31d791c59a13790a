/**
 * One way to send mail (issue 6): SMTP through nodemailer when SMTP_URL is set, otherwise the
 * development outbox, which prints each message and its link at the console and keeps it in the
 * `mail_outbox` table (config.ts refuses to start in production without SMTP_URL).
 */
import nodemailer from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type MailMessage = { to: string; subject: string; text: string; html: string; link: string | null };

/** `sendAll`: many at once (an import's invitations): one statement into the outbox, one SMTP connection reused. */
export type MailTransport = { send: (message: MailMessage) => Promise<void>; sendAll: (messages: MailMessage[]) => Promise<void> };

export function createMailTransport(db: Db, config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'logLevel'>): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    const send = async (message: MailMessage) => {
      await smtp.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
    };
    return {
      send,
      sendAll: async (messages) => {
        for (const message of messages) await send(message);
      },
    };
  }
  const sendAll = async (messages: MailMessage[]) => {
    for (let i = 0; i < messages.length; i += 1000) {
      await db.insert(mailOutbox).values(messages.slice(i, i + 1000).map((m) => ({ recipient: m.to, subject: m.subject, body: m.text, link: m.link })));
    }
    if (config.logLevel !== 'silent') {
      for (const m of messages) console.log(`\n  [correo de desarrollo] Para: ${m.to}\n  Asunto: ${m.subject}\n  Enlace: ${m.link ?? '—'}\n`);
    }
  };
  return { send: (message) => sendAll([message]), sendAll };
}
