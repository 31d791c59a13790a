import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { modals } from '@mantine/modals';
import { formatDateTime } from '../../../domain/dates';
import { isLevel, LEVEL_NAMES, type Level } from '../../../domain/levels';
import type { AdminUser } from '../../../domain/schemas/admin';
import { ApiError, messageOf } from '../../api/client';
import { ADMIN_CSV_URLS, useAdminUsers, useDeleteUser, useResendAdminInvitation, useRevokeAdminInvitation, useSetUserLevel, useUserLevelChanges, useUserSummary, type AdminUserParams } from '../../api/admin-platform';
import { useMe } from '../../api/session';
import { Banner, useBanner } from '../../components/banner';
import { InvitationPendingBadge } from '../../components/badges';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, pagedTableProps, useTableSearch, type DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { ExportCsvButton } from '../../components/export-csv-button';
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
      {...pagedTableProps(table.users, () => 'Error al cargar usuarios')}
      rowKey={(u) => u.id}
      pageSize={PAGE_SIZE}
      {...table.tableProps}
      searchPlaceholder="Buscar por nombre, email o empresa"
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
  const resend = useResendAdminInvitation();
  const revoke = useRevokeAdminInvitation();
  const { banner, showSuccess, showError, clear } = useBanner();
  // HR admins and providers invited by mail (issue 20 §3); an invited employee is their HR's to handle.
  const isOwnInvitation = (u: AdminUser) => u.invitationPending && (u.level === 2 || u.level === 4);
  const confirmRevoke = (user: AdminUser) =>
    modals.openConfirmModal({
      title: 'Revocar invitación',
      children: (
        <Text size="sm">
          ¿Revocar la invitación de <strong>{user.name}</strong> ({user.email})? El enlace dejará de funcionar y su cuenta, que aún no tiene contraseña, se
          eliminará (si ya tiene historial, quedará desactivada y lo conservará).
        </Text>
      ),
      labels: { confirm: 'Revocar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(user.id, {
          onSuccess: () => showSuccess(`Invitación de ${user.email} revocada`),
          onError: (error) => showError(`Error al revocar la invitación: ${messageOf(error)}`),
        }),
    });

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
    { key: 'email', header: 'Correo', render: (u) => <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{u.email}</Text> },
    { key: 'name', header: 'Nombre', render: (u) => u.name },
    { key: 'level', header: 'Nivel', noWrap: true, render: levelBadge },
    { key: 'company', header: 'Empresa', render: (u) => u.companyName ?? '—' },
    {
      key: 'status',
      header: 'Estado',
      noWrap: true,
      render: (u) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm">{u.status === 'active' ? 'Activo' : 'Inactivo'}</Text>
          {u.invitationPending && <InvitationPendingBadge />}
        </Group>
      ),
    },
    { key: 'id', header: 'ID', render: (u) => <Text size="xs" c="dimmed" ff="monospace">{u.id}</Text> },
    {
      key: 'actions',
      header: 'Acciones',
      noWrap: true,
      render: (u) =>
        u.id === me?.id ? null : (
          <Group gap={6} wrap="nowrap" justify="flex-end">
            {isOwnInvitation(u) && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  color="admin"
                  aria-label={`Reenviar la invitación a ${u.name}`}
                  loading={resend.isPending && resend.variables === u.id}
                  onClick={() =>
                    resend.mutate(u.id, {
                      onSuccess: () => showSuccess(`Invitación reenviada a ${u.email}. El nuevo enlace vence en 7 días.`),
                      onError: (error) => showError(`Error al reenviar la invitación: ${messageOf(error)}`),
                    })
                  }
                >
                  Reenviar
                </Button>
                <Button size="xs" variant="light" color="red" aria-label={`Revocar la invitación de ${u.name}`} onClick={() => confirmRevoke(u)}>
                  Revocar
                </Button>
              </>
            )}
            {!isOwnInvitation(u) && (
              <Button size="xs" variant="subtle" color="red" aria-label={`Eliminar la cuenta de ${u.name}`} onClick={() => confirmDelete(u)} loading={deleteUser.isPending && deleteUser.variables === u.id}>
                Eliminar
              </Button>
            )}
          </Group>
        ),
    },
  ];
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Diagnóstico de usuarios"
        description="Cuántas cuentas hay por nivel, qué revisar y la lista de todos los usuarios."
        action={<ExportCsvButton href={ADMIN_CSV_URLS.users} />}
      />
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

const levelName = (level: Level | null) => (level === null ? 'Sin nivel' : `Nivel ${level} (${LEVEL_NAMES[level]})`);

/** What a level gives, said before it is given: levels 1 and 2 see other people's data and money. */
const LEVEL_WARNING: Partial<Record<Level, string>> = {
  1: 'Tendrá acceso a toda la plataforma: empresas, usuarios, tokens y niveles.',
  2: 'Podrá gestionar los usuarios y los tokens de su empresa.',
};

type PendingChange = { user: AdminUser; level: Level | null };

/** The latest level changes of one user: who, when, from → to (issue 18 B). */
function LevelHistoryModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const history = useUserLevelChanges(user?.id ?? null);
  return (
    <Modal opened={user !== null} onClose={onClose} title={`Historial de niveles de ${user?.name ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {history.isPending ? (
        <Text c="dimmed">Cargando historial...</Text>
      ) : history.isError ? (
        <Text c="red">{messageOf(history.error)}</Text>
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">Sin cambios de nivel registrados.</Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label="Cambios de nivel">
          {history.data.items.map((c) => (
            <List.Item key={`${c.changedAt}-${c.toLevel}`}>
              <Text size="sm">
                <b>{formatDateTime(c.changedAt)}</b> · {levelName(c.fromLevel)} → {levelName(c.toLevel)}
              </Text>
              <Text size="xs" c="dimmed">
                por {c.changedByName ?? 'una cuenta eliminada'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}

/**
 * /level1/users/assign-levels (part 1 §2 "Assign levels"): a level select per row; the change is
 * confirmed naming the person and the levels, and each row opens the person's level history.
 */
export function AssignLevelsPage() {
  const summary = useUserSummary();
  const table = useUserTable();
  const { data: me } = useMe();
  const setLevel = useSetUserLevel();
  const { banner, showSuccess, showError, clear } = useBanner();

  const [pending, setPending] = useState<PendingChange | null>(null);
  const [historyOf, setHistoryOf] = useState<AdminUser | null>(null);

  const change = (user: AdminUser, value: string | null) => {
    const level: Level | null = value && value !== 'none' && isLevel(Number(value)) ? (Number(value) as Level) : null;
    if (level === user.level) return;
    setPending({ user, level });
  };

  const confirm = () => {
    if (!pending) return;
    const { user, level } = pending;
    setLevel.mutate(
      { id: user.id, level },
      {
        onSuccess: () => showSuccess('Nivel de usuario actualizado correctamente'),
        onSettled: () => setPending(null),
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
    {
      key: 'history',
      header: 'Historial',
      isActions: true,
      render: (u) => (
        <Button variant="subtle" color="admin" size="compact-sm" onClick={() => setHistoryOf(u)} aria-label={`Historial de niveles de ${u.email}`}>
          Historial
        </Button>
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
      <ConfirmDialog
        opened={pending !== null}
        title="Cambiar nivel"
        message={
          pending && (
            <>
              ¿Cambiar el nivel de <b>{pending.user.name}</b> ({pending.user.email}) de {levelName(pending.user.level)} a {levelName(pending.level)}?
              {pending.level !== null && LEVEL_WARNING[pending.level] ? ` ${LEVEL_WARNING[pending.level]}` : ''}
            </>
          )
        }
        confirmLabel="Cambiar nivel"
        isDestructive={pending?.level === 1 || pending?.level === 2}
        isLoading={setLevel.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
      <LevelHistoryModal user={historyOf} onClose={() => setHistoryOf(null)} />
      <Button component={Link} to="/level1/users/list" variant="subtle" color="admin" w="fit-content">
        Ver el diagnóstico de usuarios
      </Button>
    </Stack>
  );
}
