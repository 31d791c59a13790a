/**
 * The background work of a server copy (decisions 80 and 83; docs/operations.md):
 * - the outbox workers, woken at every COMMIT that records an event (LISTEN jobby_outbox) and by a
 *   sweep every 30 s (retries, and events committed while this copy was down);
 * - the webhook delivery worker, woken when deliveries are written (LISTEN
 *   jobby_webhooks) and by the same sweep (retries as they come due);
 * - pg-boss, the one scheduler ("at this time, do that"), which keeps its queue and schedules in
 *   PostgreSQL (schema `pgboss`): the monthly allowance's cron, 1st of the month at 00:05
 *   America/Santiago, with retries, and the bot's periodic analysis every ten minutes (each company's
 *   period is claimed once, whoever runs it: bot/periodic.ts), and the bot's check-ins every five
 *   minutes (each person's check-in of a period is claimed once, whoever runs it: bot/check-ins.ts), and every hour the bell's reminder of
 *   unused codes about to lapse (each code reminded once by a unique key: codes/expiry-reminder.ts), and
 *   every ten minutes the invitations whose mail was never delivered (decision 310: sent again with
 *   the same link; at least once);
 * - the catch-up at start: the month due now is granted if it was not (a copy down on the 1st).
 * Every piece is safe with several copies: SKIP LOCKED for events, unique keys for grants, and
 * pg-boss's own once-per-minute cron lock.
 */
import PgBoss from 'pg-boss';
import type { Database } from './db/client';
import { outboxOptions, type WorkerDeps } from './event-handlers';
import type { Logger } from './lib/log';
import { processPendingEvents } from './outbox-worker';
import { grantMonth, dueMonth } from './modules/allowance/index';
import { listenerFor } from './modules/events/index';
import { OUTBOX_CHANNEL } from './modules/events/index';
import { CHECK_IN_TICK_MINUTES, runCheckIns } from './modules/bot/index';
import { runPeriodicBotAnalysis } from './modules/bot/index';
import { remindExpiringCodes } from './modules/codes/index';
import { resendUnmailedInvitations } from './modules/invitations/index';
import type { MailTransport } from './modules/mail/index';
import type { WebhookAddressPolicy } from './modules/webhooks/index';
import { deliverDueWebhooks } from './modules/webhooks/index';
import { WEBHOOK_CHANNEL } from './modules/webhooks/index';

const MONTHLY_QUEUE = 'monthly-allowance';
const MONTHLY_CRON = '5 0 1 * *';
const BOT_ANALYSIS_QUEUE = 'bot-periodic-analysis';
const BOT_ANALYSIS_CRON = '*/10 * * * *';
const BOT_CHECK_IN_QUEUE = 'bot-check-ins';
/** A window of an hour gets twelve ticks: each person's moment in it is met within one tick. */
const BOT_CHECK_IN_CRON = `*/${CHECK_IN_TICK_MINUTES} * * * *`;
const CODE_REMINDER_QUEUE = 'code-expiry-reminder';
const CODE_REMINDER_CRON = '17 * * * *';
const INVITATION_MAIL_QUEUE = 'invitation-mail-sweep';
const INVITATION_MAIL_CRON = '*/10 * * * *';
const SWEEP_MS = 30_000;

/** pg-boss on the embedded PGlite: its multi-statement scripts go through exec(), the rest through query(). */
function pgliteAdapter(database: Database) {
  const client = database.pglite;
  if (!client) throw new Error('pgliteAdapter needs PGlite');
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await client.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

type Jobs = { drain: () => Promise<void>; stop: () => Promise<void> };

/** One run of `work` at a time; a wake-up during a run runs it once more after. */
function serialised(work: () => Promise<void>, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await work();
      } while (again);
    })()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  return { run, running: () => running };
}

/** `log`: pino's (Fastify's logger from main.ts); errors go out as `{ err, job }` with their stack. */
export async function startJobs(database: Database, log: Logger, deps: WorkerDeps & { webhookPolicy: WebhookAddressPolicy; webhookSecretKey: Buffer; mail: MailTransport; publicUrl: string }): Promise<Jobs> {
  const { db } = database;
  // The handlers log their own failures, with the event's id, type, attempt and company.
  const outbox = outboxOptions({ botTransport: deps.botTransport, log });
  const events = serialised(
    () => processPendingEvents(db, outbox).then(() => undefined),
    (err) => log.error({ err, job: 'outbox' }, 'Cola de eventos: la tanda falló'),
  );
  const drain = events.run;
  // Webhooks out: woken when deliveries are written or retried; the sweep takes the retries as they come due.
  const webhooks = serialised(
    () => deliverDueWebhooks(db, { policy: deps.webhookPolicy, secretKey: deps.webhookSecretKey }).then(() => undefined),
    (err) => log.error({ err, job: 'webhooks' }, 'Envío de webhooks falló'),
  );
  // A LISTEN lost and back (a failover, a restart) wakes its worker once: what was committed meanwhile
  // is not left for the sweep (decision 344).
  const listen = listenerFor(database, log);
  const unlisten = await listen(OUTBOX_CHANNEL, () => void drain(), () => void drain());
  const unlistenWebhooks = await listen(WEBHOOK_CHANNEL, () => void webhooks.run(), () => void webhooks.run());
  const sweep = setInterval(() => {
    void drain();
    void webhooks.run();
  }, SWEEP_MS);

  /** A scheduled job's failure, logged with its stack and queue; pg-boss then retries it as configured. */
  const logged = (job: string, work: () => Promise<void>) => async () => {
    try {
      await work();
    } catch (err) {
      log.error({ err, job }, 'Tarea programada falló');
      throw err;
    }
  };
  const boss = new PgBoss(database.pglite ? { db: pgliteAdapter(database) } : { connectionString: database.url ?? undefined, max: 2 });
  boss.on('error', (err) => log.error({ err, job: 'pg-boss' }, 'pg-boss falló'));
  await boss.start();
  await boss.createQueue(MONTHLY_QUEUE);
  await boss.schedule(MONTHLY_QUEUE, MONTHLY_CRON, {}, { tz: 'America/Santiago' });
  await boss.work(MONTHLY_QUEUE, logged(MONTHLY_QUEUE, async () => {
    const made = await grantMonth(db, dueMonth(new Date()));
    log.info(`Asignación mensual: ${made} asignaciones`);
  }));
  await boss.createQueue(BOT_ANALYSIS_QUEUE);
  await boss.schedule(BOT_ANALYSIS_QUEUE, BOT_ANALYSIS_CRON, {}, { tz: 'America/Santiago' });
  await boss.work(BOT_ANALYSIS_QUEUE, logged(BOT_ANALYSIS_QUEUE, async () => {
    const { companiesAnalysed, alertsRaised } = await runPeriodicBotAnalysis(db);
    if (companiesAnalysed > 0) log.info(`Análisis periódico del bot: ${companiesAnalysed} empresas, ${alertsRaised} alertas`);
  }));
  await boss.createQueue(BOT_CHECK_IN_QUEUE);
  await boss.schedule(BOT_CHECK_IN_QUEUE, BOT_CHECK_IN_CRON, {}, { tz: 'America/Santiago' });
  await boss.work(BOT_CHECK_IN_QUEUE, logged(BOT_CHECK_IN_QUEUE, async () => {
    const { checkIns } = await runCheckIns(db);
    if (checkIns > 0) log.info(`Check-ins del bot: ${checkIns}`);
  }));
  await boss.createQueue(CODE_REMINDER_QUEUE);
  await boss.schedule(CODE_REMINDER_QUEUE, CODE_REMINDER_CRON, {}, { tz: 'America/Santiago' });
  await boss.work(CODE_REMINDER_QUEUE, logged(CODE_REMINDER_QUEUE, async () => {
    const reminded = await remindExpiringCodes(db);
    if (reminded > 0) log.info(`Recordatorios de códigos por vencer: ${reminded}`);
  }));
  await boss.createQueue(INVITATION_MAIL_QUEUE);
  await boss.schedule(INVITATION_MAIL_QUEUE, INVITATION_MAIL_CRON, {}, { tz: 'America/Santiago' });
  await boss.work(INVITATION_MAIL_QUEUE, logged(INVITATION_MAIL_QUEUE, async () => {
    const sent = await resendUnmailedInvitations(db, deps.mail, { publicUrl: deps.publicUrl }, log);
    if (sent > 0) log.info(`Invitaciones cuyo correo no se había entregado, enviadas de nuevo: ${sent}`);
  }));
  // A period that came due while no copy ran is analysed now, not at the next tick; so are the codes,
  // and the invitations a copy that died had queued.
  await boss.send(BOT_ANALYSIS_QUEUE, {});
  await boss.send(CODE_REMINDER_QUEUE, {});
  await boss.send(INVITATION_MAIL_QUEUE, {});

  // Catch-up of a month missed while no copy ran, then whatever the outbox holds.
  const made = await grantMonth(db, dueMonth(new Date()));
  if (made > 0) log.info(`Asignación mensual pendiente realizada al iniciar: ${made} asignaciones`);
  void drain();
  void webhooks.run();

  return {
    drain,
    stop: async () => {
      clearInterval(sweep);
      await unlisten();
      await unlistenWebhooks();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      await events.running();
      await webhooks.running();
    },
  };
}
