/**
 * Live screens (decision 85): one LISTEN per server copy on the live channel, fanned out to
 * this copy's SSE connections by scope — a connection hears only messages naming its user, its
 * company's HR (level 2) or the platform team (level 1). PGlite listens in-process; on PostgreSQL
 * a dedicated client LISTENs (a pooled one would lose it).
 */
import { and, gt, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { LIVE_CHANNEL } from './outbox';
import type { LiveMessage, LiveTopic } from './types';

type LiveListener = {
  userId: string;
  companyId: string | null;
  isHr: boolean;
  isAdmin: boolean;
  send: (topic: LiveTopic) => void;
  /** Tells the browser it may have missed changes: it refetches everything on screen (decision 344). */
  resync: () => void;
  /** What the stream was opened with: it ends when any of it is no longer true. */
  sessionId: string;
  level: number | null;
  /** Closes the HTTP stream (the browser reconnects, and the access hook then decides afresh). */
  end: () => void;
};

/** A stream's scope as the database says now; null when its session or user is gone. */
type StreamState = { level: number | null; companyId: string | null } | null;

/** Whether a stream may stay open: its session still valid, its user still active with the same level and company. */
function stillValid(listener: LiveListener, now: StreamState): boolean {
  return now !== null && now.level === listener.level && now.companyId === listener.companyId;
}

/** Whether a connection may hear a message. */
function hears(listener: LiveListener, message: LiveMessage): boolean {
  if (message.userIds?.includes(listener.userId)) return true;
  if (listener.isAdmin && message.admins) return true;
  return listener.isHr && listener.companyId !== null && (message.hrOf?.includes(listener.companyId) ?? false);
}

/**
 * LISTEN on a channel: `onMessage` for each NOTIFY; `onResume` after the listening connection was lost
 * and is back (NOTIFYs sent meanwhile were not heard: the caller catches up). Answers the function
 * that stops listening.
 */
export type Listen = (channel: string, onMessage: (payload: string) => void, onResume?: () => void) => Promise<() => Promise<void>>;

type ListenLog = { info: (message: string) => void; error: (message: string) => void };

/** The wait before the n-th attempt to listen again (from 0): doubling from 250 ms up to 10 s, each ±25 % so copies spread out. */
export function relistenDelayMs(attempt: number): number {
  const base = Math.min(250 * 2 ** Math.min(attempt, 10), 10_000);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

/**
 * LISTEN on either driver. PGlite listens in-process. On PostgreSQL a dedicated connection listens
 * and, when it ends ('error' or 'end': a failover, a restart, pg_terminate_backend), is replaced with
 * back-off (relistenDelayMs) until LISTEN holds again, then `onResume` runs (decision 344).
 * The first connection is made before this resolves, so a copy that cannot listen does not start.
 */
export function listenerFor(database: Database, log: ListenLog = { info: () => undefined, error: (m) => console.error(m) }): Listen {
  return async (channel, onMessage, onResume) => {
    if (database.pglite) return database.pglite.listen(channel, onMessage);
    const url = database.url ?? undefined;
    let current: pg.Client | null = null;
    let stopped = false;
    let retry: NodeJS.Timeout | null = null;

    /** A connected client that LISTENs; rejects (its client ended) when either step fails. */
    const listen = async (): Promise<pg.Client> => {
      // keepAlive: a LISTEN connection only reads, so a peer that vanished without a word is noticed by
      // TCP; and an attempt that gets no answer gives up after 10 s (then the next one, after its wait).
      const client = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 10_000 });
      // For the client's whole life: before `current` is set, the failing connect/LISTEN below reports it.
      client.on('error', (error) => lost(client, error));
      client.on('end', () => lost(client, null));
      client.on('notification', (n) => {
        if (n.channel === channel) onMessage(n.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${channel}`);
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      }
      return client;
    };

    const again = (attempt: number) => {
      if (stopped) return;
      const delay = relistenDelayMs(attempt);
      retry = setTimeout(() => {
        retry = null;
        listen().then(
          (client) => {
            if (stopped) return void client.end().catch(() => undefined);
            current = client;
            log.info(`Escucha de ${channel} restablecida`);
            onResume?.();
          },
          (error: unknown) => {
            log.error(`Escucha de ${channel}: no se pudo restablecer (${error instanceof Error ? error.message : String(error)}); nuevo intento`);
            again(attempt + 1);
          },
        );
      }, delay);
      retry.unref();
    };

    /** The listening client ended: once per client, and only the one in use (a failing attempt is handled by its caller). */
    function lost(client: pg.Client, error: Error | null) {
      if (client !== current || stopped) return;
      current = null;
      void client.end().catch(() => undefined);
      log.error(`Escucha de ${channel} perdida${error ? ` (${error.message})` : ''}; se restablece`);
      again(0);
    }

    current = await listen();
    return async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const client = current;
      current = null;
      await client?.end().catch(() => undefined);
    };
  };
}

/** The SSE connections of this copy, fed by the live channel. */
export class LiveHub {
  private readonly listeners = new Set<LiveListener>();
  private stop: (() => Promise<void>) | null = null;
  private timer: NodeJS.Timeout | null = null;
  private rechecking: Promise<void> | null = null;

  constructor(
    private readonly listen: Listen,
    private readonly db: Db,
    private readonly options: { recheckMs: number; streamsPerUser: number },
  ) {}

  async start(): Promise<void> {
    this.stop = await this.listen(LIVE_CHANNEL, (payload) => {
      let message: LiveMessage;
      try {
        message = JSON.parse(payload) as LiveMessage;
      } catch {
        return;
      }
      for (const listener of this.listeners) if (hears(listener, message)) listener.send(message.topic);
    }, () => {
      // The LISTEN was lost and is back: what was committed meanwhile was never heard.
      for (const listener of this.listeners) listener.resync();
    });
    this.timer = setInterval(() => void this.recheck().catch(() => undefined), this.options.recheckMs);
    this.timer.unref();
  }

  /** Adds a stream; false (nothing added) when its user already has the most this copy allows. */
  add(listener: LiveListener): (() => void) | null {
    let open = 0;
    for (const other of this.listeners) if (other.userId === listener.userId) open += 1;
    if (open >= this.options.streamsPerUser) return null;
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /**
   * Ends the streams whose session was signed out or expired, whose user was disabled, or whose
   * level or company changed since they opened: ONE query for all of this copy's open streams.
   * Runs every `recheckMs`; exported for tests, and overlapping calls share one run.
   */
  recheck(): Promise<void> {
    this.rechecking ??= this.runRecheck().finally(() => {
      this.rechecking = null;
    });
    return this.rechecking;
  }

  private async runRecheck(): Promise<void> {
    const open = [...this.listeners];
    if (open.length === 0) return;
    const sessionIds = [...new Set(open.map((l) => l.sessionId))];
    const rows = await this.db
      .select({ sessionId: sessions.id, level: users.level, companyId: users.companyId })
      .from(sessions)
      .innerJoin(users, sql`${users.id} = ${sessions.userId} and ${users.status} = 'active'`)
      .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));
    const now = new Map<string, StreamState>(rows.map((r) => [r.sessionId, { level: r.level, companyId: r.companyId }]));
    for (const listener of open) {
      if (this.listeners.has(listener) && !stillValid(listener, now.get(listener.sessionId) ?? null)) {
        this.listeners.delete(listener);
        listener.end();
      }
    }
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.stop?.();
    this.stop = null;
  }
}
