import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { formatDate } from '../../../domain/dates';
import type { CompanyUser } from '../../../domain/schemas/hr';
import { USERS_CSV_URL, useCompanyUsers, useSetUserStatus, useSetUserType } from '../../api/hr';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { loadFailed } from '../../components/error-state';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { AddUserModal } from './add-user-modal';
import { StatusBadge } from '../../components/badges';

/** /level2/users (part 2 §2, §4, §5): company card, users table, add user, status (confirmed) and type toggles. */
export function HrUsersPage() {
  const list = useCrudList<CompanyUser>({
    setStatus: useSetUserStatus(),
    texts: STATUS_CHANGE_TEXTS.companyUser,
    confirm: {
      noun: 'usuario',
      message: (u, activate) =>
        activate ? `¿Activar a ${u.name}? Podrá volver a iniciar sesión.` : `¿Desactivar a ${u.name}? Su sesión se cerrará y no podrá iniciar sesión hasta que lo actives.`,
    },
  });
  const users = useCompanyUsers(list.params);
  const setType = useSetUserType();
  const company = users.data?.company;

  const switchType = (user: CompanyUser) => {
    const userType = user.userType === 'A' ? 'B' : 'A';
    setType.mutate(
      { id: user.id, userType },
      { onSuccess: () => list.showSuccess(`Usuario cambiado a tipo ${userType} correctamente`), onError: () => list.showError('Error al cambiar tipo de usuario') },
    );
  };

  const columns: DataTableColumn<CompanyUser>[] = [
    { key: 'name', header: 'Nombre', render: (u) => <Text fw={600}>{u.name}</Text> },
    { key: 'email', header: 'Correo', render: (u) => u.email },
    { key: 'date', header: 'Fecha de registro', noWrap: true, render: (u) => formatDate(u.createdAt) },
    { key: 'status', header: 'Estado', noWrap: true, render: (u) => <StatusBadge isActive={u.status === 'active'} /> },
    { key: 'type', header: 'Tipo', noWrap: true, render: (u) => `Tipo ${u.userType}` },
    list.actionsColumn({
      name: (u) => `a ${u.name}`,
      canEdit: false,
      extra: (u) => (
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
      ),
    }),
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
            {list.createButton('Agregar Usuario', <IconUserPlus size={16} />)}
          </Group>
        }
      />
      {list.banner}
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
        {...list.tableProps(users, loadFailed)}
        searchPlaceholder="Buscar por nombre o email"
        empty={{
          icon: <IconUsers size={28} />,
          title: 'Aún no hay colaboradores',
          description: 'Agrega a tu equipo para que pueda canjear beneficios.',
          action: list.createButton('Agregar Usuario'),
        }}
        filteredEmpty={{ icon: <IconUsers size={28} />, title: 'Ningún usuario coincide con la búsqueda' }}
      />
      <AddUserModal
        opened={list.formProps.opened}
        emailDomain={company?.emailDomain ?? null}
        onClose={list.closeEditor}
        onCreated={list.saved}
      />
      {list.confirmDialog}
    </Stack>
  );
}
