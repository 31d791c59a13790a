import { useState } from 'react';
import { Button, Select, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { isLevel, type Level } from '#domain/levels';
import { href, paths } from '#domain/paths';
import type { AdminUser } from '#domain/schemas/admin';
import { useSetUserLevel, useUserSummary } from '../../api/admin-platform';
import { ApiError } from '../../api/client';
import { useMe } from '../../api/session';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { LevelHistoryModal, levelName } from './level-history-modal';
import { LEVEL_OPTIONS, UserLevelCards } from './user-level-cards';
import { levelBadge, UsersTable, useUserTable } from './users-table';

/** What a level gives, said before it is given: levels 1 and 2 see other people's data and money. */
const LEVEL_WARNING: Partial<Record<Level, string>> = {
  1: 'Tendrá acceso a toda la plataforma: empresas, usuarios, tokens y niveles.',
  2: 'Podrá gestionar los usuarios y los tokens de su empresa.',
};

type PendingChange = { user: AdminUser; level: Level | null };

/**
 * /level1/users/assign-levels: a level select per row; the change is
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
      <Button component={Link} to={href(paths.admin.userDiagnostics)} variant="subtle" color="admin" w="fit-content">
        Ver el diagnóstico de usuarios
      </Button>
    </Stack>
  );
}
