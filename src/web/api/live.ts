import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { meQuery } from './session';

/**
 * What each live topic of GET /api/events refreshes (issue 10): the first element of the query keys.
 * Only queries on screen refetch, so naming a prefix a screen does not use costs nothing.
 */
const REFRESHES: Record<string, readonly string[]> = {
  balances: ['me', 'catalogue', 'admin-tokens', 'company-tokens', 'company', 'hr', 'dashboard', 'monthly-allowance'],
  requests: ['requests', 'provider', 'admin-requests', 'company-requests', 'company', 'hr', 'dashboard', 'catalogue'],
  codes: ['requests', 'provider', 'dashboard', 'achievements'],
  notifications: ['notifications'],
  achievements: ['achievements', 'notifications', 'me'],
};

/**
 * Listens to the caller's live stream while signed in and refreshes the matching queries. The
 * browser's EventSource reconnects by itself (the server sends `retry`); after a reconnection
 * everything shown is refreshed once, as changes may have been missed meanwhile.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    let opened = false;
    source.addEventListener('ready', () => {
      if (opened) void queryClient.invalidateQueries();
      opened = true;
    });
    // The server ends a stream when its session ends or the person's level, company or status
    // changes (issue 18 #5): re-reading /api/me then sends a signed-out, disabled or demoted person
    // where they belong (the guards read it). A mere network drop re-reads it too, harmlessly.
    source.addEventListener('error', () => {
      void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    });
    source.addEventListener('change', (event) => {
      const { topic } = JSON.parse((event as MessageEvent<string>).data) as { topic: string };
      const prefixes = REFRESHES[topic] ?? [];
      void queryClient.invalidateQueries({ predicate: (query) => prefixes.includes(String(query.queryKey[0])) });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
