import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Collapse, Group, PasswordInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { IconBuildingStore, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { errorMessage } from '#domain/errors';
import { providerInputSchema, providerInviteSchema, providerUpdateSchema, type Provider } from '#domain/schemas/admin';
import { ApiError } from '../../api/client';
import { ADMIN_CSV_URLS, useCreateProvider, useInviteProvider, useProviders, useSetProviderStatus, useUpdateProvider } from '../../api/admin-platform';
import { publicConfigQuery } from '../../api/session';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { recordStatusColumn } from '../../components/data-table-columns';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { PageHeader } from '../../components/page-header';
import { ExportCsvButton } from '../../components/export-csv-button';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Activo' },
  { value: 'inactive', label: 'Inactivo' },
];

type ProviderFormValues = {
  name: string;
  email: string;
  password: string;
  status: string;
  category: string;
  description: string;
  contactPhone: string;
  address: string;
  instructions: string;
};
const EMPTY: ProviderFormValues = { name: '', email: '', password: '', status: 'active', category: '', description: '', contactPhone: '', address: '', instructions: '' };

type ProfileField = 'name' | 'status' | 'category' | 'contactPhone' | 'description' | 'address' | 'instructions';
/** What the profile fields need of either form (creation, edit). */
type ProfileInputs = { getInputProps: (path: ProfileField) => GetInputPropsReturnType; key: (path: ProfileField) => string };

/**
 * The provider's profile, the same in the creation card and the edit modal: its name, state, category,
 * phone, description and where and how employees use their codes there (shown beside each active code,
 * decision 251). `account` holds the creation's email and password, between the name and the state.
 */
function ProviderProfileFields({ form, account }: { form: ProfileInputs; account?: ReactNode }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
        {account}
        <Select label="Estado" data={STATUS_OPTIONS} allowDeselect={false} {...form.getInputProps('status')} />
        <TextInput label="Categoría" {...form.getInputProps('category')} />
        <TextInput label="Teléfono" type="tel" {...form.getInputProps('contactPhone')} />
      </SimpleGrid>
      <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
      <TextInput label="Dirección" description="Se muestra junto a los códigos que se usan aquí." {...form.getInputProps('address')} />
      <Textarea
        label="Instrucciones para canjear"
        description="Por ejemplo: «Muestra tu código en caja antes de pagar»."
        autosize
        minRows={2}
        {...form.getInputProps('instructions')}
      />
    </>
  );
}

/** The server's message for a refusal it explains (a taken email, a wrong domain); the generic one otherwise. */
function providerErrorText(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : errorMessage('INTERNAL');
}

/** /level1/providers (spec part 1 §2 "Providers", §5): the creation form, the table, edit and activate/deactivate. */
export function ProvidersPage() {
  // Spec part 1 §4: a provider is switched on and off without a confirmation.
  const list = useCrudList<Provider>({ setStatus: useSetProviderStatus(), texts: STATUS_CHANGE_TEXTS.provider });
  const providers = useProviders(list.params);
  const [isFormOpen, setFormOpen] = useState(false);

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
    { key: 'email', header: 'Correo', render: (p) => p.email },
    { key: 'category', header: 'Categoría', render: (p) => p.category ?? '—' },
    { key: 'phone', header: 'Teléfono', noWrap: true, render: (p) => p.contactPhone ?? '—' },
    recordStatusColumn(),
    list.actionsColumn({ name: (p) => p.name }),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Proveedores"
        description="Las cuentas de los proveedores que validan los códigos de los colaboradores."
        action={
          <Group gap="sm">
            <ExportCsvButton href={ADMIN_CSV_URLS.redemptionsByProvider}>Canjes por proveedor y mes (CSV)</ExportCsvButton>
            <Button color="admin" variant={isFormOpen ? 'light' : 'filled'} rightSection={isFormOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />} onClick={() => setFormOpen((o) => !o)} aria-expanded={isFormOpen}>
              {isFormOpen ? 'Ocultar formulario' : 'Nuevo proveedor'}
            </Button>
          </Group>
        }
      />
      {list.banner}
      <Collapse expanded={isFormOpen}>
        <CreateProviderCard
          onCreated={(message) => {
            setFormOpen(false);
            list.showSuccess(message);
          }}
        />
      </Collapse>
      <DataTable<Provider>
        label="Proveedores"
        columns={columns}
        {...list.tableProps(providers, () => 'Error al cargar proveedores')}
        searchPlaceholder="Buscar por nombre, email o categoría"
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
        provider={list.editing?.item ?? null}
        onClose={list.closeEditor}
        onSaved={() => list.saved('Proveedor actualizado correctamente')}
      />
    </Stack>
  );
}

/** The collapsible creation form: the address must end with the configured provider domain. */
function CreateProviderCard({ onCreated }: { onCreated: (message: string) => void }) {
  const config = useQuery(publicConfigQuery);
  const domain = config.data?.providerDomain ?? 'jobby.sup';
  // 'Invitar por correo' (decision 212): no password here; the provider chooses it from the mail.
  const [invite, setInvite] = useState(false);
  const schema = useMemo(() => (invite ? providerInviteSchema(domain) : providerInputSchema(domain)), [domain, invite]);
  const form = useSchemaForm<ProviderFormValues>(schema, EMPTY);
  const create = useCreateProvider();
  const sendInvite = useInviteProvider();
  const saving = invite ? sendInvite : create;

  const submit = (values: ProviderFormValues) => {
    const done = {
      onSuccess: (provider: Provider) => {
        form.reset();
        onCreated(invite ? `Invitación enviada a ${provider.email}. El enlace vence en 7 días.` : 'Proveedor creado correctamente');
      },
    };
    if (invite) sendInvite.mutate(providerInviteSchema(domain).parse(values), done);
    else create.mutate(providerInputSchema(domain).parse(values), done);
  };

  return (
    <Card padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="sm">
          <Text fw={700}>Nuevo proveedor</Text>
          {saving.isError && (
            <Alert color="red" role="alert">
              {providerErrorText(saving.error)}
            </Alert>
          )}
          <Checkbox
            label="Invitar por correo: el proveedor elige su contraseña con un enlace válido por 7 días"
            color="admin"
            checked={invite}
            onChange={(e) => {
              setInvite(e.currentTarget.checked);
              form.clearErrors();
            }}
          />
          <ProviderProfileFields
            form={form}
            account={
              <>
                <TextInput label="Correo" type="email" withAsterisk placeholder={`nombre@${domain}`} {...form.getInputProps('email')} />
                {!invite && <PasswordInput label="Contraseña" withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />}
              </>
            }
          />
          <Group justify="flex-end">
            <Button type="submit" color="admin" loading={saving.isPending}>
              {invite ? 'Enviar invitación' : 'Crear proveedor'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

type EditValues = Omit<ProviderFormValues, 'email' | 'password'>;

/** Edit: the email is shown read-only and there is no password field (spec part 1 §5). */
function EditProviderModal({ provider, onClose, onSaved }: { provider: Provider | null; onClose: () => void; onSaved: () => void }) {
  const form = useSchemaForm<EditValues>(providerUpdateSchema, { ...EMPTY });
  const update = useUpdateProvider();
  useFormOnOpen(form, {
    opened: provider !== null,
    source: provider,
    valuesFor: (p) =>
      p
        ? {
            name: p.name,
            status: p.status,
            category: p.category ?? '',
            description: p.description ?? '',
            contactPhone: p.contactPhone ?? '',
            address: p.address ?? '',
            instructions: p.instructions ?? '',
          }
        : { ...EMPTY },
    resetAnswer: update.reset,
  });

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
      <TextInput label="Correo" value={provider?.email ?? ''} readOnly disabled description="El correo de un proveedor no se puede cambiar." />
      <ProviderProfileFields form={form} />
    </FormModal>
  );
}
