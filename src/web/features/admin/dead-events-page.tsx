import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import { plural } from '#domain/plural';
import type { DeadEventItem } from '#domain/schemas/events';
import { messageOf } from '../../api/client';
import { useDeadEvents, useRetryDeadEvent } from '../../api/dead-events';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { actionsColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';

/**
 * 'Eventos fallidos' (decision 366): the background events the workers gave up on after a day of
 * failures (or at once, for content they cannot read), with the error, and 'Reintentar' for each.
 * Read along a keyset: 'Siguientes' follows the page's last row, 'Anteriores' goes back.
 */
export function DeadEventsPage() {
  // The cursors of the pages shown so far; the last one is this page's (null: the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1];
  const page = useDeadEvents(cursor);
  const retry = useRetryDeadEvent();
  const [confirming, setConfirming] = useState<DeadEventItem | null>(null);
  // The dialog's event, kept while it closes so its text does not vanish mid-animation.
  const [shown, setShown] = useState<DeadEventItem | null>(null);
  const ask = (event: DeadEventItem) => {
    setShown(event);
    setConfirming(event);
  };
  const total = page.data?.total;

  const confirm = () => {
    if (!confirming) return;
    const { id } = confirming;
    retry.mutate(id, {
      onSuccess: () => {
        setConfirming(null);
        notifications.show({ color: 'green', message: `El evento ${id} volvió a la cola y se procesará en unos segundos` });
      },
      onError: (error) => {
        setConfirming(null);
        notifications.show({ color: 'red', message: messageOf(error) });
      },
    });
  };

  const columns: DataTableColumn<DeadEventItem>[] = [
    {
      key: 'event',
      header: 'Evento',
      render: (e) => (
        <div>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {e.type}
          </Text>
          <Text size="xs" c="dimmed">
            N.º {e.id}
          </Text>
        </div>
      ),
    },
    { key: 'company', header: 'Empresa', render: (e) => e.companyName ?? '—' },
    { key: 'attempts', header: 'Intentos', noWrap: true, foldBelow: 'md', render: (e) => e.attempts },
    {
      key: 'error',
      header: 'Error',
      render: (e) => (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {e.lastError ?? '—'}
        </Text>
      ),
    },
    { key: 'created', header: 'Creado', noWrap: true, foldBelow: 'lg', render: (e) => formatDateTime(e.createdAt) },
    { key: 'died', header: 'Falló definitivamente', noWrap: true, render: (e) => formatDateTime(e.deadAt) },
    actionsColumn((e) => (
      <Button size="xs" variant="light" color="admin" onClick={() => ask(e)} aria-label={`Reintentar el evento ${e.id}`}>
        Reintentar
      </Button>
    )),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Eventos fallidos"
        description="Tareas de fondo que fallaron durante un día y dejaron de reintentarse. Revisa el error y reinténtalas cuando el problema esté resuelto."
        action={
          total !== undefined && (
            <Badge size="lg" variant={total > 0 ? 'danger' : 'success'} aria-label={plural(total, 'evento fallido', 'eventos fallidos')}>
              {plural(total, 'fallido', 'fallidos')}
            </Badge>
          )
        }
      />
      <DataTable
        label="Eventos fallidos"
        columns={columns}
        rows={page.data?.items}
        rowKey={(e) => String(e.id)}
        isLoading={page.isPending}
        isRefreshing={page.isPlaceholderData}
        error={page.isError ? messageOf(page.error) : null}
        onRetry={() => void page.refetch()}
        empty={{ icon: <IconCircleCheck size={28} />, title: 'No hay eventos fallidos', description: 'Todas las tareas de fondo se completaron o se siguen reintentando.' }}
      />
      {(cursors.length > 1 || page.data?.nextCursor) && (
        <Group justify="flex-end" gap="xs">
          <Button variant="default" disabled={cursors.length === 1} onClick={() => setCursors((list) => list.slice(0, -1))}>
            Anteriores
          </Button>
          <Button variant="default" disabled={!page.data?.nextCursor} onClick={() => page.data?.nextCursor && setCursors((list) => [...list, page.data.nextCursor])}>
            Siguientes
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title="Reintentar evento"
        message={shown ? `El evento ${shown.id} (${shown.type}) volverá a la cola con un nuevo día de reintentos. ¿Continuar?` : ''}
        confirmLabel="Reintentar"
        isLoading={retry.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
