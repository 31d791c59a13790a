import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';

/** A screen owned by a later issue: its title, and an honest sentence that it is on its way. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">{title}</Title>
      <Card padding="xl">
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} />
          </ThemeIcon>
          <Text fw={600}>Esta pantalla está en camino.</Text>
          <Text c="dimmed" ta="center" maw={420}>
            Estamos construyendo esta sección de Jobby. Pronto podrás usarla desde aquí.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
