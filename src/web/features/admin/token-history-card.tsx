import { useState } from 'react';
import { Group, Loader, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/dates';
import type { HistoryEntry } from '../../../domain/schemas/economy';
import { useAdminTokenHistory, type TokenHistoryType } from '../../api/admin-tokens';
import { HistoryTypeBadge } from '../../components/badges';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import classes from './tokens-page.module.css';

const PAGE_SIZE = 10;

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

const COLUMNS: DataTableColumn<HistoryEntry>[] = [
  { key: 'user', header: 'Usuario', render: (e) => <Text fw={600}>{e.userName ?? 'Usuario desconocido'}</Text> },
  { key: 'type', header: 'Tipo', noWrap: true, render: (e) => <HistoryTypeBadge type={e.type} /> },
  { key: 'amount', header: 'Cantidad', render: (e) => <Amount entry={e} /> },
  {
    key: 'reason',
    header: 'Motivo',
    render: (e) => (
      <Text size="sm" lineClamp={2} maw={260}>
        {e.reason ?? '—'}
      </Text>
    ),
  },
  { key: 'by', header: 'Por', render: (e) => e.actorName ?? 'Sistema' },
  {
    key: 'balance',
    header: 'Saldo',
    noWrap: true,
    render: (e) => (
      <>
        {e.balanceBefore} →{' '}
        <Text span fw={700} inherit>
          {e.balanceAfter}
        </Text>
      </>
    ),
  },
  { key: 'date', header: 'Fecha', noWrap: true, render: (e) => formatDateTime(e.createdAt) },
];

/** Every token movement of level 3 users: filter by type, search, pages of 10 (part 1 "Token management"). */
export function TokenHistoryCard() {
  const [type, setType] = useState<TokenHistoryType>('all');
  const { search, page, setPage, tableProps } = useTableSearch();
  const history = useAdminTokenHistory({ type, search, page, pageSize: PAGE_SIZE });
  const changeType = (next: TokenHistoryType) => {
    setType(next);
    setPage(1);
  };

  return (
    <DataTable<HistoryEntry>
      label="Historial de tokens"
      heading={
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={3}>Historial de tokens</Title>
            <Text size="sm" c="dimmed">
              Movimientos de tokens de los colaboradores, del más reciente al más antiguo.
            </Text>
          </div>
          {history.isFetching && !history.isPending && <Loader size="xs" color="admin" aria-label="Actualizando historial" />}
        </Group>
      }
      columns={COLUMNS}
      {...pagedTableProps(history)}
      rowKey={(e) => String(e.id)}
      totalIsCapped={history.data?.totalIsCapped}
      pageSize={PAGE_SIZE}
      {...tableProps}
      searchPlaceholder="Buscar por usuario o motivo"
      filters={
        <>
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
        </>
      }
      isFiltered={type !== 'all'}
      isRefreshing={history.isPlaceholderData}
      empty={{ icon: <IconHistory size={28} />, title: 'Aún no hay movimientos de tokens.' }}
      filteredEmpty={{ icon: <IconHistory size={28} />, title: 'No hay movimientos que coincidan con el filtro.' }}
    />
  );
}
