import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { modals } from '@mantine/modals';
import { isLevel, type Level } from '../../../domain/levels';
import type { AdminUser } from '../../../domain/schemas/admin';
import { ApiError } from '../../api/client';
import { useAdminUsers, useDeleteUser, useSetUserLevel, useUserSummary, type AdminUserParams } from '../../api/admin-platform';
import { useMe } from '../../api/session';
import { Banner, useBanner } from '../../components/banner';
import { DataTable, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { LEVEL_OPTIONS, UserLevelCards } from './user-level-cards';

const PAGE_SIZE = 15;

/** Search, level filter and page of a user table, shared by both screens. */
function useUserTable() {
  const { search, page, setPage, tableProps } = useTableSearch();
  const [level, setLevel] = useState<AdminUserParams['level']>(undefined);
  const users = useAdminUsers({ search, level, page, pageSize: PAGE_SIZE });
  return {
    users,
    tableProps,
    levelFilter: (
      <Select
        aria-label="Filtrar por nivel"
        placeholder="Todos los niveles"
        data={LEVEL_OPTIONS}
        value={level ?? null}
        clearable
        onChange={(value) => {
          setLevel((value ?? undefined) as AdminUserParams['level']);
          setPage(1);
        }}
        maw={260}
      />
    ),
  };
}

const levelBadge = (u: AdminUser) =>
  u.level === null ? (
    <Badge variant="light" color="orange" miw="max-content">
      Sin nivel
    </Badge>
  ) : (
    <Badge variant="light" color="admin" miw="max-content">
      Nivel {u.level}
    </Badge>
  );

/** /level1/users/list (part 1 §2 "User diagnostics"): counts per level, recommendations and the user table. */
/** The paged, searchable users table both level 1 user screens show, with their own columns. */
function UsersTable({ label, columns, table }: { label: string; columns: DataTableColumn<AdminUser>[]; table: ReturnType<typeof useUserTable> }) {
  return (
    <DataTable<AdminUser>
      label={label}
      columns={columns}
      rows={table.users.data?.items}
      rowKey={(u) => u.id}
      total={table.users.data?.total ?? 0}
      pageSize={PAGE_SIZE}
      {...table.tableProps}
      searchPlaceholder="Buscar por nombre, email o empresa"
      isLoading={table.users.isPending}
      error={table.users.isError ? 'Error al cargar usuarios' : null}
      onRetry={() => void table.users.refetch()}
      empty={{ icon: <IconUsers size={28} />, title: 'No hay usuarios con ese nivel' }}
      filteredEmpty={{ icon: <IconUsers size={28} />, title: 'Ningún usuario coincide con la búsqueda' }}
    />
  );
}

export function UserDiagnosticsPage() {
  const summary = useUserSummary();
  const table = useUserTable();
  const { data: me } = useMe();
  const deleteUser = useDeleteUser();
  const { banner, showSuccess, showError, clear } = useBanner();

  // An account created by mistake (issue 18): ask first, naming the person; the server refuses one with history.
  const confirmDelete = (user: AdminUser) =>
    modals.openConfirmModal({
      title: 'Eliminar cuenta',
      children: (
        <Text size="sm">
          ¿Eliminar la cuenta de <strong>{user.name}</strong> ({user.email})? Solo se puede eliminar una cuenta sin movimientos de tokens, solicitudes ni
          códigos. Esta acción no se puede deshacer.
        </Text>
      ),
      labels: { confirm: 'Eliminar cuenta', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deleteUser.mutate(user.id, {
          onSuccess: () => showSuccess(`Cuenta de ${user.name} eliminada`),
          onError: (error) => showError(error instanceof ApiError ? error.message : 'Error al eliminar la cuenta'),
        }),
    });
  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'email', header: 'Email', render: (u) => <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{u.email}</Text> },
    { key: 'name', header: 'Nombre', render: (u) => u.name },
    { key: 'level', header: 'Nivel', noWrap: true, render: levelBadge },
    { key: 'company', header: 'Empresa', render: (u) => u.companyName ?? '—' },
    { key: 'status', header: 'Estado', noWrap: true, render: (u) => (u.status === 'active' ? 'Activo' : 'Inactivo') },
    { key: 'id', header: 'ID', render: (u) => <Text size="xs" c="dimmed" ff="monospace">{u.id}</Text> },
    {
      key: 'actions',
      header: 'Acciones',
      noWrap: true,
      render: (u) =>
        u.id === me?.id ? null : (
          <Button size="xs" variant="subtle" color="red" aria-label={`Eliminar la cuenta de ${u.name}`} onClick={() => confirmDelete(u)} loading={deleteUser.isPending && deleteUser.variables === u.id}>
            Eliminar
          </Button>
        ),
    },
  ];
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Diagnóstico de usuarios" description="Cuántas cuentas hay por nivel, qué revisar y la lista de todos los usuarios." />
      <Banner banner={banner} onClose={clear} />
      <UserLevelCards summary={summary.data} isLoading={summary.isPending} />
      {summary.isError && <Alert color="red">Error al cargar usuarios</Alert>}
      {summary.data && (
        <Card padding="lg">
          <Title order={4} mb="sm">
            Recomendaciones
          </Title>
          {summary.data.recommendations.length === 0 ? (
            <Text c="dimmed">Todo en orden: no hay nada que corregir.</Text>
          ) : (
            <Stack gap="xs">
              {summary.data.recommendations.map((r) => (
                <Alert key={r.kind} color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text size="sm">{r.message}</Text>
                    <Anchor component={Link} to={r.link} size="sm" fw={600}>
                      {r.linkLabel}
                    </Anchor>
                  </Group>
                </Alert>
              ))}
            </Stack>
          )}
        </Card>
      )}
      {table.levelFilter}
      <UsersTable label="Usuarios" columns={columns} table={table} />
    </Stack>
  );
}

/** /level1/users/assign-levels (part 1 §2 "Assign levels"): a level select per row that saves at once. */
export function AssignLevelsPage() {
  const summary = useUserSummary();
  const table = useUserTable();
  const { data: me } = useMe();
  const setLevel = useSetUserLevel();
  const { banner, showSuccess, showError, clear } = useBanner();

  const change = (user: AdminUser, value: string | null) => {
    const level: Level | null = value && value !== 'none' && isLevel(Number(value)) ? (Number(value) as Level) : null;
    if (level === user.level) return;
    setLevel.mutate(
      { id: user.id, level },
      {
        onSuccess: () => showSuccess('Nivel de usuario actualizado correctamente'),
        // The server's reason when it explains one (the last or your own level 1); the spec's text otherwise.
        onError: (error) => showError(error instanceof ApiError && error.status === 409 ? error.message : 'Error al actualizar nivel de usuario'),
      },
    );
  };

  const columns: DataTableColumn<AdminUser>[] = [
    {
      key: 'user',
      header: 'Usuario',
      render: (u) => (
        <div>
          <Text fw={600}>{u.name}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {u.email}
          </Text>
        </div>
      ),
    },
    { key: 'company', header: 'Empresa', render: (u) => u.companyName ?? '—' },
    { key: 'current', header: 'Nivel actual', noWrap: true, render: levelBadge },
    {
      key: 'level',
      header: 'Asignar nivel',
      isActions: true,
      render: (u) => (
        <Select
          aria-label={`Nivel de ${u.email}`}
          data={LEVEL_OPTIONS}
          value={u.level === null ? 'none' : String(u.level)}
          allowDeselect={false}
          disabled={setLevel.isPending && setLevel.variables?.id === u.id}
          onChange={(value) => change(u, value)}
          w={230}
          comboboxProps={{ withinPortal: true }}
          description={u.id === me?.id ? 'Tu cuenta' : undefined}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Asignar niveles" description="Cambia el nivel de cualquier cuenta: se aplica en su siguiente acción." />
      <UserLevelCards summary={summary.data} isLoading={summary.isPending} />
      <Banner banner={banner} onClose={clear} />
      {table.levelFilter}
      <UsersTable label="Niveles de usuario" columns={columns} table={table} />
      <Button component={Link} to="/level1/users/list" variant="subtle" color="admin" w="fit-content">
        Ver el diagnóstico de usuarios
      </Button>
    </Stack>
  );
}
