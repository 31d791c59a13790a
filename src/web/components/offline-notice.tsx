import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { timeAgo } from '../../domain/dates';

/**
 * What an employee's screen says without a connection: the codes shown are those of the
 * last sync, and when that was; redeeming needs a connection. `updatedAt` is the time of the screen's
 * last successful read (TanStack Query's dataUpdatedAt), 0 when this device has none.
 */
export function OfflineNotice({ updatedAt }: { updatedAt: number }) {
  const synced = updatedAt > 0;
  return (
    <Alert color="gray" variant="light" radius="lg" icon={<IconWifiOff size={18} aria-hidden />} title={synced ? `Sin conexión · actualizado ${timeAgo(updatedAt, Date.now())}` : 'Sin conexión'} role="status" data-testid="offline-notice">
      <Text size="sm">
        {synced
          ? 'Tus códigos activos siguen aquí para mostrarlos en el local. Canjear beneficios necesita conexión: podrás hacerlo cuando vuelvas a estar en línea.'
          : 'Abre Jobby con conexión una vez para tener tus códigos disponibles sin conexión.'}
      </Text>
    </Alert>
  );
}
