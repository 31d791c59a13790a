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

export type MailTransport = { send: (message: MailMessage) => Promise<void> };

export function createMailTransport(db: Db, config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'logLevel'>): MailTransport {
  if (config.smtpUrl) {
    const smtp = nodemailer.createTransport(config.smtpUrl);
    return {
      send: async (message) => {
        await smtp.sendMail({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
      },
    };
  }
  return {
    send: async (message) => {
      await db.insert(mailOutbox).values({ recipient: message.to, subject: message.subject, body: message.text, link: message.link });
      if (config.logLevel !== 'silent') {
        console.log(`\n  [correo de desarrollo] Para: ${message.to}\n  Asunto: ${message.subject}\n  Enlace: ${message.link ?? '—'}\n`);
      }
    },
  };
}
