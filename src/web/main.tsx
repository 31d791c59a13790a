import './app/mantine-styles';
import './app/global.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMe } from './api/session';
import { keepOfflineSnapshot } from './api/offline-snapshot';
import { createQueryClient } from './api/session-ended';
import { AppUpdatePrompt } from './app/app-update';
import { AppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useThemeSync } from './app/use-theme-sync';

const queryClient = createQueryClient();
keepOfflineSnapshot(queryClient);

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
        <AppUpdatePrompt />
        <AppRouter />
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
