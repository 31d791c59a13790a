import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconSend } from '@tabler/icons-react';
import type { WebhookDelivery, WebhookEndpoint } from '#domain/schemas/webhooks';
import { formatDateTime } from '#domain/dates';
import { messageOf } from '../../api/client';
import { useRetryWebhookDelivery, useSendWebhookTest, useWebhookDeliveries } from '../../api/webhooks';
import { WebhookDeliveryStatusBadge } from '../../components/badges';
import { DataTable, pagedTableProps, type DataTableColumn } from '../../components/data-table';
import { actionsColumn } from '../../components/data-table-columns';

const PAGE_SIZE = 10;

/** The last answer of a delivery: its status code, or what went wrong before there was one. */
function answerOf(d: WebhookDelivery): string {
  if (d.attempts === 0) return '—';
  return d.lastResponseCode !== null ? String(d.lastResponseCode) : 'Sin respuesta';
}

/** 'Registro de entregas' of one endpoint: every delivery with its last attempt, next try, 'Reintentar' and a test event. */
export function WebhookDeliveriesModal({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null, page, PAGE_SIZE);
  const retry = useRetryWebhookDelivery();
  const test = useSendWebhookTest();
  const isActive = endpoint?.status === 'active';
  // A seven-column log needs the whole screen of a phone (its rows become cards there).
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const close = () => {
    setPage(1);
    retry.reset();
    test.reset();
    onClose();
  };

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      key: 'event',
      header: 'Evento',
      render: (d) => (
        <div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {d.eventLabel}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(d.createdAt)}
          </Text>
        </div>
      ),
    },
    { key: 'status', header: 'Estado', noWrap: true, render: (d) => <WebhookDeliveryStatusBadge status={d.status} /> },
    { key: 'attempts', header: 'Intentos', foldBelow: 'md', render: (d) => d.attempts },
    { key: 'code', header: 'Respuesta', noWrap: true, render: (d) => answerOf(d) },
    { key: 'duration', header: 'Duración', noWrap: true, render: (d) => (d.lastDurationMs === null ? '—' : `${d.lastDurationMs} ms`) },
    { key: 'next', header: 'Próximo intento', noWrap: true, render: (d) => (d.nextAttemptAt && d.attempts > 0 ? formatDateTime(d.nextAttemptAt) : '—') },
    {
      key: 'error',
      header: 'Detalle',
      foldBelow: 'xl',
      render: (d) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {d.lastError ?? '—'}
        </Text>
      ),
    },
    actionsColumn((d) => (
      <Button
        size="xs"
        variant="light"
        color="admin"
        disabled={!isActive || d.status === 'sending'}
        loading={retry.isPending && retry.variables?.deliveryId === d.id}
        onClick={() => endpoint && retry.mutate({ endpointId: endpoint.id, deliveryId: d.id })}
        aria-label={`Reintentar ${d.eventLabel} del ${formatDateTime(d.createdAt)}`}
      >
        Reintentar
      </Button>
    )),
  ];

  return (
    <Modal opened={endpoint !== null} onClose={close} title="Registro de entregas" centered size="75rem" fullScreen={isPhone} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
            {endpoint?.url}
          </Text>
          <Button leftSection={<IconSend size={16} />} variant="light" color="admin" disabled={!isActive} loading={test.isPending} onClick={() => endpoint && test.mutate(endpoint.id)}>
            Enviar evento de prueba
          </Button>
        </Group>
        {!isActive && (
          <Alert color="yellow" role="status">
            Este endpoint está desactivado: actívalo para enviar eventos o reintentar entregas.
          </Alert>
        )}
        {(retry.isError || test.isError) && (
          <Alert color="red" role="alert">
            {messageOf(retry.error ?? test.error)}
          </Alert>
        )}
        <DataTable
          label="Entregas del endpoint"
          columns={columns}
          rowKey={(d) => d.id}
          {...pagedTableProps(deliveries)}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          empty={{ title: 'Aún no hay entregas', description: 'Cuando ocurra un evento que este endpoint recibe, o envíes un evento de prueba, aparecerá aquí.' }}
        />
      </Stack>
    </Modal>
  );
}
