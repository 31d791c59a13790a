import { Center, Loader, Stack, Text } from '@mantine/core';

export function PageLoader({ label = 'Cargando...' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
