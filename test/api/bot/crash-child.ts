/**
 * A server copy that dies (test/api/bot/crash.test.ts): runs the outbox workers on the database of
 * argv[2] and, at the moment named by argv[3], tells its parent on stdout and hangs until killed.
 * - `reply`: hangs inside WhatsApp's send of the reply (the analysis has committed).
 * - `analysis`: hangs after the analysis wrote its rows, before its transaction commits.
 */
import { eq } from 'drizzle-orm';
import { openDatabase } from '#server/db/client';
import { domainEvents } from '#server/db/schema';
import { analyseStoredMessage } from '#server/modules/bot/ingest';
import { recordingTransport } from '#server/modules/bot/transport';
import { processPendingEvents } from '#server/event-handlers';

const [url, moment] = process.argv.slice(2);
const hang = () => new Promise<never>(() => undefined);
const database = await openDatabase({ url, poolSize: 2 });

if (moment === 'reply') {
  await processPendingEvents(database.db, {
    botTransport: {
      sendText: async () => {
        process.stdout.write('HANGING\n');
        return hang();
      },
      sendTemplate: recordingTransport.sendTemplate,
    },
  });
} else {
  // The worker's own transaction: take the event as processNextEvent does, analyse, never commit.
  await database.db.transaction(async (tx) => {
    const [event] = await tx.select().from(domainEvents).where(eq(domainEvents.type, 'bot.message.received')).for('update', { skipLocked: true });
    await analyseStoredMessage(tx, (event.payload as { messageId: string }).messageId);
    process.stdout.write('HANGING\n');
    await hang();
  });
}
