/**
 * A webhook receiver for the tests: a tiny HTTP server on loopback that keeps every request it gets
 * and answers from a script (500 first, then 200, …). Tests wait on it for a message — a promise
 * that settles when the message arrives — never on a timer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: Record<string, string>; body: string; type: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** Answers the next calls with these statuses (then 200), in place of what was scripted before. */
  answer: (...statuses: number[]) => void;
  /** The first message of `type` received from now on (or already received, when `already`), within `ms`. */
  next: (type: string, ms?: number) => Promise<Received>;
  close: () => Promise<void>;
};

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const script: number[] = [];
  const waiting: { type: string; resolve: (r: Received) => void }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const status = script.shift() ?? 200;
      if (status >= 300 && status < 400) res.setHeader('location', `${url}/elsewhere`);
      res.statusCode = status;
      res.end(status === 200 ? 'ok' : 'fallo del receptor');
      let type: string;
      try {
        type = (JSON.parse(body) as { type: string }).type;
      } catch {
        type = '';
      }
      const message = { headers: req.headers as Record<string, string>, body, type };
      received.push(message);
      for (const w of waiting.splice(0)) {
        if (w.type === type) w.resolve(message);
        else waiting.push(w);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    answer: (...statuses) => void script.splice(0, script.length, ...statuses),
    next: (type, ms = 5000) =>
      new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} message within ${ms} ms`)), ms);
        waiting.push({
          type,
          resolve: (r) => {
            clearTimeout(timer);
            resolve(r);
          },
        });
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
