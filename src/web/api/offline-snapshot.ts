/**
 * An employee's codes without signal (decision 252): the answers that hold their active
 * codes — who they are, their balances, their dashboard and the first page of 'Mis solicitudes' — are
 * kept in this browser's localStorage after each successful read, under the user they belong to, and
 * put back into the query cache when the app opens with no connection. TanStack Query then shows them
 * as they were (with the time of that read: `dataUpdatedAt`) and pauses every fetch until the
 * connection is back, when it reads everything again.
 * Nothing else is kept, and nothing for other levels. Signing out, a session that ended and another
 * person signing in remove it (`clearOfflineData`); the service worker never caches API answers.
 */
import { useSyncExternalStore } from 'react';
import { dehydrate, hydrate, onlineManager, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { Me } from '../../domain/schemas/me';
import { whenIdle } from '../lib/when-idle';
import { queryKeys } from './keys';
import { isSignOutPending } from './pending-sign-out';

const STORAGE_KEY = 'jobby:sin-conexion';
const EMPLOYEE_LEVEL = 3;

type Snapshot = { userId: string; state: DehydratedState };

const [SESSION] = queryKeys.session.all;
const [, BALANCES] = queryKeys.session.balances();
const [DASHBOARD] = queryKeys.employeeDashboard.all;
const [MY_REQUESTS] = queryKeys.myRequests.all;

/** Whether a query holds what the offline screens show (the first page of each requests tab only). */
function isKept(query: Query): boolean {
  const [root, detail] = query.queryKey;
  if (root === SESSION) return detail === undefined || detail === BALANCES;
  if (root === DASHBOARD) return true;
  if (root === MY_REQUESTS) return typeof detail === 'object' && detail !== null && (detail as { offset?: unknown }).offset === 0;
  return false;
}

function read(): Snapshot | null {
  try {
    const text = localStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Snapshot) : null;
  } catch {
    return null;
  }
}

/** Keeps the kept queries of the signed-in employee; anyone else (or nobody) leaves nothing behind. */
function save(queryClient: QueryClient): void {
  const me = queryClient.getQueryData<Me | null>(queryKeys.session.all);
  // Another tab still open after this person signed out (offline, decision 346) keeps nothing.
  if (!me || me.level !== EMPLOYEE_LEVEL || isSignOutPending()) {
    clearOfflineData();
    return;
  }
  const current = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query) });
  // Added to what this person's earlier pages kept: a page opened on its own (a reload of 'Mis
  // solicitudes') has not read the dashboard, whose last answer stays kept.
  const earlier = read();
  const queries = new Map((earlier?.userId === me.id ? earlier.state.queries : []).map((query) => [query.queryHash, query]));
  for (const query of current.queries) queries.set(query.queryHash, query);
  const state: DehydratedState = { mutations: [], queries: [...queries.values()] };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ userId: me.id, state } satisfies Snapshot));
  } catch {
    // Storage full or refused (a private window): the app works as before, only not offline.
  }
}

let cancelPendingSave: (() => void) | null = null;
let savePending: (() => void) | null = null;

/**
 * One save for the reads that arrive together (who, balances, dashboard), written when the page is
 * quiet rather than between an answer and its screen (decision 302) — or at once when the page goes
 * away first (`flushPendingSave` on pagehide).
 */
function saveWhenIdle(queryClient: QueryClient): void {
  if (cancelPendingSave) return;
  savePending = () => {
    cancelPendingSave = null;
    savePending = null;
    save(queryClient);
  };
  cancelPendingSave = whenIdle(savePending, 1000);
}

function flushPendingSave(): void {
  cancelPendingSave?.();
  savePending?.();
}

/**
 * Starts keeping the snapshot, and restores it first when the app opens offline. TanStack Query
 * assumes a connection until the browser says otherwise: it is told the truth at start, so an offline
 * start pauses the reads instead of failing them.
 */
export function keepOfflineSnapshot(queryClient: QueryClient): () => void {
  onlineManager.setOnline(navigator.onLine);
  if (!navigator.onLine && !isSignOutPending()) {
    const snapshot = read();
    if (snapshot) {
      hydrate(queryClient, snapshot.state);
      // Answers of an earlier visit, however recent: read again as soon as the connection is back,
      // even those younger than their staleTime (decision 347). Their time (`dataUpdatedAt`) stays.
      void queryClient.invalidateQueries({ refetchType: 'none' });
    }
  }
  window.addEventListener('pagehide', flushPendingSave);
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success' && isKept(event.query)) saveWhenIdle(queryClient);
  });
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flushPendingSave);
  };
}

/**
 * Removes what this browser kept for the person: the snapshot, and any Cache Storage entry that is
 * not the app's own files (the service worker keeps none, decision 252; this also covers one added later).
 */
export function clearOfflineData(): void {
  // A save still waiting would write back what is being removed.
  cancelPendingSave?.();
  cancelPendingSave = null;
  savePending = null;
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was stored.
  }
  if (typeof caches !== 'undefined') {
    void caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name))))
      .catch(() => undefined);
  }
}

/** Whether the browser has a connection, as the query cache sees it (reads pause while it has none). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
  );
}
