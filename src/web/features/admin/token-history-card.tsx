import { useState } from 'react';
import { Group, Loader, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { HistoryEntry } from '#domain/schemas/economy';
import { ADMIN_CSV_URLS } from '../../api/admin-platform';
import { useAdminTokenHistory, type TokenHistoryType } from '../../api/admin-tokens';
import { ExportCsvButton } from '../../components/export-csv-button';
import { DataTable, pagedTableProps, useTableSearch } from '../../components/data-table';
import { ReverseGrantAction } from '../../components/reverse-grant-action';
import { TokenHistoryTypeFilter, tokenHistoryColumns } from '../../components/token-history';

const PAGE_SIZE = 10;

const COLUMNS = tokenHistoryColumns('platform', (entry) => <ReverseGrantAction entry={entry} scope="platform" />);

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
          <Group gap="sm">
            {history.isFetching && !history.isPending && <Loader size="xs" color="admin" aria-label="Actualizando historial" />}
            <ExportCsvButton href={ADMIN_CSV_URLS.tokenHistory} />
          </Group>
        </Group>
      }
      columns={COLUMNS}
      {...pagedTableProps(history)}
      rowKey={(e) => String(e.id)}
      totalIsCapped={history.data?.totalIsCapped}
      pageSize={PAGE_SIZE}
      {...tableProps}
      searchPlaceholder="Buscar por usuario o motivo"
      filters={<TokenHistoryTypeFilter value={type} onChange={changeType} color="admin" />}
      isFiltered={type !== 'all'}
      isRefreshing={history.isPlaceholderData}
      empty={{ icon: <IconHistory size={28} />, title: 'Aún no hay movimientos de tokens.' }}
      filteredEmpty={{ icon: <IconHistory size={28} />, title: 'No hay movimientos que coincidan con el filtro.' }}
    />
  );
}
