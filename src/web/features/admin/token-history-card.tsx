import { useState } from 'react';
import { Box, Card, Center, Group, Loader, Pagination, Paper, SegmentedControl, Select, Stack, Table, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconHistory, IconSearch } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/dates';
import type { HistoryEntry } from '../../../domain/schemas/economy';
import { useAdminTokenHistory, type TokenHistoryType } from '../../api/admin-tokens';
import { messageOf } from '../../api/client';
import { HistoryTypeBadge } from '../../components/badges';
import { ErrorState } from '../../components/error-state';
import { useTableSearch } from '../../components/data-table';
import classes from './tokens-page.module.css';

const PAGE_SIZE = 10;

const PAGINATION_LABELS = { first: 'Primera página', previous: 'Página anterior', next: 'Página siguiente', last: 'Última página' } as const;

const FILTERS: Array<{ value: TokenHistoryType; label: string }> = [
  { value: 'all', label: 'Todos' },
  { value: 'add', label: 'Añadidos' },
  { value: 'remove', label: 'Quitados' },
  { value: 'used', label: 'Usados' },
];

function Amount({ entry }: { entry: HistoryEntry }) {
  const isCredit = entry.type === 'add';
  return (
    <Stack gap={0}>
      <Text fw={700} className={isCredit ? classes.credit : classes.debit} style={{ whiteSpace: 'nowrap' }}>
        {isCredit ? '+' : '−'}
        {Math.abs(entry.amount)}
      </Text>
      <Text size="xs" c="dimmed">
        {entry.tokenType === 'jobby' ? 'Flexibles' : 'Empresa'}
      </Text>
    </Stack>
  );
}

/** Every token movement of level 3 users: filter by type, search, pages of 10 (part 1 "Token management"). */
export function TokenHistoryCard() {
  const [type, setType] = useState<TokenHistoryType>('all');
  const { search, page, setPage, tableProps } = useTableSearch();
  const history = useAdminTokenHistory({ type, search, page, pageSize: PAGE_SIZE });
  const totalPages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));
  const isFiltered = type !== 'all' || search.trim() !== '';
  const changeType = (next: TokenHistoryType) => {
    setType(next);
    setPage(1);
  };

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={3}>Historial de tokens</Title>
            <Text size="sm" c="dimmed">
              Movimientos de tokens de los colaboradores, del más reciente al más antiguo.
            </Text>
          </div>
          {history.isFetching && !history.isPending && <Loader size="xs" color="admin" aria-label="Actualizando historial" />}
        </Group>

        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Filtrar por tipo"
            data={FILTERS}
            value={type}
            onChange={(value) => changeType(value as TokenHistoryType)}
            color="admin"
            size="sm"
            visibleFrom="sm"
          />
          {/* Four segments do not fit a phone's width: the same filter as a select there. */}
          <Select
            aria-label="Filtrar por tipo"
            data={FILTERS}
            value={type}
            onChange={(value) => changeType((value ?? 'all') as TokenHistoryType)}
            allowDeselect={false}
            hiddenFrom="sm"
            style={{ flex: '1 1 100%' }}
          />
          <TextInput
            aria-label="Buscar en el historial"
            placeholder="Buscar por usuario o motivo"
            leftSection={<IconSearch size={16} />}
            value={tableProps.search}
            onChange={(event) => tableProps.onSearchChange(event.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
          />
        </Group>

        {history.isPending ? (
          <Center py="xl" role="status" aria-live="polite">
            <Group gap="sm">
              <Loader size="sm" color="admin" />
              <Text c="dimmed">Cargando historial...</Text>
            </Group>
          </Center>
        ) : history.isError ? (
          <ErrorState message={messageOf(history.error)} onRetry={() => void history.refetch()} />
        ) : history.data.items.length === 0 ? (
          <Stack align="center" gap="xs" py="xl">
            <ThemeIcon size={48} radius="xl" variant="light" color="admin" aria-hidden>
              <IconHistory size={26} />
            </ThemeIcon>
            <Text c="dimmed" ta="center">
              {isFiltered ? 'No hay movimientos que coincidan con el filtro.' : 'Aún no hay movimientos de tokens.'}
            </Text>
          </Stack>
        ) : (
          <Box style={{ opacity: history.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
            <Table.ScrollContainer minWidth={860} visibleFrom="sm">
              <Table verticalSpacing="sm" highlightOnHover aria-label="Historial de tokens" data-testid="token-history">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Fecha</Table.Th>
                    <Table.Th>Usuario</Table.Th>
                    <Table.Th>Tipo</Table.Th>
                    <Table.Th>Cantidad</Table.Th>
                    <Table.Th>Motivo</Table.Th>
                    <Table.Th>Por</Table.Th>
                    <Table.Th>Saldo</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {history.data.items.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
                      <Table.Td>{entry.userName ?? 'Usuario desconocido'}</Table.Td>
                      <Table.Td>
                        <HistoryTypeBadge type={entry.type} />
                      </Table.Td>
                      <Table.Td>
                        <Amount entry={entry} />
                      </Table.Td>
                      <Table.Td maw={260}>
                        <Text size="sm" lineClamp={2}>
                          {entry.reason ?? '—'}
                        </Text>
                      </Table.Td>
                      <Table.Td>{entry.actorName ?? 'Sistema'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {entry.balanceBefore} →{' '}
                          <Text span fw={700} inherit>
                            {entry.balanceAfter}
                          </Text>
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Stack hiddenFrom="sm" gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Historial de tokens">
              {history.data.items.map((entry) => (
                <Paper key={entry.id} component="li" withBorder radius="md" p="sm">
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text fw={600} truncate>
                      {entry.userName ?? 'Usuario desconocido'}
                    </Text>
                    <HistoryTypeBadge type={entry.type} />
                  </Group>
                  <Group justify="space-between" align="flex-end" gap="xs" mt={4}>
                    <Amount entry={entry} />
                    <Text size="sm" c="dimmed">
                      Saldo {entry.balanceBefore} →{' '}
                      <Text span fw={700} inherit c="var(--mantine-color-text)">
                        {entry.balanceAfter}
                      </Text>
                    </Text>
                  </Group>
                  {entry.reason && (
                    <Text size="sm" mt={4}>
                      {entry.reason}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed" mt={4}>
                    {formatDateTime(entry.createdAt)} · Por {entry.actorName ?? 'Sistema'}
                  </Text>
                </Paper>
              ))}
            </Stack>
          </Box>
        )}

        {history.data && history.data.total > PAGE_SIZE && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              {history.data.totalIsCapped ? `Más de ${history.data.total.toLocaleString('es-CL')}` : history.data.total} movimientos
            </Text>
            <Pagination
              total={totalPages}
              value={page}
              onChange={setPage}
              color="admin"
              size="sm"
              aria-label="Páginas del historial"
              getItemProps={(item) => ({ 'aria-label': `Página ${item}` })}
              getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
            />
          </Group>
        )}
      </Stack>
    </Card>
  );
}
