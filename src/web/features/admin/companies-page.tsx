import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconBuilding, IconPlus } from '@tabler/icons-react';
import { formatDate } from '#domain/dates';
import type { Company } from '#domain/schemas/companies';
import { useCompanies, useSetCompanyStatus } from '../../api/companies';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { recordStatusColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';
import { CompanyAdminInviteModal, CompanyAdminModal } from './company-admin-modal';
import { CompanyFormModal } from './company-form-modal';

/** /level1/companies (spec part 1 §2 "Companies"): the table, add/edit, activate/deactivate and 'Crear administrador'. */
export function CompaniesPage() {
  const list = useCrudList<Company>({
    setStatus: useSetCompanyStatus(),
    texts: STATUS_CHANGE_TEXTS.company,
    confirm: {
      noun: 'empresa',
      message: (c, activate) =>
        activate
          ? `¿Activar ${c.name}? Sus colaboradores podrán volver a canjear beneficios.`
          : `¿Desactivar ${c.name}? Sus colaboradores no podrán canjear beneficios mientras esté inactiva.`,
    },
  });
  const companies = useCompanies(list.params);
  const [adminFor, setAdminFor] = useState<Company | null>(null);
  const [inviteFor, setInviteFor] = useState<Company | null>(null);
  const adminDone = (message: string) => {
    setAdminFor(null);
    setInviteFor(null);
    list.showSuccess(message);
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
    // 'Email' as the form's label, which is the spec's word for this field ('Los campos Nombre, Contacto y Email son obligatorios').
    { key: 'email', header: 'Email', render: (c) => c.contactEmail ?? '—' },
    { key: 'phone', header: 'Teléfono', noWrap: true, render: (c) => c.contactPhone ?? '—' },
    { key: 'date', header: 'Fecha', noWrap: true, render: (c) => formatDate(c.createdAt) },
    recordStatusColumn({ feminine: true }),
    list.actionsColumn({
      name: (c) => c.name,
      extra: (c) => (
        <>
          <Button size="xs" variant="filled" color="admin" onClick={() => setAdminFor(c)} aria-label={`Crear administrador de ${c.name}`}>
            Crear administrador
          </Button>
          <Button size="xs" variant="light" color="admin" onClick={() => setInviteFor(c)} aria-label={`Invitar administrador de ${c.name}`}>
            Invitar administrador
          </Button>
        </>
      ),
    }),
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Empresas"
        description="Las empresas clientes de Jobby, sus datos de contacto y sus administradores de RR.HH."
        action={list.createButton('Nueva empresa', <IconPlus size={16} />)}
      />
      {list.banner}
      <DataTable<Company>
        label="Empresas"
        columns={columns}
        {...list.tableProps(companies)}
        searchPlaceholder="Buscar por nombre, contacto, email o dominio"
        empty={{
          icon: <IconBuilding size={28} />,
          title: 'Aún no hay empresas',
          description: 'Crea la primera empresa para darle acceso a Jobby a sus colaboradores.',
          action: list.createButton('Nueva empresa'),
        }}
        filteredEmpty={{ icon: <IconBuilding size={28} />, title: 'Ninguna empresa coincide con la búsqueda' }}
      />

      <CompanyFormModal {...list.formProps} company={list.editing?.item ?? null} />
      <CompanyAdminModal company={adminFor} onClose={() => setAdminFor(null)} onCreated={adminDone} />
      <CompanyAdminInviteModal company={inviteFor} onClose={() => setInviteFor(null)} onCreated={adminDone} />
      {list.confirmDialog}
    </Stack>
  );
}
