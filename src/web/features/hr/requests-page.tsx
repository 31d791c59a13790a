import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import { isPendingStatus } from '#domain/request-lifecycle';
import type { BenefitRequest } from '#domain/schemas/economy';
import { messageOf } from '../../api/client';
import { useCompanyRequests, useDecideCompanyRequest } from '../../api/hr';
import { usePressKey } from '../../api/press-key';
import { RequestStatusBadge } from '../../components/badges';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { actionsColumn, dateTimeColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';
import { VerifyTokenForm } from '../../components/verify-token-form';
import { plural, tokens } from '#domain/plural';

const PAGE_SIZE = 10;
type Decision = 'approve' | 'reject';

/** /level2/requests (spec part 2 §2, §4): the company's internal-benefit requests, pending first then newest; approve or reject after confirmation. */
export function HrRequestsPage() {
  const { search, page, tableProps } = useTableSearch();
  const requests = useCompanyRequests({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();
  const [deciding, setDeciding] = useState<{ request: BenefitRequest; decision: Decision } | null>(null);
  const decide = useDecideCompanyRequest();
  const pressKey = usePressKey();

  const confirmDecision = () => {
    if (!deciding) return;
    const { request, decision } = deciding;
    const verb = decision === 'approve' ? 'aprobar' : 'rechazar';
    decide.mutate(
      { requestId: request.id, decision, idempotencyKey: pressKey.keyFor(`${request.id}:${decision}`) },
      {
        onSuccess: () => showSuccess(`Solicitud ${decision === 'approve' ? 'aprobada' : 'rechazada'} correctamente`),
        onError: (error) => showError(`Error al ${verb} solicitud: ${messageOf(error)}`),
        onSettled: (_data, error) => {
          pressKey.settle(error ?? undefined);
          setDeciding(null);
        },
      },
    );
  };

  const columns: DataTableColumn<BenefitRequest>[] = [
    { key: 'user', header: 'Usuario', render: (r) => <Text fw={600}>{r.userName ?? 'Usuario desconocido'}</Text> },
    { key: 'email', header: 'Correo', render: (r) => r.userEmail ?? '—' },
    { key: 'benefit', header: 'Beneficio', render: (r) => r.benefitName },
    dateTimeColumn('date', 'Fecha', (r) => r.requestDate),
    { key: 'status', header: 'Estado', noWrap: true, render: (r) => <RequestStatusBadge status={r.status} audience="hr" /> },
    actionsColumn((r) =>
      isPendingStatus(r.status) ? (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" color="green" onClick={() => setDeciding({ request: r, decision: 'approve' })} aria-label={`Aprobar la solicitud de ${r.userName ?? r.userEmail ?? ''}`}>
            Aprobar
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDeciding({ request: r, decision: 'reject' })} aria-label={`Rechazar la solicitud de ${r.userName ?? r.userEmail ?? ''}`}>
            Rechazar
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {r.processedDate ? `Procesada el ${formatDateTime(r.processedDate)}` : '—'}
        </Text>
      )),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Solicitudes"
        description="Lo que piden tus colaboradores de los beneficios internos: primero las pendientes, luego las más recientes."
        action={
          requests.data && requests.data.pendingCount > 0 ? (
            <Badge size="lg" variant="attention">
              {plural(requests.data.pendingCount, 'pendiente', 'pendientes')}
            </Badge>
          ) : undefined
        }
      />
      <Banner banner={banner} onClose={clear} />
      {/* The company's own benefits that name no provider are redeemed here, by HR. */}
      <VerifyTokenForm />
      <DataTable<BenefitRequest>
        label="Solicitudes"
        columns={columns}
        {...pagedTableProps(requests, (error) => `Error al cargar solicitudes: ${messageOf(error)}`)}
        rowKey={(r) => r.id}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por usuario, email o beneficio"
        empty={{ icon: <IconInbox size={28} />, title: 'Aún no hay solicitudes', description: 'Cuando un colaborador pida un beneficio interno que requiere aprobación, aparecerá aquí.' }}
        filteredEmpty={{ icon: <IconInbox size={28} />, title: 'Ninguna solicitud coincide con la búsqueda' }}
      />
      <ConfirmDialog
        opened={deciding !== null}
        title={deciding?.decision === 'approve' ? 'Aprobar solicitud' : 'Rechazar solicitud'}
        message={
          deciding?.decision === 'approve'
            ? `¿Aprobar "${deciding.request.benefitName}" para ${deciding.request.userName ?? deciding.request.userEmail ?? ''}? Se generará su código.`
            : `¿Rechazar "${deciding?.request.benefitName ?? ''}"? Se devolverán sus ${tokens(deciding?.request.tokenCost ?? 0)}.`
        }
        confirmLabel={deciding?.decision === 'approve' ? 'Aprobar' : 'Rechazar'}
        isDestructive={deciding?.decision === 'reject'}
        isLoading={decide.isPending}
        onConfirm={confirmDecision}
        onCancel={() => setDeciding(null)}
      />
    </Stack>
  );
}
