import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCoins, IconHistory, IconUsersGroup } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import type { EmployeeBalance, HistoryEntry } from '#domain/schemas/economy';
import { TOKEN_HISTORY_CSV_URL, useCompanyEmployees, useCompanyTokenHistory, useCompanyTokenStats } from '../../api/hr';
import { Banner, useBanner } from '../../components/banner';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { actionsColumn, dateTimeColumn } from '../../components/data-table-columns';
import { LoadFailedState, loadFailed } from '../../components/error-state';
import { ExportCsvButton } from '../../components/export-csv-button';
import { PageHeader } from '../../components/page-header';
import { ReverseGrantAction } from '../../components/reverse-grant-action';
import { MovementTypeBadge } from '../../components/token-history';
import { AssignModal } from './assign-modal';
import { BulkAssignModal } from './bulk-assign-modal';
import { MonthlyAllowanceCard } from './monthly-allowance-card';
import { TokenStatCards } from './token-stat-cards';

const PAGE_SIZE = 10;
/** Spec part 2 §9: the history loads 50 and shows 10 (here: 10 per page over the 50). */
const HISTORY_LOADED = 50;
const HISTORY_SHOWN = 10;

/**
 * The latest company-token movements, 10 at a time over the 50 loaded, with the CSV of the whole
 * history, and 'Revertir' on a grant not reversed yet (decision 359).
 */
function HistorySection({ onReversed }: { onReversed: (message: string) => void }) {
  const history = useCompanyTokenHistory(HISTORY_LOADED);
  const [page, setPage] = useState(1);
  const items = history.data?.items ?? [];
  const columns: DataTableColumn<HistoryEntry>[] = [
    { key: 'user', header: 'Colaborador', render: (e) => <Text fw={600}>{e.userName ?? 'Usuario desconocido'}</Text> },
    dateTimeColumn('date', 'Fecha', (e) => e.createdAt),
    { key: 'type', header: 'Tipo', noWrap: true, render: (e) => <MovementTypeBadge entry={e} /> },
    { key: 'amount', header: 'Cantidad', noWrap: true, render: (e) => `${e.type === 'add' ? '+' : '−'}${e.amount.toLocaleString('es-CL')}` },
    { key: 'reason', header: 'Motivo', render: (e) => e.reason ?? '—' },
    { key: 'by', header: 'Por', render: (e) => e.actorName ?? 'Sistema' },
    actionsColumn((e) => <ReverseGrantAction entry={e} scope="company" onReversed={onReversed} />),
  ];
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={3}>Historial de transacciones</Title>
          <Text size="sm" c="dimmed">
            Los últimos movimientos de tokens de empresa, del más reciente al más antiguo.
          </Text>
        </div>
        <ExportCsvButton href={TOKEN_HISTORY_CSV_URL} />
      </Group>
      <DataTable<HistoryEntry>
        label="Historial de transacciones"
        columns={columns}
        rows={history.data ? items.slice((page - 1) * HISTORY_SHOWN, page * HISTORY_SHOWN) : undefined}
        rowKey={(e) => String(e.id)}
        total={items.length}
        page={page}
        pageSize={HISTORY_SHOWN}
        onPageChange={setPage}
        isLoading={history.isPending}
        error={history.isError ? loadFailed(history.error) : null}
        onRetry={() => void history.refetch()}
        empty={{ icon: <IconHistory size={28} />, title: 'Aún no hay movimientos de tokens de empresa' }}
      />
    </Stack>
  );
}

/** /level2/tokens (spec part 2 §2): the cards, the employees with both balances and 'Asignar', bulk assignment, and the history. */
export function HrTokensPage() {
  const stats = useCompanyTokenStats();
  const { search, page, tableProps } = useTableSearch();
  const employees = useCompanyEmployees({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, clear } = useBanner();
  const [assigning, setAssigning] = useState<EmployeeBalance | null>(null);
  const [isBulkOpen, setIsBulkOpen] = useState(false);

  const columns: DataTableColumn<EmployeeBalance>[] = [
    {
      key: 'employee',
      header: 'Colaborador',
      render: (e) => (
        <div>
          <Text fw={600}>{e.name}</Text>
          <Text size="xs" c="dimmed">
            {e.email}
          </Text>
        </div>
      ),
    },
    { key: 'company', header: 'Tokens de empresa', noWrap: true, render: (e) => <Text fw={700}>{e.company.toLocaleString('es-CL')}</Text> },
    { key: 'jobby', header: 'Tokens flexibles', noWrap: true, render: (e) => e.jobby.toLocaleString('es-CL') },
    { key: 'updated', header: 'Última actualización', noWrap: true, render: (e) => (e.lastUpdated ? formatDateTime(e.lastUpdated) : 'Nunca') },
    actionsColumn((e) => (
      // An inactive employee receives no company tokens (the server refuses): the button says why.
      <Button
        size="xs"
        color="admin"
        onClick={() => setAssigning(e)}
        disabled={e.status !== 'active'}
        title={e.status !== 'active' ? 'Colaborador inactivo: no recibe tokens' : undefined}
        aria-label={`Asignar tokens a ${e.name}`}
      >
        Asignar
      </Button>
    )),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Tokens de la empresa"
        description="Asigna tokens de empresa a tus colaboradores, uno a uno o a muchos a la vez."
        action={
          <Button color="admin" leftSection={<IconUsersGroup size={16} />} onClick={() => setIsBulkOpen(true)}>
            Asignación masiva
          </Button>
        }
      />
      <Banner banner={banner} onClose={clear} />
      {stats.isError ? (
        <LoadFailedState query={stats} />
      ) : (
        <TokenStatCards stats={stats.data} isLoading={stats.isPending} variant="tokens" />
      )}
      <MonthlyAllowanceCard />
      <DataTable<EmployeeBalance>
        label="Colaboradores y sus tokens"
        columns={columns}
        {...pagedTableProps(employees, loadFailed)}
        rowKey={(e) => e.id}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre o email"
        empty={{ icon: <IconCoins size={28} />, title: 'Aún no hay colaboradores', description: 'Agrega colaboradores en Usuarios para asignarles tokens.' }}
        filteredEmpty={{ icon: <IconCoins size={28} />, title: 'Ningún colaborador coincide con la búsqueda' }}
      />
      <HistorySection onReversed={showSuccess} />
      <AssignModal
        employee={assigning}
        onClose={() => setAssigning(null)}
        onAssigned={(message) => {
          setAssigning(null);
          showSuccess(message);
        }}
      />
      <BulkAssignModal
        opened={isBulkOpen}
        onClose={() => setIsBulkOpen(false)}
        onDone={(message) => {
          setIsBulkOpen(false);
          showSuccess(message);
        }}
      />
    </Stack>
  );
}
