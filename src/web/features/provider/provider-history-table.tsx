import { Box, Card, Center, Group, Loader, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/dates';
import type { ProviderHistory } from '../../../domain/schemas/economy';
import { CodeText } from '../../components/code-text';
import { ErrorState } from '../../components/error-state';
import { OriginBadge } from '../../components/badges';

type Item = ProviderHistory['items'][number];

type Props = { items: Item[] | undefined; isLoading: boolean; error: string | null; onRetry: () => void };

/** The 20 latest tokens this provider redeemed (part 2 "Provider portal"): a table, or cards on a phone. */
export function ProviderHistoryTable({ items, isLoading, error, onRetry }: Props) {
  return (
    <Card padding="lg" radius="lg" shadow="sm" withBorder={false}>
      <Title order={2} fz={{ base: 20, sm: 22 }} mb="md">
        Historial de tokens procesados
      </Title>
      {isLoading ? (
        <Center py="xl" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" color="indigo" />
            <Text c="dimmed">Cargando historial...</Text>
          </Group>
        </Center>
      ) : error ? (
        <ErrorState message={error} onRetry={onRetry} />
      ) : !items || items.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon size={52} radius="xl" variant="light" color="indigo" aria-hidden>
            <IconInbox size={28} />
          </ThemeIcon>
          <Text c="dimmed" ta="center">
            No hay tokens procesados aún.
          </Text>
        </Stack>
      ) : (
        <>
          <Box visibleFrom="sm">
            <Table verticalSpacing="sm" highlightOnHover aria-label="Historial de tokens procesados" data-testid="provider-history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Código</Table.Th>
                  <Table.Th>Beneficio</Table.Th>
                  <Table.Th>Usuario</Table.Th>
                  <Table.Th>Fecha</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={`${item.code}-${item.usedAt}`}>
                    <Table.Td>
                      <CodeText code={item.code} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm">{item.benefitName}</Text>
                        <OriginBadge isBenefitJobby={item.isBenefitJobby} size="sm" />
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.userName}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(item.usedAt)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
          <Stack hiddenFrom="sm" gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Historial de tokens procesados">
            {items.map((item) => (
              <Paper key={`${item.code}-${item.usedAt}`} component="li" withBorder radius="md" p="sm">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <CodeText code={item.code} fz="lg" />
                  <OriginBadge isBenefitJobby={item.isBenefitJobby} size="sm" />
                </Group>
                <Text fw={600} mt={4}>
                  {item.benefitName}
                </Text>
                <Group justify="space-between" gap="xs" mt={2}>
                  <Text size="sm" c="dimmed">
                    {item.userName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(item.usedAt)}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        </>
      )}
    </Card>
  );
}
