import './app/mantine-styles';
import './app/global.css';
import { lazy, startTransition, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { onlineManager, QueryClientProvider } from '@tanstack/react-query';
import { meQuery, useMe } from './api/session';
import { isSurveyPending } from '../domain/levels';
import { firstDataOf } from '../domain/first-data';
import { keepOfflineSnapshot } from './api/offline-snapshot';
import { finishPendingSignOutWhenOnline } from './api/pending-sign-out';
import { createQueryClient } from './api/session-ended';
import { AppRouter, firstScreenLoaded } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useThemeSync } from './app/use-theme-sync';
import { useIdle, useIdleAfterFirstPaint } from './lib/when-idle';
import { lazyNamed } from './components/lazy-named';

const queryClient = createQueryClient();
keepOfflineSnapshot(queryClient);
// A sign-out pressed without a connection is finished as soon as there is one (decision 346).
finishPendingSignOutWhenOnline();

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

/**
 * The colour scheme of the signed-in user, and the toasts and dialogs only signed-in screens open.
 * Those load once the screen has been painted and the page is quiet: nobody presses anything before,
 * and their chunk and render would otherwise go before the screen's own text on a slow phone (decision 332).
 */
function SessionExtras() {
  useThemeSync();
  const { data: me } = useMe();
  const screenShown = useIdleAfterFirstPaint();
  if (!me || !screenShown) return null;
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}

/**
 * What the screen the tab opens on needs before it can draw itself: its chunks, who is signed in and
 * the screen's first data (all asked for by the page before this script ran). Until then index.html's
 * loading screen shows, which is what the app would draw meanwhile, so the app's first render is the
 * screen itself instead of a loader, then the layout's loader, then the screen's skeleton, then the
 * screen, each a render and a layout of its own on a slow phone (decisions 330–331). Offline the
 * reads pause: the app starts at once, as before. Never rejects: a failure is shown by the screen.
 */
async function firstScreenReady(): Promise<void> {
  if (!onlineManager.isOnline()) return;
  const { pathname } = window.location;
  // The first data's queries are their own small chunk, asked for only by the pages that have first data.
  const firstData = firstDataOf(pathname).length > 0 ? import('./api/first-data') : null;
  const [, me] = await Promise.all([firstScreenLoaded, queryClient.fetchQuery(meQuery).catch(() => null)]);
  // An employee whose survey is pending is sent to it: the screen's data would only be refused.
  if (firstData && me && !isSurveyPending(me)) await (await firstData).prefetchFirstData(queryClient, pathname);
}

function renderApp() {
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
}

// A transition: React draws the screen in slices that leave the main thread free between them, instead of
// one long task a phone cannot answer a tap in (decision 330). A failure on the way (a chunk that did not
// arrive) is the screen's to show: the app starts all the same.
void firstScreenReady()
  .catch(() => undefined)
  .then(() => startTransition(renderApp));
