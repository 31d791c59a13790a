/**
 * The SMTP side of the mail transport (decision 290): `queueAll` hands a batch over without waiting for
 * the server to accept each message, and `close` waits for what is still queued.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../../../test/support/smtp-sink';
import type { Db } from '../../db/client';
import { createMailTransport, type MailMessage } from './transport';
import { silentLogger } from '../../lib/log';

/** A sink that holds every message until `release()`: until then nothing is accepted. */
async function holdingSink() {
  const accepted: string[] = [];
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  const sink = await startSmtpSink(async ({ recipients }) => {
    await released;
    accepted.push(...recipients);
  });
  return { ...sink, accepted, release: open };
}

const message = (to: string): MailMessage => ({ to, subject: 'Te invitaron a Jobby', text: 'Hola', html: '<p>Hola</p>', link: null });
const noDb = null as unknown as Db;

let sink: Awaited<ReturnType<typeof holdingSink>> | null = null;
afterEach(async () => {
  sink?.release();
  await sink?.close();
  sink = null;
});

describe('the SMTP transport', () => {
  it('queues a batch without waiting for its delivery, and delivers all of it before close() resolves', async () => {
    sink = await holdingSink();
    const transport = createMailTransport(noDb, { smtpUrl: `smtp://127.0.0.1:${sink.port}`, mailFrom: 'Jobby <no-responder@jobby.cl>', logLevel: 'silent' }, silentLogger);
    const recipients = Array.from({ length: 12 }, (_, i) => `persona${i}@andes.cl`);
    await transport.queueAll(recipients.map(message));
    // Handed over while the server has accepted none of them.
    expect(sink.accepted).toEqual([]);
    sink.release();
    await transport.close();
    expect([...sink.accepted].sort()).toEqual([...recipients].sort());
  });

  it('logs a batch the server refuses instead of throwing', async () => {
    // Nothing listens on this port once the sink is closed.
    const gone = await holdingSink();
    await gone.close();
    const errors: { fields: object; message?: string }[] = [];
    const log = { ...silentLogger, error: (fields: object | string, message?: string) => void errors.push({ fields: typeof fields === 'string' ? {} : fields, message }) };
    const transport = createMailTransport(noDb, { smtpUrl: `smtp://127.0.0.1:${gone.port}`, mailFrom: 'Jobby <no-responder@jobby.cl>', logLevel: 'silent' }, log);
    await expect(transport.queueAll([message('ana@andes.cl'), message('beto@andes.cl')])).resolves.toBeUndefined();
    await transport.close();
    expect(errors).toEqual([{ fields: { err: expect.any(Error), failed: 2, messages: 2 }, message: 'No se pudieron enviar algunos correos' }]);
  });

  it('tells the caller which messages the server accepted, once the batch is sent (decision 310)', async () => {
    const refusing = await startSmtpSink(({ recipients }) => {
      if (recipients.includes('rechazada@andes.cl')) throw new Error('buzón lleno');
    });
    const transport = createMailTransport(noDb, { smtpUrl: `smtp://127.0.0.1:${refusing.port}`, mailFrom: 'Jobby <no-responder@jobby.cl>', logLevel: 'silent' }, silentLogger);
    const delivered: string[] = [];
    try {
      await transport.queueAll([message('ana@andes.cl'), message('rechazada@andes.cl'), message('beto@andes.cl')], async (messages) => {
        delivered.push(...messages.map((m) => m.to));
      });
      await transport.close();
    } finally {
      await refusing.close();
    }
    expect(delivered.sort()).toEqual(['ana@andes.cl', 'beto@andes.cl']);
  });
});
