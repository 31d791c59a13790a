import { Button, Card, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

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
