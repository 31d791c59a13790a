import { Group, Text, Title } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { PROVIDER_HISTORY_SIZE } from '../../../domain/constants';
import { formatDateTime } from '../../../domain/dates';
import type { ProviderHistory } from '../../../domain/schemas/economy';
import { OriginBadge } from '../../components/badges';
import { CodeText } from '../../components/code-text';
import { DataTable, type DataTableColumn } from '../../components/data-table';

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

type Props = { items: Item[] | undefined; isLoading: boolean; error: string | null; onRetry: () => void };

/** The 20 latest tokens this provider redeemed (part 2 "Provider portal"): a table, or cards on a phone. */
export function ProviderHistoryTable({ items, isLoading, error, onRetry }: Props) {
  return (
    <DataTable<Item>
      label="Historial de tokens procesados"
      heading={
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          Historial de tokens procesados
        </Title>
      }
      columns={COLUMNS}
      rows={items}
      rowKey={(item) => `${item.code}-${item.usedAt}`}
      pageSize={PROVIDER_HISTORY_SIZE}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      empty={{ icon: <IconInbox size={28} />, title: 'No hay tokens procesados aún.' }}
    />
  );
}
