import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { messageOf } from '../api/client';

/** HR's load failure (spec part 2 §8 'Error al cargar los datos'), with the server's reason: the one text of every HR screen. */
export const loadFailed = (error: unknown) => `Error al cargar los datos: ${messageOf(error)}`;

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Card padding="xl">
      <Stack align="center" gap="sm" py="md">
        <ThemeIcon size={48} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={26} />
        </ThemeIcon>
        <Text ta="center">{message}</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** A read that failed on an HR screen: the spec's 'Error al cargar los datos' and a retry, in one piece. */
export function LoadFailedState({ query }: { query: { error: unknown; refetch: () => unknown } }) {
  return <ErrorState message={loadFailed(query.error)} onRetry={() => void query.refetch()} />;
}
