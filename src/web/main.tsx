import './app/mantine-styles';
import './app/global.css';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useMe } from './api/session';
import { keepOfflineSnapshot } from './api/offline-snapshot';
import { createQueryClient } from './api/session-ended';
import { AppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useThemeSync } from './app/use-theme-sync';
import { useIdle } from './components/when-idle';
import { lazyNamed } from './components/lazy-named';

const queryClient = createQueryClient();
keepOfflineSnapshot(queryClient);

const Overlays = lazy(() => import('./app/overlays'));
// The service worker is registered (and 'Nueva versión disponible' watched for) 3 s after the page has
// loaded, when it is quiet: its download of the app's files must not compete with the first screenful,
// which a slow phone is still drawing (and fetching) well after `load` (decision 302).
const AppUpdatePrompt = lazyNamed(() => import('./app/app-update'), 'AppUpdatePrompt');

function AppUpdateWhenIdle() {
  const idle = useIdle(2000, 3000);
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <AppUpdatePrompt />
    </Suspense>
  );
}

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
      {/* Every CSS variable from here, none from a stylesheet: the app's stylesheet follows the loading
          screen in the page, so a variable it defined would win over this one (decision 319). */}
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} deduplicateCssVariables={false}>
        <SessionExtras />
        <AppUpdateWhenIdle />
        <AppRouter />
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
