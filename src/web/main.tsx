import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useThemeSync } from './app/use-theme-sync';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { refetchOnWindowFocus: false, retry: 1 },
  },
});

/**
 * Toasts at the bottom, never over the header's balances and avatar (issue 7: the profile's success
 * covered them on a phone); centred on a phone, where a corner leaves them too narrow.
 */
function Toasts() {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} />;
}

function ThemeSync() {
  useThemeSync();
  return null;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Toasts />
          <ThemeSync />
          <AppRouter />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
