import { Anchor, Badge, Button, Card, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../../domain/dates';
import type { BenefitRequest } from '../../../domain/schemas/economy';
import { messageOf } from '../../api/client';
import { usePressKey } from '../../api/press-key';
import { useDecideProviderRequest, useProviderRequests } from '../../api/provider';
import { ErrorState } from '../../components/error-state';

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

  const confirmReject = (request: BenefitRequest) =>
    modals.openConfirmModal({
      title: 'Rechazar solicitud',
      children: (
        <Text size="sm">
          ¿Rechazar la solicitud de {request.userName ?? request.userEmail ?? 'este usuario'} para «{request.benefitName}»? Se le devolverán sus{' '}
          {request.tokenCost} tokens.
        </Text>
      ),
      labels: { confirm: 'Rechazar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => run(request, 'reject'),
    });

  const busyId = decide.isPending ? decide.variables?.requestId : undefined;

  return (
    <Card padding="lg" radius="lg" shadow="sm" withBorder={false}>
      <Group justify="space-between" mb="md">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          Solicitudes pendientes
        </Title>
        {requests.data && requests.data.total > 0 && (
          <Badge variant="attention" size="lg" aria-label={`${requests.data.total} pendientes`}>
            {requests.data.total}
          </Badge>
        )}
      </Group>
      {requests.isPending ? (
        <Center py="lg" role="status" aria-live="polite">
          <Group gap="sm">
            <Loader size="sm" color="indigo" />
            <Text c="dimmed">Cargando solicitudes...</Text>
          </Group>
        </Center>
      ) : requests.isError ? (
        <ErrorState message={`Error al cargar solicitudes: ${messageOf(requests.error)}`} onRetry={() => void requests.refetch()} />
      ) : requests.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No hay solicitudes pendientes.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Solicitudes pendientes">
          {requests.data.items.map((request) => (
            <Paper key={request.id} component="li" withBorder radius="md" p="md">
              <Group justify="space-between" align="flex-start" gap="md">
                <Stack gap={2} style={{ flex: '1 1 240px' }} miw={0}>
                  <Text fw={600}>{request.benefitName}</Text>
                  <Text size="sm">
                    {request.userName ?? 'Usuario desconocido'}
                    {request.userEmail ? ` · ${request.userEmail}` : ''}
                    {request.companyName ? ` · ${request.companyName}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Solicitado el {formatDateTime(request.requestDate)} · {request.tokenCost} tokens
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
                    onClick={() => confirmReject(request)}
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
          ))}
        </Stack>
      )}
    </Card>
  );
}
