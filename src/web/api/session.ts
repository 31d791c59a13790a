import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Me } from '../../domain/schemas/me';
import type { Theme } from '../../domain/constants';
import { api, ApiError, underApi } from './client';
import { queryKeys } from './keys';
import { API } from '../../domain/first-data';
import { clearOfflineData } from './offline-snapshot';
import { signOutForSure } from './pending-sign-out';

/** The session's user; `null` when nobody is signed in (401). */
export const meQuery = queryOptions({
  queryKey: queryKeys.session.all,
  queryFn: async ({ signal, client, queryKey }): Promise<Me | null> => {
    try {
      return await api.GET(underApi(API.me), { signal });
    } catch (error) {
      // Nobody signed in is an answer; a 401 while someone was is their session ending, which the
      // caches' one handler (session-ended.ts) turns into /login with the way back.
      if (error instanceof ApiError && error.status === 401 && !client.getQueryData(queryKey)) return null;
      throw error;
    }
  },
  staleTime: 60_000,
  // A read that never reached the server is asked again: the connection just came back and is not
  // up yet, or the read took the answer of index.html's preload that failed offline (decision 347).
  // TanStack Query holds the retries while the browser is offline. Any answer of the server is final.
  retry: (failureCount, error) => isUnreachable(error) && failureCount < 3,
});

/** The server was not reached (no answer at all), as opposed to an answer that says no. */
function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

export function useMe() {
  return useQuery(meQuery);
}

export const balancesQuery = queryOptions({
  queryKey: queryKeys.session.balances(),
  // No abort signal: the header that asks first can be unmounted and mounted again while the page is
  // still loading (a screen's chunk suspends the layout), and an aborted read is asked again — the
  // page's preloaded answer would then be wasted and the balances read twice (decision 316).
  queryFn: () => api.GET(underApi(API.balances)),
  staleTime: 15_000,
});

export function useBalances(enabled: boolean) {
  return useQuery({ ...balancesQuery, enabled });
}

/**
 * Whether this tab's person signed out here: the guards then send a bare /login (there is nothing to
 * come back to), instead of /login?volver= for a screen opened without a session (decision 176).
 * The guard re-renders when `me` is cleared, before the sign-out's own navigation runs.
 */
let signedOutHere = false;
export const hasSignedOutHere = () => signedOutHere;

export async function signIn(email: string, password: string): Promise<void> {
  await api.POST('/auth/sign-in/email', { body: { email, password } });
  signedOutHere = false;
}

export async function signUp(name: string, email: string, password: string): Promise<void> {
  await api.POST('/auth/sign-up/email', { body: { name, email, password } });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // For sure (decision 346): a marker the server honours on the next request that reaches it, then
    // the call itself, asked again when the connection is back if it fails now.
    mutationFn: signOutForSure,
    // Offline too: the call fails, and this device still forgets the person at once.
    networkMode: 'always',
    onSettled: () => {
      signedOutHere = true;
      clearOfflineData();
      queryClient.setQueryData(meQuery.queryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session.all[0] });
    },
  });
}

export function useSaveTheme() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (theme: Theme) => api.PUT('/me/theme', { body: { theme } }),
    onSuccess: (_data, theme) => {
      queryClient.setQueryData(meQuery.queryKey, (me: Me | null | undefined) => (me ? { ...me, themePreference: theme } : me));
    },
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; phone: string | null }) => api.PATCH('/me', { body: input }),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
      api.POST('/me/password', { body: input }),
  });
}

/** Sends the confirmation mail again; the server answers the same for any address. */
export async function resendVerification(email: string): Promise<void> {
  await api.POST('/auth/send-verification-email', { body: { email, callbackURL: '/login?verificado=1' } });
}

/** Asks for a reset link; the server answers the same for known and unknown addresses. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api.POST('/auth/request-password-reset', { body: { email } });
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await api.POST('/auth/reset-password', { body: { token, newPassword } });
}

export const publicConfigQuery = queryOptions({
  queryKey: queryKeys.publicConfig.all,
  queryFn: ({ signal }) => api.GET('/config', { signal }),
  staleTime: Infinity,
});
