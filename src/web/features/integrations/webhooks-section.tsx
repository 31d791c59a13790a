import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconWebhook } from '@tabler/icons-react';
import type { WebhookEndpoint } from '#domain/schemas/webhooks';
import { WEBHOOK_EVENT_LABELS } from '#domain/webhooks';
import { messageOf } from '../../api/client';
import { useSendWebhookTest, useSetWebhookEndpointStatus, useWebhookEndpoints } from '../../api/webhooks';
import { WebhookEndpointStatusBadge } from '../../components/badges';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { actionsColumn } from '../../components/data-table-columns';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { WebhookDeliveriesModal } from './webhook-deliveries-modal';
import { WebhookEndpointModal } from './webhook-endpoint-modal';
import { WebhookSecretModal } from './webhook-secret-modal';

const INTRO: Record<'platform' | 'company', string> = {
  company: 'Jobby avisa a tus sistemas cuando ocurre algo en tu empresa: un POST firmado (Standard Webhooks) a cada endpoint que elijas.',
  platform: 'Jobby avisa a sistemas externos cuando ocurre algo en cualquier empresa: un POST firmado (Standard Webhooks) a cada endpoint que elijas.',
};

type Dialog =
  | { kind: 'form'; endpoint: WebhookEndpoint | null }
  | { kind: 'secret'; endpoint: WebhookEndpoint; justCreated?: boolean }
  | { kind: 'log' | 'status'; endpoint: WebhookEndpoint }
  | null;

/** The 'Webhooks' section of the integrations page. */
export function WebhooksSection({ audience }: { audience: 'platform' | 'company' }) {
  const endpoints = useWebhookEndpoints();
  const setStatus = useSetWebhookEndpointStatus();
  const test = useSendWebhookTest();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const nameOf = (e: WebhookEndpoint) => e.description || e.url;

  const sendTest = (endpoint: WebhookEndpoint) =>
    test.mutate(endpoint.id, {
      onSuccess: () => showSuccess('Evento de prueba enviado. Revisa el registro de entregas.'),
      onError: (error) => showError(messageOf(error)),
    });

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      key: 'url',
      header: 'Endpoint',
      render: (e) => (
        <div style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {e.url}
          </Text>
          {e.description && (
            <Text size="xs" c="dimmed">
              {e.description}
            </Text>
          )}
        </div>
      ),
    },
    {
      key: 'events',
      header: 'Eventos',
      render: (e) => (
        <Group gap={4}>
          {e.events.map((type) => (
            <Badge key={type} variant="neutral" size="sm" miw="max-content">
              {WEBHOOK_EVENT_LABELS[type]}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'status', header: 'Estado', noWrap: true, render: (e) => <WebhookEndpointStatusBadge status={e.status} disabledReason={e.disabledReason} /> },
    actionsColumn((e) => (
      <Group gap={6} wrap="wrap" justify="flex-end">
        <Button size="xs" variant="light" color="admin" onClick={() => setDialog({ kind: 'log', endpoint: e })} aria-label={`Registro de entregas de ${nameOf(e)}`}>
          Registro
        </Button>
        <Button
          size="xs"
          variant="light"
          color="admin"
          disabled={e.status !== 'active'}
          loading={test.isPending && test.variables === e.id}
          onClick={() => sendTest(e)}
          aria-label={`Enviar evento de prueba a ${nameOf(e)}`}
        >
          Enviar evento de prueba
        </Button>
        <Button size="xs" variant="light" color="admin" onClick={() => setDialog({ kind: 'secret', endpoint: e })} aria-label={`Secreto de ${nameOf(e)}`}>
          Secreto
        </Button>
        <Button size="xs" variant="light" color="admin" onClick={() => setDialog({ kind: 'form', endpoint: e })} aria-label={`Editar ${nameOf(e)}`}>
          Editar
        </Button>
        <StatusToggleButton isActive={e.status === 'active'} rowName={nameOf(e)} onClick={() => setDialog({ kind: 'status', endpoint: e })} />
      </Group>
    )),
  ];

  const toggling = dialog?.kind === 'status' ? dialog.endpoint : null;
  const activating = toggling?.status === 'inactive';

  return (
    <Card padding="lg" withBorder component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <div style={{ flex: '1 1 260px' }}>
            <Group gap="xs">
              <IconWebhook size={22} aria-hidden />
              <Title order={2} size="h3" id="webhooks-title">
                Webhooks
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {INTRO[audience]}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} color="admin" onClick={() => setDialog({ kind: 'form', endpoint: null })}>
            Nuevo endpoint
          </Button>
        </Group>
        <Banner banner={banner} onClose={clear} />
        <DataTable
          label="Endpoints de webhooks"
          columns={columns}
          rows={endpoints.data}
          rowKey={(e) => e.id}
          isLoading={endpoints.isPending}
          error={endpoints.isError ? messageOf(endpoints.error) : null}
          onRetry={() => void endpoints.refetch()}
          empty={{
            icon: <IconWebhook size={28} />,
            title: 'Aún no hay endpoints',
            description: 'Registra la URL de tu sistema y elige qué eventos quieres recibir.',
          }}
        />
      </Stack>

      <WebhookEndpointModal
        opened={dialog?.kind === 'form'}
        endpoint={dialog?.kind === 'form' ? dialog.endpoint : null}
        onClose={close}
        onSaved={(saved, isNew) => {
          // A new endpoint goes straight to its secret, which says it was created (a banner would clear unseen behind it).
          if (isNew) setDialog({ kind: 'secret', endpoint: saved, justCreated: true });
          else {
            showSuccess('Endpoint actualizado');
            close();
          }
        }}
      />
      <WebhookSecretModal endpoint={dialog?.kind === 'secret' ? dialog.endpoint : null} justCreated={dialog?.kind === 'secret' && dialog.justCreated === true} onClose={close} />
      <WebhookDeliveriesModal endpoint={dialog?.kind === 'log' ? dialog.endpoint : null} onClose={close} />
      <ConfirmDialog
        opened={toggling !== null}
        title={activating ? 'Activar endpoint' : 'Desactivar endpoint'}
        message={
          activating
            ? `¿Activar ${toggling ? nameOf(toggling) : ''}? Volverá a recibir los eventos que elegiste.`
            : `¿Desactivar ${toggling ? nameOf(toggling) : ''}? Dejará de recibir eventos hasta que lo actives.`
        }
        confirmLabel={activating ? 'Activar' : 'Desactivar'}
        isDestructive={!activating}
        isLoading={setStatus.isPending}
        onCancel={close}
        onConfirm={() =>
          toggling &&
          setStatus.mutate(
            { id: toggling.id, status: activating ? 'active' : 'inactive' },
            {
              onSuccess: () => showSuccess(activating ? 'Endpoint activado' : 'Endpoint desactivado'),
              onError: (error) => showError(messageOf(error)),
              onSettled: close,
            },
          )
        }
      />
    </Card>
  );
}
