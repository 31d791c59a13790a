import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Collapse, Group, PasswordInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBuildingStore, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { errorMessage } from '../../../domain/errors';
import { providerInputSchema, providerUpdateSchema, type Provider } from '../../../domain/schemas/admin';
import { ApiError } from '../../api/client';
import { useCreateProvider, useProviders, useSetProviderStatus, useUpdateProvider } from '../../api/admin-platform';
import { publicConfigQuery } from '../../api/session';
import { Banner, useBanner } from '../../components/banner';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { FormModal, useSchemaForm } from '../../components/form-modal';
import { PageHeader } from '../../components/page-header';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { StatusBadge } from './benefit-type-badge';

const PAGE_SIZE = 10;
const STATUS_OPTIONS = [
  { value: 'active', label: 'Activo' },
  { value: 'inactive', label: 'Inactivo' },
];

type ProviderFormValues = { name: string; email: string; password: string; status: string; category: string; description: string; contactPhone: string };
const EMPTY: ProviderFormValues = { name: '', email: '', password: '', status: 'active', category: '', description: '', contactPhone: '' };

/** The server's message for a refusal it explains (a taken email, a wrong domain); the generic one otherwise. */
function providerErrorText(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : errorMessage('INTERNAL');
}

/** /level1/providers (part 1 §2 "Providers", §5): the creation form, the table, edit and activate/deactivate. */
export function ProvidersPage() {
  const { search, page, tableProps } = useTableSearch();
  const providers = useProviders({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();
  const [isFormOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<Provider | null>(null);
  const setStatus = useSetProviderStatus();

  // Part 1 §4: a provider is switched on and off without a confirmation.
  const toggle = (provider: Provider) =>
    setStatus.mutate(
      { id: provider.id, status: provider.status === 'active' ? 'inactive' : 'active' },
      { onSuccess: () => showSuccess('Proveedor actualizado correctamente'), onError: () => showError('Error al actualizar estado') },
    );

  const columns: DataTableColumn<Provider>[] = [
    {
      key: 'name',
      header: 'Nombre',
      render: (p) => (
        <div>
          <Text fw={600}>{p.name}</Text>
          {p.description && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {p.description}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'email', header: 'Email', render: (p) => p.email },
    { key: 'category', header: 'Categoría', render: (p) => p.category ?? '—' },
    { key: 'phone', header: 'Teléfono', noWrap: true, render: (p) => p.contactPhone ?? '—' },
    { key: 'status', header: 'Estado', noWrap: true, render: (p) => <StatusBadge isActive={p.status === 'active'} /> },
    {
      key: 'actions',
      header: 'Acciones',
      isActions: true,
      render: (p) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" color="admin" onClick={() => setEditing(p)} aria-label={`Editar ${p.name}`}>
            Editar
          </Button>
          <StatusToggleButton isActive={p.status === 'active'} rowName={p.name} onClick={() => toggle(p)} loading={setStatus.isPending && setStatus.variables?.id === p.id} />
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Proveedores"
        description="Las cuentas de los proveedores que validan los códigos de los colaboradores."
        action={
          <Button color="admin" variant={isFormOpen ? 'light' : 'filled'} rightSection={isFormOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />} onClick={() => setFormOpen((o) => !o)} aria-expanded={isFormOpen}>
            {isFormOpen ? 'Ocultar formulario' : 'Nuevo proveedor'}
          </Button>
        }
      />
      <Banner banner={banner} onClose={clear} />
      <Collapse expanded={isFormOpen}>
        <CreateProviderCard
          onCreated={() => {
            setFormOpen(false);
            showSuccess('Proveedor creado correctamente');
          }}
        />
      </Collapse>
      <DataTable<Provider>
        label="Proveedores"
        columns={columns}
        rows={providers.data?.items}
        rowKey={(p) => p.id}
        total={providers.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre, email o categoría"
        isLoading={providers.isPending}
        error={providers.isError ? 'Error al cargar proveedores' : null}
        onRetry={() => void providers.refetch()}
        empty={{
          icon: <IconBuildingStore size={28} />,
          title: 'Aún no hay proveedores',
          description: 'Crea la cuenta del primer proveedor para que pueda validar códigos.',
          action: (
            <Button color="admin" onClick={() => setFormOpen(true)}>
              Nuevo proveedor
            </Button>
          ),
        }}
        filteredEmpty={{ icon: <IconBuildingStore size={28} />, title: 'Ningún proveedor coincide con la búsqueda' }}
      />
      <EditProviderModal
        provider={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          showSuccess('Proveedor actualizado correctamente');
        }}
      />
    </Stack>
  );
}

/** The collapsible creation form: the address must end with the configured provider domain. */
function CreateProviderCard({ onCreated }: { onCreated: () => void }) {
  const config = useQuery(publicConfigQuery);
  const domain = config.data?.providerDomain ?? 'jobby.sup';
  const schema = useMemo(() => providerInputSchema(domain), [domain]);
  const form = useSchemaForm<ProviderFormValues>(schema, EMPTY);
  const create = useCreateProvider();

  const submit = (values: ProviderFormValues) =>
    create.mutate(schema.parse(values), {
      onSuccess: () => {
        form.reset();
        onCreated();
      },
    });

  return (
    <Card padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Text fw={700}>Nuevo proveedor</Text>
          {create.isError && (
            <Alert color="red" role="alert">
              {providerErrorText(create.error)}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} key={form.key('name')} />
            <TextInput label="Email" type="email" withAsterisk placeholder={`nombre@${domain}`} {...form.getInputProps('email')} key={form.key('email')} />
            <PasswordInput label="Contraseña" withAsterisk autoComplete="new-password" {...form.getInputProps('password')} key={form.key('password')} />
            <Select label="Estado" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} key={form.key('status')} />
            <TextInput label="Categoría" {...form.getInputProps('category')} key={form.key('category')} />
            <TextInput label="Teléfono" type="tel" {...form.getInputProps('contactPhone')} key={form.key('contactPhone')} />
          </SimpleGrid>
          <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} key={form.key('description')} />
          <Group justify="flex-end">
            <Button type="submit" color="admin" loading={create.isPending}>
              Crear proveedor
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type EditValues = Omit<ProviderFormValues, 'email' | 'password'>;

/** Edit: the email is shown read-only and there is no password field (part 1 §5). */
function EditProviderModal({ provider, onClose, onSaved }: { provider: Provider | null; onClose: () => void; onSaved: () => void }) {
  const form = useSchemaForm<EditValues>(providerUpdateSchema, { ...EMPTY });
  const update = useUpdateProvider();
  const { setValues, clearErrors } = form;
  const { reset } = update;

  useEffect(() => {
    if (!provider) return;
    setValues({ name: provider.name, status: provider.status, category: provider.category ?? '', description: provider.description ?? '', contactPhone: provider.contactPhone ?? '' });
    clearErrors();
    reset();
  }, [provider, setValues, clearErrors, reset]);

  return (
    <FormModal
      opened={provider !== null}
      title="Editar proveedor"
      form={form}
      onSubmit={(values) => provider && update.mutate({ id: provider.id, values: providerUpdateSchema.parse(values) }, { onSuccess: onSaved })}
      onClose={onClose}
      submitLabel="Guardar cambios"
      isSubmitting={update.isPending}
      error={update.isError ? providerErrorText(update.error) : null}
    >
      <TextInput label="Email" value={provider?.email ?? ''} readOnly disabled description="El email de un proveedor no se puede cambiar." />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} key={form.key('name')} />
        <Select label="Estado" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} key={form.key('status')} />
        <TextInput label="Categoría" {...form.getInputProps('category')} key={form.key('category')} />
        <TextInput label="Teléfono" type="tel" {...form.getInputProps('contactPhone')} key={form.key('contactPhone')} />
      </SimpleGrid>
      <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} key={form.key('description')} />
    </FormModal>
  );
}
