import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconInbox, IconX } from '@tabler/icons-react';
import { formatDateTime } from '#domain/dates';
import type { BenefitRequest } from '#domain/schemas/economy';
import { messageOf } from '../../api/client';
import { usePressKey } from '../../api/press-key';
import { useDecideProviderRequest, useProviderRequests } from '../../api/provider';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table';
import { plural, tokens } from '#domain/plural';

/**
 * Requests for this provider's managed benefits (`pending_provider_approval`). The spec left them
 * stuck forever (LOOK-AND-FEEL "Weaknesses"); here the provider approves (the employee gets a code)
 * or rejects (the tokens are refunded).
 */
export function ProviderRequestsCard() {
  const requests = useProviderRequests();
  const decide = useDecideProviderRequest();
  const pressKey = usePressKey();

  const run = (request: BenefitRequest, decision: 'approve' | 'reject') => {
    decide.mutate(
      { requestId: request.id, decision, idempotencyKey: pressKey.keyFor(`${decision}:${request.id}`) },
      {
        onSettled: (_data, error) => pressKey.settle(error),
        onSuccess: () =>
          notifications.show({ color: 'green', message: decision === 'approve' ? 'Solicitud aprobada correctamente' : 'Solicitud rechazada correctamente' }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: `Error al ${decision === 'approve' ? 'aprobar' : 'rechazar'} solicitud: ${messageOf(error)}`,
          }),
      },
    );
  };

  // Rejecting refunds the employee: ask first, naming who and what.
  const [rejecting, setRejecting] = useState<BenefitRequest | null>(null);
  const reject = () => {
    if (!rejecting) return;
    setRejecting(null);
    run(rejecting, 'reject');
  };

  const busyId = decide.isPending ? decide.variables?.requestId : undefined;

  return (
    <>
      <DataTable<BenefitRequest>
        label="Solicitudes pendientes"
        heading={
          <Group justify="space-between">
            <Title order={2} fz={{ base: 20, sm: 22 }}>
              Solicitudes pendientes
            </Title>
            {requests.data && requests.data.total > 0 && (
              <Badge variant="attention" size="lg" aria-label={plural(requests.data.total, 'pendiente', 'pendientes')}>
                {requests.data.total}
              </Badge>
            )}
          </Group>
        }
        columns={[]}
        rows={requests.data?.items}
        rowKey={(request) => request.id}
        isLoading={requests.isPending}
        error={requests.isError ? `Error al cargar solicitudes: ${messageOf(requests.error)}` : null}
        onRetry={() => void requests.refetch()}
        empty={{ icon: <IconInbox size={28} />, title: 'No hay solicitudes pendientes.' }}
        cardColumns={1}
        renderCard={(request) => (
          <Paper withBorder radius="md" p="md">
            <Group justify="space-between" align="flex-start" gap="md">
              <Stack gap={2} style={{ flex: '1 1 240px' }} miw={0}>
                <Text fw={600}>{request.benefitName}</Text>
                <Text size="sm">
                  {request.userName ?? 'Usuario desconocido'}
                  {request.userEmail ? ` · ${request.userEmail}` : ''}
                  {request.companyName ? ` · ${request.companyName}` : ''}
                </Text>
                <Text size="xs" c="dimmed">
                  Solicitado el {formatDateTime(request.requestDate)} · {tokens(request.tokenCost)}
                </Text>
                {request.comments && (
                  <Text size="sm" c="dimmed" fs="italic">
                    «{request.comments}»
                  </Text>
                )}
                {request.productLink && (
                  <Anchor href={request.productLink} target="_blank" rel="noopener noreferrer" size="sm" style={{ wordBreak: 'break-all' }}>
                    {request.productLink}
                  </Anchor>
                )}
              </Stack>
              <Group gap="xs" style={{ flex: '1 1 240px', maxWidth: 380 }} justify="flex-end">
                <Button
                  color="red"
                  variant="light"
                  size="md"
                  leftSection={<IconX size={18} />}
                  onClick={() => setRejecting(request)}
                  disabled={decide.isPending}
                  loading={busyId === request.id && decide.variables?.decision === 'reject'}
                  px="sm"
                  style={{ flex: '1 1 120px' }}
                >
                  Rechazar
                </Button>
                <Button
                  color="teal.9"
                  size="md"
                  leftSection={<IconCheck size={18} />}
                  onClick={() => run(request, 'approve')}
                  disabled={decide.isPending}
                  loading={busyId === request.id && decide.variables?.decision === 'approve'}
                  px="sm"
                  style={{ flex: '1 1 120px' }}
                >
                  Aprobar
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      />
      <ConfirmDialog
        opened={rejecting !== null}
        title="Rechazar solicitud"
        message={
          rejecting && (
            <>
              ¿Rechazar la solicitud de {rejecting.userName ?? rejecting.userEmail ?? 'este usuario'} para «{rejecting.benefitName}»? Se le devolverán sus{' '}
              {tokens(rejecting.tokenCost)}.
            </>
          )
        }
        confirmLabel="Rechazar"
        isDestructive
        onConfirm={reject}
        onCancel={() => setRejecting(null)}
      />
    </>
  );
}
