import './app/mantine-styles';
import './app/global.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError } from './api/client';
import { meQuery, useMe } from './api/session';
import { AppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useThemeSync } from './app/use-theme-sync';

/**
 * SURVEY_PENDING means this tab's idea of the session is stale (the guard sends a pending employee to
 * the survey before any such call): re-reading /api/me lets the guard take them there.
 */
const refreshSessionOn = (error: unknown) => {
  if (error instanceof ApiError && error.code === 'SURVEY_PENDING') void queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
};

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: refreshSessionOn }),
  mutationCache: new MutationCache({ onError: refreshSessionOn }),
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

const Overlays = lazy(() => import('./app/overlays'));

/** The colour scheme of the signed-in user, and the toasts and dialogs only signed-in screens open. */
function SessionExtras() {
  useThemeSync();
  const { data: me } = useMe();
  if (!me) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <SessionExtras />
        <AppRouter />
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
