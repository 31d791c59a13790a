/**
 * A local SMTP server for tests and benches (smtp-server on 127.0.0.1 at a free port, never the
 * network): it accepts any sender without TLS or authentication and hands each message — its
 * recipients and raw text — to `onMessage`. The message is accepted when `onMessage` resolves (so a
 * caller can also hold it back) and refused when it throws.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SinkMessage = { recipients: string[]; raw: string };

export async function startSmtpSink(onMessage: (message: SinkMessage) => void | Promise<void>): Promise<{ port: number; close: () => Promise<void> }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        // A throw from onMessage, sync or async, refuses the message.
        Promise.resolve()
          .then(() => onMessage({ recipients: session.envelope.rcptTo.map((r) => r.address), raw }))
          .then(
            () => callback(),
            (error: Error) => callback(error),
          );
      });
    },
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)));
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
