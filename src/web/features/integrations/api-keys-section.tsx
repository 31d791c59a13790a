import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconKey, IconPlus } from '@tabler/icons-react';
import { API_KEY_STATUS_LABELS, API_SCOPE_LABELS, API_SCOPES_BY_AUDIENCE, type ApiKeyAudience, type ApiKeyStatus } from '#domain/api-keys';
import { formatDate, formatDateTime } from '#domain/dates';
import { apiKeyInputSchema, type ApiKey, type ApiKeyInput, type CreatedApiKey } from '#domain/schemas/api-keys';
import { useApiKeys, useConfirmApiKey, useCreateApiKey, useRevokeApiKey } from '../../api/api-keys';
import { messageOf } from '../../api/client';
import { Banner, useBanner } from '../../components/banner';
import type { BadgeTone } from '../../components/badges';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { actionsColumn } from '../../components/data-table-columns';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';

const STATUS_TONES: Record<ApiKeyStatus, BadgeTone> = { active: 'success', suspended: 'danger', expired: 'warning', revoked: 'neutral' };

const EMPTY: ApiKeyInput = { name: '', scopes: [], expiresOn: '' };

/** Level 1's filter: every key, the platform's, or one company's (`company` of GET /api/api-keys). */
const ALL_KEYS = 'todas';
const PLATFORM_KEYS = 'platform';

/**
 * Who the key rests on (decision 352): its creator, or whoever confirmed it last; a suspended key says
 * that person lost access ("Creador sin acceso" while nobody has confirmed it).
 */
function ResponsibleCell({ apiKey }: { apiKey: ApiKey }) {
  const isSuspended = apiKey.status === 'suspended';
  const name = apiKey.responsibleName ?? 'Cuenta eliminada';
  return (
    <Stack gap={2}>
      <Text size="sm">{name}</Text>
      {apiKey.confirmedAt && (
        <Text size="xs" c="dimmed">
          Confirmada el {formatDate(apiKey.confirmedAt)} · la creó {apiKey.createdByName ?? 'una cuenta eliminada'}
        </Text>
      )}
      {isSuspended && (
        <Text size="xs" c="red.8" fw={600}>
          {apiKey.confirmedAt ? 'Responsable sin acceso' : 'Creador sin acceso'}
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'Claves de API' (decision 220): the keys a company's systems (HR) or the platform's (level 1) call
 * the API with — list, create (the secret shown once), revoke after a confirmation. A key whose
 * responsible lost access is suspended until someone else confirms it (decision 352); level 1 sees
 * every company's keys too, with a filter by company.
 */
export function ApiKeysSection({ audience }: { audience: ApiKeyAudience }) {
  const isPlatform = audience === 'platform';
  const [companyFilter, setCompanyFilter] = useState<string>(ALL_KEYS);
  const everyKey = useApiKeys();
  const keys = useApiKeys(companyFilter === ALL_KEYS ? undefined : companyFilter);
  const revoke = useRevokeApiKey();
  const confirm = useConfirmApiKey();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [isCreating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [confirming, setConfirming] = useState<ApiKey | null>(null);

  // The companies that have keys, from the unfiltered list (level 1 only).
  const companyOptions = [
    { value: ALL_KEYS, label: 'Todas las claves' },
    { value: PLATFORM_KEYS, label: 'Plataforma' },
    ...[...new Map((everyKey.data?.items ?? []).flatMap((key) => (key.companyId ? [[key.companyId, key.companyName ?? 'Empresa'] as const] : []))).entries()]
      .sort(([, a], [, b]) => a.localeCompare(b, 'es'))
      .map(([value, label]) => ({ value, label })),
  ];
  const suspendedCount = (keys.data?.items ?? []).filter((key) => key.status === 'suspended').length;

  const createButton = (
    <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      {isPlatform ? 'Crear clave de la plataforma' : 'Crear clave'}
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
    ...(isPlatform ? [{ key: 'company', header: 'Empresa', render: (key: ApiKey) => key.companyName ?? 'Plataforma' }] : []),
    {
      key: 'scopes',
      header: 'Permisos',
      // Level 1's extra 'Empresa' column leaves the badges too little room on a laptop.
      foldBelow: isPlatform ? 'xl' : 'lg',
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
    { key: 'responsible', header: 'Responsable', render: (key) => <ResponsibleCell apiKey={key} /> },
    { key: 'created', header: 'Creada', noWrap: true, foldBelow: 'xl', render: (key) => formatDate(key.createdAt) },
    { key: 'expires', header: 'Vence', noWrap: true, foldBelow: 'xl', render: (key) => (key.expiresAt ? formatDateTime(key.expiresAt) : 'Sin vencimiento') },
    { key: 'used', header: 'Último uso', noWrap: true, foldBelow: 'lg', render: (key) => (key.lastUsedAt ? formatDateTime(key.lastUsedAt) : 'Nunca') },
    {
      key: 'status',
      header: 'Estado',
      noWrap: true,
      render: (key) => (
        <Badge miw="max-content" variant={STATUS_TONES[key.status]}>
          {API_KEY_STATUS_LABELS[key.status]}
        </Badge>
      ),
    },
    actionsColumn((key) =>
      key.status === 'revoked' ? null : (
        <Group gap={6} wrap="nowrap">
          {key.status === 'suspended' && (
            <Button size="xs" variant="light" color="admin" onClick={() => setConfirming(key)} aria-label={`Confirmar la clave ${key.name}`}>
              Confirmar
            </Button>
          )}
          <Button size="xs" variant="light" color="red" onClick={() => setRevoking(key)} aria-label={`Revocar la clave ${key.name}`}>
            Revocar
          </Button>
        </Group>
      )),
  ];

  return (
    <Stack gap="sm">
      <Banner banner={banner} onClose={clear} />
      {suspendedCount > 0 && (
        <Alert color="red" icon={<IconAlertTriangle size={20} />} title={suspendedCount === 1 ? 'Hay una clave suspendida' : `Hay ${suspendedCount} claves suspendidas`}>
          La persona responsable de la clave ya no tiene acceso (cambió de nivel, fue desactivada o dejó la empresa), así que la clave no funciona. Confírmala para que vuelva a
          funcionar contigo como responsable, o revócala.
        </Alert>
      )}
      <DataTable<ApiKey>
        label="Claves de API"
        heading={
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="sm">
            <div style={{ flex: '1 1 280px' }}>
              <Title order={2} size="h3">
                Claves de API
              </Title>
              <Text size="sm" c="dimmed">
                {isPlatform
                  ? 'Las claves de la plataforma y las de cada empresa. Puedes revocar cualquiera, y confirmar la de una empresa cuya persona responsable ya no tiene acceso.'
                  : 'Para que tus sistemas creen colaboradores, asignen tokens o lean solicitudes sin una persona. Todo lo que haga una clave queda registrado con su nombre.'}
              </Text>
            </div>
            {createButton}
          </Group>
        }
        filters={
          isPlatform ? (
            <Select
              aria-label="Filtrar por empresa"
              data={companyOptions}
              value={companyFilter}
              onChange={(value) => setCompanyFilter(value ?? ALL_KEYS)}
              allowDeselect={false}
              searchable
              w={{ base: '100%', sm: 260 }}
            />
          ) : undefined
        }
        isFiltered={companyFilter !== ALL_KEYS}
        columns={columns}
        rows={keys.data?.items}
        rowKey={(key) => key.id}
        isLoading={keys.isLoading}
        error={keys.isError ? messageOf(keys.error) : null}
        onRetry={() => void keys.refetch()}
        empty={{
          icon: <IconKey size={28} />,
          title: 'Aún no hay claves de API',
          description: isPlatform ? 'Crea una para conectar un sistema de la plataforma.' : 'Crea una para conectar tu sistema de nómina o de RR.HH.',
        }}
        filteredEmpty={{ icon: <IconKey size={28} />, title: 'No hay claves de API aquí', description: 'Elige otra empresa o «Todas las claves».' }}
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
        message={`¿Revocar la clave «${revoking?.name ?? ''}»${revoking?.companyName && isPlatform ? ` de ${revoking.companyName}` : ''}? Los sistemas que la usan dejarán de tener acceso de inmediato. Esta acción no se puede deshacer.`}
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
      <ConfirmDialog
        opened={confirming !== null}
        title="Confirmar clave de API"
        message={`¿Confirmar la clave «${confirming?.name ?? ''}»? Volverá a funcionar de inmediato y tú quedarás como su responsable: si pierdes el acceso, se suspenderá de nuevo. Hazlo solo si sabes qué sistema la usa.`}
        confirmLabel="Confirmar"
        isLoading={confirm.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          const name = confirming.name;
          confirm.mutate(confirming.id, {
            onSuccess: () => showSuccess(`Clave «${name}» confirmada: vuelve a funcionar y tú eres su responsable`),
            onError: (error) => showError(`Error al confirmar la clave: ${messageOf(error)}`),
            onSettled: () => setConfirming(null),
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
