import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveTopic } from '../../domain/live';
import { apiUrl } from './client';
import type { QueryRoot } from './keys';
import { meQuery } from './session';

/**
 * What each live topic of GET /api/events refreshes: roots of `queryKeys` (keys.ts), so the map can
 * only name keys that queries use, and must say something for every topic the server sends. Only
 * queries on screen refetch, so naming a root a screen does not show costs nothing.
 */
export const LIVE_REFRESHES: Record<LiveTopic, readonly QueryRoot[]> = {
  balances: ['me', 'catalogue', 'employee-dashboard', 'hr', 'monthly-allowance', 'admin-tokens', 'admin-dashboard'],
  requests: ['my-requests', 'catalogue', 'employee-dashboard', 'hr', 'provider', 'admin-requests', 'admin-dashboard'],
  codes: ['my-requests', 'employee-dashboard', 'achievements', 'hr', 'provider', 'admin-requests', 'admin-dashboard'],
  notifications: ['notifications', 'dead-events'],
  achievements: ['achievements', 'notifications', 'me'],
  // HR's bot screen: the alert table, the profiles and the figures.
  wellbeing: ['bot'],
};

/**
 * Listens to the caller's live stream while signed in and refreshes the matching queries. The
 * browser's EventSource reconnects by itself (the server sends `retry`); after a reconnection
 * everything shown is refreshed once, as changes may have been missed meanwhile. The server sends
 * `ready` again on an open stream for the same reason when its own LISTEN on the database was lost and
 * is back (decision 344): any `ready` after the first means "refetch everything".
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(apiUrl('/events'));
    let opened = false;
    source.addEventListener('ready', () => {
      if (opened) void queryClient.invalidateQueries();
      opened = true;
    });
    // The server ends a stream when its session ends or the person's level, company or status
    // changes: re-reading /api/me then sends a signed-out, disabled or demoted person
    // where they belong (the guards read it). A mere network drop re-reads it too, harmlessly. Only
    // /api/me: its key is the prefix of the balances' and the wallet's, which a refused stream (the
    // sixth of a person, 429) must not read again (decision 320).
    source.addEventListener('error', () => {
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey, exact: true });
    });
    source.addEventListener('change', (event) => {
      const { topic } = JSON.parse((event as MessageEvent<string>).data) as { topic: LiveTopic };
      const roots: readonly string[] = LIVE_REFRESHES[topic] ?? [];
      void queryClient.invalidateQueries({ predicate: (query) => roots.includes(String(query.queryKey[0])) });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
