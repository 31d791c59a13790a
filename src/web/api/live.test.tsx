// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LIVE_TOPICS, type LiveTopic } from '../../domain/live';
import { queryKeys } from './keys';
import { LIVE_REFRESHES, useLiveUpdates } from './live';

/** Every key a factory of keys.ts makes (factories called with a sample argument). */
function everyKey(): { area: string; key: readonly unknown[] }[] {
  return Object.entries(queryKeys).flatMap(([area, factory]) =>
    Object.values(factory).map((make: unknown) => ({
      area,
      key: typeof make === 'function' ? (make as (...args: unknown[]) => readonly unknown[])({ page: 1 }, 20) : (make as readonly unknown[]),
    })),
  );
}

describe('query keys (decision 118)', () => {
  it('every key of an area starts with that area’s root, and no two areas share a root', () => {
    for (const { area, key } of everyKey()) expect(key[0], area).toBe(queryKeys[area as keyof typeof queryKeys].all[0]);
    const roots = Object.values(queryKeys).map((factory) => factory.all[0]);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it('the live map refreshes roots that exist, for every topic the server sends', () => {
    const roots = new Set<string>(Object.values(queryKeys).map((factory) => factory.all[0]));
    expect(Object.keys(LIVE_REFRESHES).sort()).toEqual([...LIVE_TOPICS].sort());
    for (const [topic, refreshed] of Object.entries(LIVE_REFRESHES)) {
      expect(refreshed.length, topic).toBeGreaterThan(0);
      for (const root of refreshed) expect(roots.has(root), `${topic} → ${root}`).toBe(true);
    }
  });
});

class FakeEventSource {
  static last: FakeEventSource | null = null;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {}
  emit(type: string, data = '{}') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

describe('useLiveUpdates', () => {
  const original = globalThis.EventSource;
  afterEach(() => {
    cleanup();
    globalThis.EventSource = original;
  });

  /** Which of the given keys are stale after the stream sends `type` (with `data`). */
  function staleAfterEvent(type: string, data: string, keys: readonly (readonly unknown[])[]) {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const client = new QueryClient();
    for (const key of keys) client.setQueryData(key, 'fresh');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveUpdates(true), { wrapper });
    act(() => FakeEventSource.last!.emit(type, data));
    return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  }

  /** Which of the given keys are stale after the stream says `topic` changed. */
  const staleAfter = (topic: LiveTopic, keys: readonly (readonly unknown[])[]) => staleAfterEvent('change', JSON.stringify({ topic }), keys);

  it('a `ready` after the first (the browser reconnected, or the server listens again: decision 344) refreshes everything', () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const client = new QueryClient();
    const keys = [queryKeys.session.all, queryKeys.session.balances(), queryKeys.notifications.all];
    for (const key of keys) client.setQueryData(key, 'fresh');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useLiveUpdates(true), { wrapper });
    const stale = () => keys.filter((key) => client.getQueryState(key)?.isInvalidated).length;
    act(() => FakeEventSource.last!.emit('ready'));
    expect(stale()).toBe(0);
    act(() => FakeEventSource.last!.emit('ready'));
    expect(stale()).toBe(keys.length);
  });

  it('a stream that fails or is refused re-reads who is signed in, and only that (decision 320)', () => {
    const me = queryKeys.session.all;
    const balances = queryKeys.session.balances();
    const wallet = queryKeys.session.wallet({ page: 1 });
    expect(staleAfterEvent('error', '', [me, balances, wallet])).toEqual([me.join('/')]);
  });

  it('a decided request refreshes level 1’s dashboard and HR’s lists, not the bell', () => {
    const dashboard = queryKeys.adminDashboard.all;
    const hrRequests = queryKeys.hr.requests({ page: 1 });
    const bell = queryKeys.notifications.unread();
    expect(staleAfter('requests', [dashboard, hrRequests, bell])).toEqual([dashboard.join('/'), hrRequests.join('/')]);
  });

  it('a wellbeing alert refreshes HR’s alert table', () => {
    const alerts = queryKeys.bot.alerts({ page: 1 });
    const balances = queryKeys.session.balances();
    expect(staleAfter('wellbeing', [alerts, balances])).toEqual([alerts.join('/')]);
  });
});
