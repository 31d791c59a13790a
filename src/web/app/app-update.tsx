import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * The service worker's registration, and 'Nueva versión disponible' when a newer build is installed
 * and waiting (decision 253): 'Actualizar' hands over to it and reloads. Pages always come
 * from the network when there is one, so the next open is the new version anyway; the prompt is for a
 * tab left open. Such a tab asks for a new version whenever the person comes back to it.
 */
export function AppUpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible' && navigator.onLine) void registration.update().catch(() => undefined);
      });
    },
  });
  if (!needRefresh) return null;
  return (
    <Affix position={{ bottom: 16, left: 16 }} zIndex={400}>
      <Paper shadow="md" radius="lg" p="sm" withBorder role="status" aria-live="polite" maw="calc(100vw - 32px)">
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" fw={600}>
            Nueva versión disponible
          </Text>
          <Button size="xs" radius="xl" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => void updateServiceWorker(true)}>
            Actualizar
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
