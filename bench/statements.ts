/**
 * `node --import tsx bench/statements.ts` with DATABASE_URL (PostgreSQL only): where the time of one
 * redemption and one verification goes, measured on the app's own service functions.
 *
 * Every statement the pool's clients send is recorded (text, start, end) by a wrapper around
 * `pg.Client.prototype.query`, so BEGIN, SAVEPOINT and COMMIT count too: one statement = one round
 * trip. It prints
 * - the statements of one redemption (with an Idempotency-Key, as the web sends it) and of one
 *   verification, each with its time;
 * - then 50 employees redeeming ONE company benefit at once for a few seconds: redemptions per
 *   second and statements per redemption. (The benefit's row is locked inside jobby_redeem's one
 *   statement, decision 329: its hold is no longer visible from here.)
 * The session check of the HTTP route (better-auth and the actor's row) is not part of these figures.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadActorRow, toActor, type Actor } from '../src/server/actor';
import type { Database } from '../src/server/db/client';
import { recordingTransport } from '../src/server/modules/bot/transport';
import { verifyCode } from '../src/server/modules/codes/verify';
import { processPendingEvents } from '../src/server/event-handlers';
import { redeemBenefit } from '../src/server/modules/redemptions/service';
import { benchCode } from './codes';
import { createBenchDatabase, openBenchDatabase } from './db';
import { round } from './load';
import { IDS, seedBase, seedCodes } from './seed';

type Sent = { client: object; text: string; start: number; end: number };
let recording: Sent[] | null = null;

// One wrapper for every client of every pool: the app's pool is a pg.Pool of pg.Client.
const originalQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: object, ...args: unknown[]) {
  if (!recording) return originalQuery.apply(this, args);
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '?');
  const entry: Sent = { client: this, text: text.replace(/\s+/g, ' ').trim(), start: performance.now(), end: 0 };
  recording.push(entry);
  const done = () => (entry.end = performance.now());
  // pg.Pool.query() passes a callback; drizzle's transactions await the promise.
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as (...results: unknown[]) => void;
    args[last] = (...results: unknown[]) => {
      done();
      callback(...results);
    };
  }
  const result = originalQuery.apply(this, args);
  return result instanceof Promise ? result.finally(done) : result;
};

async function record<T>(work: () => Promise<T>): Promise<{ value: T; sent: Sent[] }> {
  const sent: Sent[] = [];
  recording = sent;
  try {
    return { value: await work(), sent };
  } finally {
    recording = null;
  }
}

function print(label: string, sent: Sent[]) {
  console.log(`\n${label}: ${sent.length} statements (round trips)`);
  for (const s of sent) console.log(`  ${(s.end - s.start).toFixed(2).padStart(7)} ms  ${s.text.slice(0, 150)}`);
}

async function actor(database: Database, userId: string): Promise<Actor> {
  const row = await loadActorRow(database.db, userId);
  if (!row) throw new Error(`no user ${userId}`);
  return toActor(row);
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL (PostgreSQL) is required');
  const clients = Number(process.env.BENCH_CLIENTS ?? 50);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const target = await createBenchDatabase(url);
  let database: Database | null = null;
  try {
    database = await openBenchDatabase(target, true);
    await seedBase(database, { employees: clients, jobbyInitial: 100, companyInitial: 1_000_000 });
    await seedCodes(database, { from: 1, to: 201, employees: clients }); // 121 verified below
    await database.close();
    // The server's pool size (src/server/db/client.ts).
    const { openDatabase } = await import('../src/server/db/client');
    database = await openDatabase({ url: target.url, poolSize: 20 });
    const db = database.db;
    const employees = await Promise.all(Array.from({ length: clients }, (_, i) => actor(database!, IDS.employee(i + 1))));
    const provider = await actor(database, IDS.provider);
    const redeem = (who: Actor) => redeemBenefit(db, { kind: 'company', benefitId: IDS.companyBenefit }, who, randomUUID());
    const verify = (n: number) => verifyCode(db, { code: benchCode(n) }, provider, { attemptsPerMinute: 1e9, successesPerMinute: 1e9, idempotencyKey: randomUUID() });

    for (let i = 0; i < 50; i++) await redeem(employees[i % clients]); // warm-up
    for (let n = 1; n <= 20; n++) await verify(n);
    const one = await record(() => redeem(employees[0]));
    if (one.value.status !== 200) throw new Error(`redemption refused: ${JSON.stringify(one.value.body)}`);
    print('one redemption (with Idempotency-Key)', one.sent);
    const v = await record(() => verify(21));
    if (v.value.status !== 200) throw new Error(`verification refused: ${JSON.stringify(v.value.body)}`);
    print('one verification (with Idempotency-Key)', v.sent);

    // The outbox work each one leaves behind (handlers of code.used, request.created, tokens.moved:
    // achievements, notifications, webhooks, the used-codes total), run as the server's workers do
    // and billed per operation: it runs on the same cores as the requests.
    const drain = () => processPendingEvents(db, { botTransport: recordingTransport });
    await drain();
    for (let n = 22; n < 122; n++) await verify(n);
    const verifyEvents = await record(drain);
    for (let i = 0; i < 100; i++) await redeem(employees[i % clients]);
    const redeemEvents = await record(drain);
    console.log(`\noutbox statements per verification (100 verifications, ${verifyEvents.value} events): ${round(verifyEvents.sent.length / 100, 2)}`);
    console.log(`outbox statements per redemption (100 redemptions, ${redeemEvents.value} events): ${round(redeemEvents.sent.length / 100, 2)}`);

    // One client, then `clients` at once: each loops until the time is up.
    const loop = async (who: Actor[], forSeconds: number) => {
      const deadline = performance.now() + forSeconds * 1000;
      let ok = 0;
      await Promise.all(
        who.map(async (employee) => {
          while (performance.now() < deadline) if ((await redeem(employee)).status === 200) ok++;
        }),
      );
      return ok / forSeconds;
    };
    const single = await loop([employees[0]], 3);
    const many = await record(() => loop(employees, seconds));
    const perRedemption = many.sent.length / (many.value * seconds);
    console.log(`\nredemptions/s of ONE benefit: 1 client ${round(single, 1)}, ${clients} clients ${round(many.value, 1)}`);
    console.log(`statements per redemption under load: ${round(perRedemption, 1)}`);
  } finally {
    await database?.close().catch(() => undefined);
    await target.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
