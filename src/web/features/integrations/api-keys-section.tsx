import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { API_SCOPE_LABELS, API_SCOPES_BY_AUDIENCE, type ApiKeyAudience } from '../../../domain/api-keys';
import { formatDate, formatDateTime } from '../../../domain/dates';
import { apiKeyInputSchema, type ApiKey, type ApiKeyInput, type CreatedApiKey } from '../../../domain/schemas/api-keys';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/api-keys';
import { messageOf } from '../../api/client';
import { Banner, useBanner } from '../../components/banner';
import type { BadgeTone } from '../../components/badges';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { actionsColumn } from '../../components/data-table-columns';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';

const STATUS_VIEW: Record<ApiKey['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Activa', tone: 'success' },
  expired: { label: 'Vencida', tone: 'warning' },
  revoked: { label: 'Revocada', tone: 'neutral' },
};

const EMPTY: ApiKeyInput = { name: '', scopes: [], expiresOn: '' };

/**
 * 'Claves de API' (issue 22 §1): the keys a company's systems (HR) or the platform's (level 1) call
 * the API with — list, create (the secret shown once), revoke after a confirmation.
 */
export function ApiKeysSection({ audience }: { audience: ApiKeyAudience }) {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const createButton = (
    <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      Crear clave
    </Button>
  );

  const columns: DataTableColumn<ApiKey>[] = [
    {
      key: 'name',
      header: 'Nombre',
      render: (key) => (
        <Stack gap={0}>
          <Text fw={600}>{key.name}</Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {key.prefix}…
          </Text>
        </Stack>
      ),
    },
    {
      key: 'scopes',
      header: 'Permisos',
      render: (key) => (
        <Group gap={4}>
          {key.scopes.map((scope) => (
            <Badge key={scope} variant="info" size="sm" tt="none" title={scope}>
              {API_SCOPE_LABELS[scope]}
            </Badge>
          ))}
        </Group>
      ),
    },
    { key: 'created', header: 'Creada', noWrap: true, render: (key) => formatDate(key.createdAt) },
    { key: 'expires', header: 'Vence', noWrap: true, render: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'Sin vencimiento') },
    { key: 'used', header: 'Último uso', noWrap: true, render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Nunca') },
    {
      key: 'status',
      header: 'Estado',
      noWrap: true,
      render: (key) => (
        <Badge miw="max-content" variant={STATUS_VIEW[key.status].tone}>
          {STATUS_VIEW[key.status].label}
        </Badge>
      ),
    },
    actionsColumn((key) =>
      key.status === 'revoked' ? null : (
        <Button size="xs" variant="light" color="red" onClick={() => setRevoking(key)} aria-label={`Revocar la clave ${key.name}`}>
          Revocar
        </Button>
      )),
  ];

  return (
    <Stack gap="sm">
      <Banner banner={banner} onClose={clear} />
      <DataTable<ApiKey>
        label="Claves de API"
        heading={
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
            <div style={{ flex: '1 1 280px' }}>
              <Title order={2} size="h3">
                Claves de API
              </Title>
              <Text size="sm" c="dimmed">
                {audience === 'company'
                  ? 'Para que tus sistemas creen colaboradores, asignen tokens o lean solicitudes sin una persona. Todo lo que haga una clave queda registrado con su nombre.'
                  : 'Para que los sistemas de la plataforma usen la API sin una persona. Todo lo que haga una clave queda registrado con su nombre.'}
              </Text>
            </div>
            {createButton}
          </Group>
        }
        columns={columns}
        rows={keys.data?.items}
        rowKey={(key) => key.id}
        isLoading={keys.isLoading}
        error={keys.isError ? messageOf(keys.error) : null}
        onRetry={() => void keys.refetch()}
        empty={{
          icon: <IconKey size={28} />,
          title: 'Aún no hay claves de API',
          description: audience === 'company' ? 'Crea una para conectar tu sistema de nómina o de RR.HH.' : 'Crea una para conectar un sistema de la plataforma.',
        }}
      />
      <CreateApiKeyModal
        audience={audience}
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={(answer) => {
          setCreating(false);
          setCreated(answer);
        }}
      />
      <SecretModal created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revocar clave de API"
        message={`¿Revocar la clave «${revoking?.name ?? ''}»? Los sistemas que la usan dejarán de tener acceso de inmediato. Esta acción no se puede deshacer.`}
        confirmLabel="Revocar"
        isDestructive
        isLoading={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const name = revoking.name;
          revoke.mutate(revoking.id, {
            onSuccess: () => showSuccess(`Clave «${name}» revocada`),
            onError: (error) => showError(`Error al revocar la clave: ${messageOf(error)}`),
            onSettled: () => setRevoking(null),
          });
        }}
      />
    </Stack>
  );
}

type CreateApiKeyModalOptions = { audience: ApiKeyAudience; opened: boolean; onClose: () => void; onCreated: (created: CreatedApiKey) => void };

/** Name, scopes (checkboxes) and an optional last day; validated by the server's own schema. */
function CreateApiKeyModal({ audience, opened, onClose, onCreated }: CreateApiKeyModalOptions) {
  const form = useSchemaForm<ApiKeyInput>(apiKeyInputSchema, EMPTY);
  const create = useCreateApiKey();
  useFormOnOpen(form, { opened, source: null, valuesFor: () => EMPTY, resetAnswer: create.reset });
  return (
    <FormModal
      opened={opened}
      title="Crear clave de API"
      form={form}
      onClose={onClose}
      submitLabel="Crear clave"
      isSubmitting={create.isPending}
      error={create.isError ? `Error al crear la clave: ${messageOf(create.error)}` : null}
      onSubmit={(values) => create.mutate({ ...values, expiresOn: values.expiresOn || null }, { onSuccess: onCreated })}
    >
      <TextInput label="Nombre" description="Para reconocerla en los historiales, por ejemplo «Nómina Buk»" required {...form.getInputProps('name')} />
      <Checkbox.Group label="Permisos" description="Marca solo lo que el sistema necesita" required {...form.getInputProps('scopes')}>
        <Stack gap={6} mt={6}>
          {API_SCOPES_BY_AUDIENCE[audience].map((scope) => (
            <Checkbox key={scope} value={scope} label={API_SCOPE_LABELS[scope]} description={scope} />
          ))}
        </Stack>
      </Checkbox.Group>
      <TextInput
        type="date"
        label="Vence (opcional)"
        description="Último día en que funciona; sin fecha, funciona hasta que la revoques"
        {...form.getInputProps('expiresOn')}
        value={form.getValues().expiresOn ?? ''}
      />
    </FormModal>
  );
}

/** The secret, once: after this modal closes nobody can read it again (only its hash is kept). */
function SecretModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="Tu nueva clave de API" centered size="lg" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {created && (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title="Cópiala ahora">
            Esta es la única vez que verás la clave «{created.key.name}». Guárdala en un lugar seguro: si la pierdes, tendrás que crear otra.
          </Alert>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="api-key-secret">
            {created.secret}
          </Code>
          <Text size="sm" c="dimmed">
            Envíala en cada petición como <Code>Authorization: Bearer …</Code>.
          </Text>
          <Group justify="flex-end">
            <CopyButton value={created.secret} timeout={2000}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : 'admin'} leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? 'Copiada' : 'Copiar clave'}
                </Button>
              )}
            </CopyButton>
            <Button color="admin" onClick={onClose}>
              Ya la guardé
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
