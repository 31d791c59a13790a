import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './client';
import { clearOfflineData } from './offline-snapshot';
import { meQuery } from './session';

/** The query parameter of /login that holds where to go back after signing in. */
export const RETURN_PARAM = 'volver';

/** /login, coming back to `path` (a path of this site, with its query and hash) after signing in. */
export function loginReturningTo(path: string): string {
  return `/login?${RETURN_PARAM}=${encodeURIComponent(path)}`;
}

let leaving = false;

/**
 * A 401 on a signed-in screen means the session ended (expired, signed out elsewhere, account
 * disabled): every screen would show the error in place, so ONE handler on both caches sends the
 * person to /login with where they were. A full load, not a client navigation: no
 * query of the ended session survives in memory for whoever signs in next.
 * Not a session end: a wrong password on a form (INVALID_CREDENTIALS), or any 401 while nobody is
 * signed in (the login screen itself).
 */
function onSessionEnded(queryClient: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401 || error.code === 'INVALID_CREDENTIALS') return;
  if (!queryClient.getQueryData(meQuery.queryKey) || leaving) return;
  leaving = true;
  // Whoever signs in next on this device must not find this person's codes kept for offline use.
  clearOfflineData();
  const { pathname, search, hash } = window.location;
  window.location.replace(loginReturningTo(pathname + search + hash));
}

/**
 * Where /login may send the person back to: a path of this site only. Anything else (another
 * origin, `//host`, `/\host`, a scheme) is ignored, so a crafted link cannot bounce a fresh session
 * elsewhere.
 */
export function safeReturnPath(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || url.pathname === '/login') return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/**
 * SURVEY_PENDING means this tab's idea of the session is stale (the guard sends a pending employee to
 * the survey before any such call): re-reading /api/me lets the guard take them there.
 */
function onSurveyPending(queryClient: QueryClient, error: unknown) {
  if (error instanceof ApiError && error.code === 'SURVEY_PENDING') void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
}

/** The one error handler of both caches: what an answer says about the session, not about a screen. */
function onSessionError(queryClient: QueryClient, error: unknown) {
  onSessionEnded(queryClient, error);
  onSurveyPending(queryClient, error);
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onSessionError(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionError(queryClient, error) }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
  return queryClient;
}
