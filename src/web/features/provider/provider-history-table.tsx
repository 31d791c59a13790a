import { useState } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { IconInbox, IconSearch } from '@tabler/icons-react';
import { PROVIDER_HISTORY_SIZE } from '#domain/constants';
import { formatDateTime } from '#domain/dates';
import type { ProviderHistory } from '#domain/schemas/economy';
import { providerHistoryExportUrl, type ProviderHistoryParams } from '../../api/provider';
import { OriginBadge } from '../../components/badges';
import { CodeText } from '../../components/code-text';
import { ExportCsvButton } from '../../components/export-csv-button';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn, type PagedQuery } from '../../components/data-table';
import { DateRangeField, type DayRange } from './date-range-field';

type Item = ProviderHistory['items'][number];

const COLUMNS: DataTableColumn<Item>[] = [
  { key: 'code', header: 'Código', noWrap: true, render: (item) => <CodeText code={item.code} /> },
  {
    key: 'benefit',
    header: 'Beneficio',
    render: (item) => (
      <Group gap="xs" wrap="nowrap">
        <Text size="sm">{item.benefitName}</Text>
        <OriginBadge isBenefitJobby={item.isBenefitJobby} size="sm" />
      </Group>
    ),
  },
  { key: 'user', header: 'Usuario', render: (item) => item.userName },
  { key: 'date', header: 'Fecha', noWrap: true, render: (item) => formatDateTime(item.usedAt) },
];

/**
 * The history's search (code, benefit, employee), dates and page: the query's params,
 * and what the table needs to change them. Typing or new dates go back to page 1.
 */
export function useProviderHistoryFilters() {
  const table = useTableSearch();
  const [range, setRange] = useState<DayRange>([null, null]);
  // A range being picked (its start only) does not filter until its end is chosen.
  const [from, to] = range[0] && !range[1] ? [null, null] : range;
  const params: ProviderHistoryParams = { search: table.search, from, to, page: table.page, pageSize: PROVIDER_HISTORY_SIZE };
  const changeRange = (value: DayRange) => {
    setRange(value);
    table.setPage(1);
  };
  return { params, range, changeRange, tableProps: table.tableProps };
}

type Props = {
  history: PagedQuery<Item> & { isPlaceholderData?: boolean };
  filters: ReturnType<typeof useProviderHistoryFilters>;
};

/** The codes this provider redeemed (part 2 "Provider portal"), searched, by dates, paged, and its CSV. */
export function ProviderHistoryTable({ history, filters }: Props) {
  const { params } = filters;
  const isFiltered = Boolean(params.from || params.to);
  return (
    <DataTable<Item>
      label="Historial de tokens procesados"
      heading={
        <Group justify="space-between" gap="sm">
          <Title order={2} fz={{ base: 20, sm: 22 }}>
            Historial de tokens procesados
          </Title>
          <ExportCsvButton href={providerHistoryExportUrl(params)} />
        </Group>
      }
      columns={COLUMNS}
      rowKey={(item) => `${item.code}-${item.usedAt}`}
      pageSize={PROVIDER_HISTORY_SIZE}
      {...pagedTableProps(history)}
      {...filters.tableProps}
      searchPlaceholder="Buscar por código, beneficio o usuario"
      filters={<DateRangeField label="Fechas" value={filters.range} onChange={filters.changeRange} />}
      isFiltered={isFiltered}
      isRefreshing={history.isPlaceholderData}
      empty={{ icon: <IconInbox size={28} />, title: 'No hay tokens procesados aún.' }}
      filteredEmpty={{ icon: <IconSearch size={28} />, title: 'Ningún canje coincide con la búsqueda o las fechas.' }}
    />
  );
}
