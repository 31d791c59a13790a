/**
 * One way to send mail: SMTP through nodemailer when SMTP_URL is set, otherwise the
 * development outbox, which prints each message and its link at the console and keeps it in the
 * `mail_outbox` table (config.ts refuses to start in production without SMTP_URL).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Logger } from '../../lib/log';
import { mailOutbox } from '../../db/schema';

export type MailMessage = { to: string; subject: string; text: string; html: string; link: string | null };

/**
 * `send`: one message, resolved once it is delivered (the outbox row, or the SMTP server's answer).
 * `queueAll`: many at once (an import's invitations, decision 290), resolved once they are the
 * transport's to deliver: the outbox's one INSERT per 1,000; with SMTP, handed to a pooled connection
 * that sends them in the background (a failure is logged, never thrown: the accounts stay
 * 'Invitación pendiente' and 'Reenviar' makes a new link). `delivered`, when given, is called once
 * per batch with the messages the server accepted (after the sending, so possibly after `queueAll`
 * resolved): invitations record it, and those never confirmed are sent again (decision 310).
 * `close` waits for what is still queued.
 */
export type MailTransport = {
  send: (message: MailMessage) => Promise<void>;
  queueAll: (messages: MailMessage[], delivered?: (messages: MailMessage[]) => Promise<void>) => Promise<void>;
  close: () => Promise<void>;
};

/** Tells `delivered` what was delivered; its own failure is logged (the sweep sends those again). */
async function confirm(log: Logger, delivered: ((messages: MailMessage[]) => Promise<void>) | undefined, messages: MailMessage[]): Promise<void> {
  if (!delivered || messages.length === 0) return;
  try {
    await delivered(messages);
  } catch (error) {
    log.error({ err: error, messages: messages.length }, 'No se pudo registrar el envío de los correos');
  }
}

/** At shutdown, how long `close` waits for queued SMTP mail before giving up on it. */
const CLOSE_WAIT_MS = 30_000;

/** `log`: the server's (pino) logger; a failed background send is logged there with its error. */
export function createMailTransport(db: Db, config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'logLevel'>, log: Logger): MailTransport {
  const smtpUrl = config.smtpUrl;
  if (smtpUrl) {
    const envelope = (message: MailMessage) => ({ from: config.mailFrom, to: message.to, subject: message.subject, text: message.text, html: message.html });
    const smtp = nodemailer.createTransport(smtpUrl);
    // Without `pool`, nodemailer opens a connection per message (~110 ms each even to a local server,
    // measured in decision 290); the pool keeps up to 5 open while a batch is sent and is closed after it.
    let pool: Transporter | null = null;
    const inFlight = new Set<Promise<void>>();
    const pooled = () => {
      if (!pool) {
        const url = new URL(smtpUrl);
        url.searchParams.set('pool', 'true');
        pool = nodemailer.createTransport(url.toString());
      }
      return pool;
    };
    const queueAll: MailTransport['queueAll'] = async (messages, delivered) => {
      if (messages.length === 0) return;
      const transport = pooled();
      const batch = Promise.allSettled(messages.map((m) => transport.sendMail(envelope(m)))).then(async (results) => {
        const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed.length > 0) log.error({ err: failed[0].reason, failed: failed.length, messages: messages.length }, 'No se pudieron enviar algunos correos');
        await confirm(log, delivered, messages.filter((_m, i) => results[i].status === 'fulfilled'));
      });
      inFlight.add(batch);
      void batch.finally(() => {
        inFlight.delete(batch);
        if (inFlight.size === 0 && pool === transport) {
          pool = null;
          transport.close();
        }
      });
    };
    return {
      send: async (message) => {
        await smtp.sendMail(envelope(message));
      },
      queueAll,
      close: async () => {
        if (inFlight.size > 0) {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
          clearTimeout(timer);
        }
        pool?.close();
        smtp.close();
      },
    };
  }
  const queueAll: MailTransport['queueAll'] = async (messages, delivered) => {
    for (let i = 0; i < messages.length; i += 1000) {
      await db.insert(mailOutbox).values(messages.slice(i, i + 1000).map((m) => ({ recipient: m.to, subject: m.subject, body: m.text, link: m.link })));
    }
    if (config.logLevel !== 'silent') {
      for (const m of messages) console.log(`\n  [correo de desarrollo] Para: ${m.to}\n  Asunto: ${m.subject}\n  Enlace: ${m.link ?? '—'}\n`);
    }
    // The outbox row is the delivery.
    await confirm(log, delivered, messages);
  };
  return { send: (message) => queueAll([message]), queueAll, close: async () => undefined };
}
