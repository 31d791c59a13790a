/**
 * Live screens (issue 10, decision 85): one LISTEN per server copy on the live channel, fanned out to
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
  /** What the stream was opened with: it ends when any of it is no longer true (issue 18 #5). */
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

type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

/** LISTEN on either driver; answers the function that stops listening. */
export function listenerFor(database: Database): Listen {
  return async (channel, onMessage) => {
    if (database.pglite) return database.pglite.listen(channel, onMessage);
    const client = new pg.Client({ connectionString: database.url ?? undefined });
    client.on('error', () => undefined);
    await client.connect();
    client.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    await client.query(`LISTEN ${channel}`);
    return async () => {
      await client.end().catch(() => undefined);
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
