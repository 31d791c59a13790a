// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { SIGN_OUT_PENDING_COOKIE } from '../../domain/sign-out';
import { keepOfflineSnapshot } from './offline-snapshot';
import { queryKeys } from './keys';

const ME = { id: 'u1', name: 'Olga', level: 3 };
const DASHBOARD = { activeCodes: [{ code: 'ABCD2345' }] };

/** What an earlier visit of this employee kept on the device. */
function keptByEarlierVisit() {
  const earlier = new QueryClient();
  earlier.setQueryData(queryKeys.session.all, ME);
  earlier.setQueryData(queryKeys.employeeDashboard.all, DASHBOARD);
  localStorage.setItem('jobby:sin-conexion', JSON.stringify({ userId: ME.id, state: dehydrate(earlier) }));
}

describe('the app opened offline (decisions 252, 346, 347)', () => {
  let stop: (() => void) | null = null;
  beforeEach(() => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    keptByEarlierVisit();
  });
  afterEach(() => {
    stop?.();
    localStorage.clear();
    document.cookie = `${SIGN_OUT_PENDING_COOKIE}=; Path=/; Max-Age=0`;
    vi.restoreAllMocks();
  });

  it('shows what was kept, and marks it to be read again as soon as the connection is back', () => {
    const queryClient = new QueryClient();
    stop = keepOfflineSnapshot(queryClient);
    for (const key of [queryKeys.session.all, queryKeys.employeeDashboard.all]) {
      const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
      expect(query?.state.data).toBeDefined();
      expect(query?.isStale()).toBe(true);
    }
  });

  it('restores nothing while a sign-out pressed offline is still pending', () => {
    document.cookie = `${SIGN_OUT_PENDING_COOKIE}=1; Path=/`;
    const queryClient = new QueryClient();
    stop = keepOfflineSnapshot(queryClient);
    expect(queryClient.getQueryData(queryKeys.session.all)).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.employeeDashboard.all)).toBeUndefined();
  });
});
