import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { formatDate } from '../../../domain/dates';
import type { CompanyUser } from '../../../domain/schemas/hr';
import { messageOf } from '../../api/client';
import { USERS_CSV_URL, useCompanyUsers, useSetUserStatus, useSetUserType } from '../../api/hr';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { StatusToggleButton } from '../../components/status-toggle-button';
import { AddUserModal } from './add-user-modal';
import { StatusBadge } from './status-badge';

const PAGE_SIZE = 10;

/** /level2/users (part 2 §2, §4, §5): company card, users table, add user, status (confirmed) and type toggles. */
export function HrUsersPage() {
  const { search, page, tableProps } = useTableSearch();
  const users = useCompanyUsers({ search, page, pageSize: PAGE_SIZE });
  const { banner, showSuccess, showError, clear } = useBanner();
  const [isAdding, setIsAdding] = useState(false);
  const [toggling, setToggling] = useState<CompanyUser | null>(null);
  const setStatus = useSetUserStatus();
  const setType = useSetUserType();
  const company = users.data?.company;

  const confirmToggle = () => {
    if (!toggling) return;
    const activate = toggling.status === 'inactive';
    setStatus.mutate(
      { id: toggling.id, status: activate ? 'active' : 'inactive' },
      {
        onSuccess: () => showSuccess(`Usuario ${activate ? 'activado' : 'desactivado'} correctamente`),
        onError: (error) => showError(`Error al ${activate ? 'activar' : 'desactivar'} usuario: ${messageOf(error)}`),
        onSettled: () => setToggling(null),
      },
    );
  };

  const switchType = (user: CompanyUser) => {
    const userType = user.userType === 'A' ? 'B' : 'A';
    setType.mutate(
      { id: user.id, userType },
      { onSuccess: () => showSuccess(`Usuario cambiado a tipo ${userType} correctamente`), onError: () => showError('Error al cambiar tipo de usuario') },
    );
  };

  const columns: DataTableColumn<CompanyUser>[] = [
    { key: 'name', header: 'Nombre', render: (u) => <Text fw={600}>{u.name}</Text> },
    { key: 'email', header: 'Email', render: (u) => u.email },
    { key: 'date', header: 'Fecha de registro', noWrap: true, render: (u) => formatDate(u.createdAt) },
    { key: 'status', header: 'Estado', noWrap: true, render: (u) => <StatusBadge isActive={u.status === 'active'} /> },
    { key: 'type', header: 'Tipo', noWrap: true, render: (u) => `Tipo ${u.userType}` },
    {
      key: 'actions',
      header: 'Acciones',
      isActions: true,
      render: (u) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          <StatusToggleButton isActive={u.status === 'active'} rowName={`a ${u.name}`} onClick={() => setToggling(u)} />
          <Button
            size="xs"
            variant="light"
            color="admin"
            onClick={() => switchType(u)}
            loading={setType.isPending && setType.variables?.id === u.id}
            aria-label={`Cambiar a ${u.name} a tipo ${u.userType === 'A' ? 'B' : 'A'}`}
          >
            Cambiar a tipo {u.userType === 'A' ? 'B' : 'A'}
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Usuarios"
        description="Los colaboradores de tu empresa: agrégalos, actívalos o desactívalos y cambia su tipo de encuesta."
        action={
          <Group gap="sm">
            <Button component="a" href={USERS_CSV_URL} download variant="default" leftSection={<IconDownload size={16} />}>
              Exportar CSV
            </Button>
            <Button color="admin" leftSection={<IconUserPlus size={16} />} onClick={() => setIsAdding(true)}>
              Agregar Usuario
            </Button>
          </Group>
        }
      />
      <Banner banner={banner} onClose={clear} />
      <Card padding="lg">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Empresa
            </Text>
            <Text fz="xl" fw={800}>
              {company?.name ?? '—'}
            </Text>
          </div>
          <div>
            <Text size="sm" c="dimmed" fw={600}>
              Usuarios
            </Text>
            <Text fz="xl" fw={800} data-testid="user-count">
              {company ? `${company.userCount} de ${company.maxUsers}` : '—'}
            </Text>
          </div>
        </Group>
      </Card>
      <DataTable<CompanyUser>
        label="Usuarios"
        columns={columns}
        rows={users.data?.items}
        rowKey={(u) => u.id}
        total={users.data?.total ?? 0}
        pageSize={PAGE_SIZE}
        {...tableProps}
        searchPlaceholder="Buscar por nombre o email"
        isLoading={users.isPending}
        error={users.isError ? `Error al cargar los datos: ${messageOf(users.error)}` : null}
        onRetry={() => void users.refetch()}
        empty={{
          icon: <IconUsers size={28} />,
          title: 'Aún no hay colaboradores',
          description: 'Agrega a tu equipo para que pueda canjear beneficios.',
          action: (
            <Button color="admin" onClick={() => setIsAdding(true)}>
              Agregar Usuario
            </Button>
          ),
        }}
        filteredEmpty={{ icon: <IconUsers size={28} />, title: 'Ningún usuario coincide con la búsqueda' }}
      />
      <AddUserModal
        opened={isAdding}
        emailDomain={company?.emailDomain ?? null}
        onClose={() => setIsAdding(false)}
        onCreated={(message) => {
          setIsAdding(false);
          showSuccess(message);
        }}
      />
      <ConfirmDialog
        opened={toggling !== null}
        title={toggling?.status === 'active' ? 'Desactivar usuario' : 'Activar usuario'}
        message={
          toggling?.status === 'active'
            ? `¿Desactivar a ${toggling.name}? Su sesión se cerrará y no podrá iniciar sesión hasta que lo actives.`
            : `¿Activar a ${toggling?.name ?? ''}? Podrá volver a iniciar sesión.`
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
