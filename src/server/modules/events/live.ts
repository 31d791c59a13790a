/**
 * Live screens (issue 10, decision 85): one LISTEN per server copy on the live channel, fanned out to
 * this copy's SSE connections by scope — a connection hears only messages naming its user, its
 * company's HR (level 2) or the platform team (level 1). PGlite listens in-process; on PostgreSQL
 * a dedicated client LISTENs (a pooled one would lose it).
 */
import pg from 'pg';
import type { Database } from '../../db/client';
import { LIVE_CHANNEL, OUTBOX_CHANNEL } from './outbox';
import type { LiveMessage, LiveTopic } from './types';

export type LiveListener = { userId: string; companyId: string | null; isHr: boolean; isAdmin: boolean; send: (topic: LiveTopic) => void };

/** Whether a connection may hear a message. */
export function hears(listener: LiveListener, message: LiveMessage): boolean {
  if (message.userIds?.includes(listener.userId)) return true;
  if (listener.isAdmin && message.admins) return true;
  return listener.isHr && listener.companyId !== null && (message.hrOf?.includes(listener.companyId) ?? false);
}

export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

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

  constructor(private readonly listen: Listen) {}

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
  }

  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}

export { OUTBOX_CHANNEL };
