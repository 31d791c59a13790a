import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { formatDate } from '../../../domain/dates';
import type { Company } from '../../../domain/schemas/companies';
import { messageOf } from '../../api/client';
import { useCompanies, useSetCompanyStatus } from '../../api/companies';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { CompanyAdminModal } from './company-admin-modal';
import { CompanyFormModal } from './company-form-modal';

const PAGE_SIZE = 10;

/** /level1/companies (part 1 §2 "Companies"): the table, add/edit, activate/deactivate and 'Crear Admin'. */
export function CompaniesPage() {
  const { search, page, tableProps } = useTableSearch();
  const companies = useCompanies({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();

  const [editing, setEditing] = useState<{ company: Company | null } | null>(null);
  const [adminFor, setAdminFor] = useState<Company | null>(null);
  const [toggling, setToggling] = useState<Company | null>(null);
  const setStatus = useSetCompanyStatus();

  const confirmToggle = () => {
    if (!toggling) return;
    const activate = toggling.status === 'inactive';
    setStatus.mutate(
      { id: toggling.id, status: activate ? 'active' : 'inactive' },
      {
        onSuccess: () => showSuccess(activate ? 'Empresa activada correctamente' : 'Empresa desactivada correctamente'),
        // The spec's text; the server's reason is not one a person can act on here.
        onError: () => showError('Error al desactivar/activar empresa o beneficio'),
        onSettled: () => setToggling(null),
      },
    );
  };

  const columns: DataTableColumn<Company>[] = [
    {
      key: 'name',
      header: 'Nombre',
      render: (c) => (
        <div>
          <Text fw={600}>{c.name}</Text>
          {c.emailDomain && (
            <Text size="xs" c="dimmed">
              @{c.emailDomain}
            </Text>
          )}
        </div>
      ),
    },
    { key: 'contact', header: 'Contacto', render: (c) => c.contactName ?? '—' },
    { key: 'email', header: 'Email', render: (c) => c.contactEmail ?? '—' },
    { key: 'phone', header: 'Teléfono', noWrap: true, render: (c) => c.contactPhone ?? '—' },
    { key: 'date', header: 'Fecha', noWrap: true, render: (c) => formatDate(c.createdAt) },
    {
      key: 'status',
      header: 'Estado',
      noWrap: true,
      render: (c) => (
        // max-content: the label's overflow:hidden would otherwise let the table squeeze it to "ACTI…".
        <Badge miw="max-content" variant="light" color={c.status === 'active' ? 'green' : 'gray'} c={c.status === 'active' ? 'light-dark(#1f6f30, var(--mantine-color-green-3))' : undefined}>
          {c.status === 'active' ? 'Activa' : 'Inactiva'}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      isActions: true,
      render: (c) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <Button size="xs" variant="light" color="admin" onClick={() => setEditing({ company: c })} aria-label={`Editar ${c.name}`}>
            Editar
          </Button>
          <StatusToggleButton isActive={c.status === 'active'} rowName={c.name} onClick={() => setToggling(c)} />
          <Button size="xs" variant="filled" color="admin" onClick={() => setAdminFor(c)} aria-label={`Crear Admin de ${c.name}`}>
            Crear Admin
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Empresas"
        description="Las empresas clientes de Jobby, sus datos de contacto y sus administradores de RR.HH."
        action={
          <Button color="admin" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ company: null })}>
            Nueva empresa
          </Button>
        }
      />
      <Banner banner={banner} onClose={clear} />
      <DataTable<Company>
        label="Empresas"
        columns={columns}
        rows={companies.data?.items}
        rowKey={(c) => c.id}
        total={companies.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre, contacto, email o dominio"
        isLoading={companies.isPending}
        error={companies.isError ? messageOf(companies.error) : null}
        onRetry={() => void companies.refetch()}
        empty={{
          icon: <IconBuilding size={28} />,
          title: 'Aún no hay empresas',
          description: 'Crea la primera empresa para darle acceso a Jobby a sus colaboradores.',
          action: (
            <Button color="admin" onClick={() => setEditing({ company: null })}>
              Nueva empresa
            </Button>
          ),
        }}
        filteredEmpty={{ icon: <IconBuilding size={28} />, title: 'Ninguna empresa coincide con la búsqueda' }}
      />

      <CompanyFormModal
        opened={editing !== null}
        company={editing?.company ?? null}
        onClose={() => setEditing(null)}
        onSaved={(message) => {
          setEditing(null);
          showSuccess(message);
        }}
      />
      <CompanyAdminModal
        company={adminFor}
        onClose={() => setAdminFor(null)}
        onCreated={(message) => {
          setAdminFor(null);
          showSuccess(message);
        }}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.status === 'active' ? 'Desactivar empresa' : 'Activar empresa'}
        message={
          toggling?.status === 'active'
            ? `¿Desactivar ${toggling.name}? Sus colaboradores no podrán canjear beneficios mientras esté inactiva.`
            : `¿Activar ${toggling?.name ?? ''}? Sus colaboradores podrán volver a canjear beneficios.`
        }
        confirmLabel={toggling?.status === 'active' ? 'Desactivar' : 'Activar'}
        isDestructive={toggling?.status === 'active'}
        isLoading={setStatus.isPending}
        onConfirm={confirmToggle}
        onCancel={() => setToggling(null)}
      />
    </Stack>
  );
}
