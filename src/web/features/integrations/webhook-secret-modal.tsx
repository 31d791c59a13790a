import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { WebhookEndpoint } from '#domain/schemas/webhooks';
import { formatDateTime } from '#domain/dates';
import { messageOf } from '../../api/client';
import { useRotateWebhookSecret, useWebhookSecret } from '../../api/webhooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';

/** 'Secreto de firma': the endpoint's whsec_ secret, to copy, and 'Rotar secreto' (after a confirmation). */
export function WebhookSecretModal({ endpoint, justCreated, onClose }: { endpoint: WebhookEndpoint | null; justCreated: boolean; onClose: () => void }) {
  const secret = useWebhookSecret(endpoint?.id ?? null);
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);
  const close = () => {
    rotate.reset();
    onClose();
  };
  const until = rotate.data?.previousSecretUntil ?? secret.data?.previousSecretUntil ?? null;

  return (
    <>
      <Modal opened={endpoint !== null && !confirming} onClose={close} title="Secreto de firma" centered size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <Stack gap="sm">
          {justCreated && (
            <Alert color="green" role="status">
              Endpoint creado. Copia su secreto para verificar las firmas.
            </Alert>
          )}
          <Text size="sm" c="dimmed">
            Con este secreto tu sistema verifica la cabecera <Code>webhook-signature</Code> de cada envío (Standard Webhooks). Guárdalo en un lugar seguro.
          </Text>
          {secret.isPending ? (
            <Skeleton height={36} />
          ) : secret.isError ? (
            <ErrorState message={messageOf(secret.error)} onRetry={() => void secret.refetch()} />
          ) : (
            <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="Secreto de firma">
              {rotate.data?.secret ?? secret.data.secret}
            </Code>
          )}
          {rotate.isSuccess && (
            <Alert color="green" role="status">
              Secreto rotado. El anterior seguirá firmando hasta el {until ? formatDateTime(until) : ''} para que alcances a actualizar tu sistema.
            </Alert>
          )}
          {!rotate.isSuccess && until && (
            <Text size="sm" c="dimmed">
              El secreto anterior sigue firmando hasta el {formatDateTime(until)}.
            </Text>
          )}
          {rotate.isError && (
            <Alert color="red" role="alert">
              {messageOf(rotate.error)}
            </Alert>
          )}
          <Group justify="space-between" mt="sm">
            <Button variant="light" color="red" onClick={() => setConfirming(true)} disabled={!secret.isSuccess}>
              Rotar secreto
            </Button>
            <Group gap="xs">
              <CopyButton value={rotate.data?.secret ?? secret.data?.secret ?? ''}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy} disabled={!secret.isSuccess}>
                    {copied ? 'Copiado' : 'Copiar'}
                  </Button>
                )}
              </CopyButton>
              <Button color="admin" onClick={close}>
                Listo
              </Button>
            </Group>
          </Group>
        </Stack>
      </Modal>
      <ConfirmDialog
        opened={endpoint !== null && confirming}
        title="Rotar secreto"
        message="Se generará un secreto nuevo. El actual seguirá firmando los envíos durante 24 horas; después, solo el nuevo. ¿Continuar?"
        confirmLabel="Rotar secreto"
        isDestructive
        isLoading={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => endpoint && rotate.mutate(endpoint.id, { onSettled: () => setConfirming(false) })}
      />
    </>
  );
}
