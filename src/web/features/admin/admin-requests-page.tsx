import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Group, Modal, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { PROCESS_MODAL_CLOSE_MS } from '#domain/constants';
import { formatDateTime } from '#domain/dates';
import { instructionsRequired, isPendingStatus } from '#domain/request-lifecycle';
import { errorMessage } from '#domain/errors';

import type { BenefitRequest, RequestFilter } from '#domain/schemas/economy';
import { messageOf } from '../../api/client';
import { ADMIN_CSV_URLS, useAdminRequests, useDecideAdminRequest } from '../../api/admin-platform';
import { usePressKey } from '../../api/press-key';
import { RequestStatusBadge } from '../../components/badges';
import { CodeText } from '../../components/code-text';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { actionsColumn, dateTimeColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';
import { ExportCsvButton } from '../../components/export-csv-button';
import { tokens } from '#domain/plural';

const PAGE_SIZE = 10;

/** Spec part 1 §2 "Requests": the tabs, 'Pendientes' first shown. */
const TABS: { value: RequestFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'pending', label: 'Pendientes' },
  { value: 'pending_admin', label: 'Requieren Gestión' },
  { value: 'approved', label: 'Aprobadas' },
  { value: 'rejected', label: 'Rechazadas' },
];

/** Spec part 1 §5: approving a token-paid request that awaits the platform needs the instructions. */
const needsInstructions = instructionsRequired;
const isPending = (request: BenefitRequest) => isPendingStatus(request.status);

/** /level1/benefits/requests (spec part 1 §2 "Requests", §4): tabs with counts, search, paging and the process modal. */
export function AdminRequestsPage() {
  const [filter, setFilter] = useState<RequestFilter>('pending');
  const { search, page, setPage, tableProps } = useTableSearch();
  const requests = useAdminRequests({ filter, search, page, pageSize: PAGE_SIZE });
  const [open, setOpen] = useState<BenefitRequest | null>(null);

  const columns: DataTableColumn<BenefitRequest>[] = [
    {
      key: 'user',
      header: 'Usuario',
      render: (r) => (
        <div>
          <Text fw={600}>{r.userName ?? 'Usuario desconocido'}</Text>
          <Text size="xs" c="dimmed">
            {r.userEmail}
          </Text>
        </div>
      ),
    },
    { key: 'benefit', header: 'Beneficio', render: (r) => r.benefitName },
    { key: 'company', header: 'Empresa', render: (r) => r.companyName ?? '—' },
    { key: 'cost', header: 'Tokens', noWrap: true, render: (r) => r.tokenCost },
    dateTimeColumn('date', 'Fecha', (r) => r.requestDate),
    { key: 'status', header: 'Estado', noWrap: true, render: (r) => <RequestStatusBadge status={r.status} audience="admin" /> },
    actionsColumn((r) => (
      <Button size="xs" variant={isPending(r) ? 'filled' : 'light'} color="admin" onClick={() => setOpen(r)} aria-label={`${isPending(r) ? 'Gestionar' : 'Ver'} la solicitud de ${r.userName ?? r.userEmail} (${r.benefitName})`}>
        {isPending(r) ? 'Gestionar' : 'Ver'}
      </Button>
    )),
  ];

  const counts = requests.data?.counts;
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Solicitudes"
        description="Las solicitudes de beneficios Jobby y las que esperan la gestión del equipo de Jobby."
        action={<ExportCsvButton href={ADMIN_CSV_URLS.requests} />}
      />
      <Tabs
        value={filter}
        onChange={(value) => {
          setFilter((value as RequestFilter | null) ?? 'pending');
          setPage(1);
        }}
        variant="pills"
        color="admin"
      >
        <Tabs.List style={{ flexWrap: 'wrap', gap: 6 }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} rightSection={<Badge size="sm" variant="neutral">{counts ? counts[tab.value] : '…'}</Badge>}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <DataTable<BenefitRequest>
        label="Solicitudes"
        columns={columns}
        {...pagedTableProps(requests)}
        rowKey={(r) => r.id}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por usuario o beneficio"
        empty={{ icon: <IconInbox size={28} />, title: 'No hay solicitudes en esta pestaña' }}
        filteredEmpty={{ icon: <IconInbox size={28} />, title: 'Ninguna solicitud coincide con la búsqueda' }}
      />
      <ProcessRequestModal request={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

type Outcome = { kind: 'success' | 'error'; text: string };

/** The view/approve/reject modal; it closes 1500 ms after a result (spec part 1 §9). */
function ProcessRequestModal({ request, onClose }: { request: BenefitRequest | null; onClose: () => void }) {
  // One modal, always mounted, so closing it runs Mantine's own clean-up (focus return, scroll lock).
  return (
    <Modal opened={request !== null} onClose={onClose} title="Detalle de la solicitud" centered size="lg">
      {request && <ProcessRequestContent key={request.id} request={request} onClose={onClose} />}
    </Modal>
  );
}

function ProcessRequestContent({ request, onClose }: { request: BenefitRequest; onClose: () => void }) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const decide = useDecideAdminRequest();
  const press = usePressKey();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const run = (decision: 'approve' | 'reject') => {
    const trimmed = text.trim();
    if (decision === 'approve' && needsInstructions(request) && !trimmed) {
      setMissing(true);
      return;
    }
    const fingerprint = `${request.id}:${decision}:${trimmed}`;
    decide.mutate(
      { requestId: request.id, decision, text: trimmed || null, idempotencyKey: press.keyFor(fingerprint) },
      {
        onSuccess: () => setOutcome({ kind: 'success', text: decision === 'approve' ? 'Solicitud aprobada y token generado correctamente' : 'Solicitud rechazada correctamente' }),
        onError: (error) => setOutcome({ kind: 'error', text: `Error al ${decision === 'approve' ? 'aprobar' : 'rechazar'} la solicitud: ${messageOf(error)}` }),
        onSettled: (_data, error) => {
          press.settle(error);
          timer.current = setTimeout(onClose, PROCESS_MODAL_CLOSE_MS);
        },
      },
    );
  };

  const pending = isPending(request);
  return (
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Text fw={700}>{request.benefitName}</Text>
          <RequestStatusBadge status={request.status} audience="admin" />
        </Group>
        <Detail label="Usuario" value={`${request.userName ?? 'Usuario desconocido'}${request.userEmail ? ` (${request.userEmail})` : ''}`} />
        <Detail label="Empresa" value={request.companyName ?? '—'} />
        <Detail label="Costo" value={`${tokens(request.tokenCost)}${request.paidWithTokens ? ' (pagado)' : ''}`} />
        <Detail label="Fecha de solicitud" value={formatDateTime(request.requestDate)} />
        {request.processedDate && <Detail label="Fecha de gestión" value={formatDateTime(request.processedDate)} />}
        {request.comments && <Detail label="Comentarios" value={request.comments} />}
        {request.productLink && <Detail label="Enlace del producto" value={request.productLink} />}
        {request.adminInstructions && <Detail label="Instrucciones" value={request.adminInstructions} />}
        {request.decisionNote && <Detail label="Motivo del rechazo" value={request.decisionNote} />}
        {request.code && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              Código:
            </Text>
            <CodeText code={request.code.code} fw={700} />
          </Group>
        )}
        {outcome && (
          <Alert color={outcome.kind === 'success' ? 'green' : 'red'} role={outcome.kind === 'success' ? 'status' : 'alert'}>
            {outcome.text}
          </Alert>
        )}
        {pending && !outcome && (
          <>
            <Textarea
              label={needsInstructions(request) ? 'Instrucciones para el colaborador' : 'Instrucciones o motivo (opcional)'}
              description={needsInstructions(request) ? 'Obligatorias para aprobar: el colaborador las verá junto a su código.' : undefined}
              withAsterisk={needsInstructions(request)}
              autosize
              minRows={2}
              maxLength={2000}
              value={text}
              error={missing ? errorMessage('INSTRUCTIONS_REQUIRED') : undefined}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setMissing(false);
              }}
            />
            <Group justify="flex-end">
              <Button variant="light" color="red" onClick={() => run('reject')} loading={decide.isPending && decide.variables?.decision === 'reject'} disabled={decide.isPending}>
                Rechazar
              </Button>
              <Button color="admin" onClick={() => run('approve')} loading={decide.isPending && decide.variables?.decision === 'approve'} disabled={decide.isPending}>
                Aprobar
              </Button>
            </Group>
          </>
        )}
      </Stack>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}:
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
