import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminUser } from '#domain/schemas/admin';
import { ApiError, messageOf } from '../../api/client';
import { ADMIN_CSV_URLS, useDeleteUser, useResendAdminInvitation, useRevokeAdminInvitation, useUserSummary } from '../../api/admin-platform';
import { useMe } from '../../api/session';
import { Banner, useBanner } from '../../components/banner';
import { InvitationPendingBadge } from '../../components/badges';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { DataTableColumn } from '../../components/data-table';
import { recordStatusColumn } from '../../components/data-table-columns';
import { PageHeader } from '../../components/page-header';
import { ExportCsvButton } from '../../components/export-csv-button';
import { UserLevelCards } from './user-level-cards';
import { levelBadge, UsersTable, useUserTable } from './users-table';

type Confirming = { action: 'revoke' | 'delete'; user: AdminUser };

/** What each row action asks before it runs, naming the person. */
const CONFIRMATIONS: Record<Confirming['action'], { title: string; confirmLabel: string; message: (user: AdminUser) => ReactNode }> = {
  revoke: {
    title: 'Revocar invitación',
    confirmLabel: 'Revocar',
    message: (user) => (
      <>
        ¿Revocar la invitación de <strong>{user.name}</strong> ({user.email})? El enlace dejará de funcionar y su cuenta, que aún no tiene contraseña, se
        eliminará (si ya tiene historial, quedará desactivada y lo conservará).
      </>
    ),
  },
  // An account created by mistake: the server refuses one with history.
  delete: {
    title: 'Eliminar cuenta',
    confirmLabel: 'Eliminar cuenta',
    message: (user) => (
      <>
        ¿Eliminar la cuenta de <strong>{user.name}</strong> ({user.email})? Solo se puede eliminar una cuenta sin movimientos de tokens, solicitudes ni
        códigos. Esta acción no se puede deshacer.
      </>
    ),
  },
};

/** /level1/users/list, the user diagnostics: counts per level, recommendations and the user table. */
export function UserDiagnosticsPage() {
  const summary = useUserSummary();
  const table = useUserTable();
  const { data: me } = useMe();
  const deleteUser = useDeleteUser();
  const resend = useResendAdminInvitation();
  const revoke = useRevokeAdminInvitation();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  // HR admins and providers invited by mail; an invited employee is their HR's to handle.
  const isOwnInvitation = (u: AdminUser) => u.invitationPending && (u.level === 2 || u.level === 4);

  const runConfirmed = () => {
    if (!confirming) return;
    const { action, user } = confirming;
    const onSettled = () => setConfirming(null);
    if (action === 'revoke') {
      revoke.mutate(user.id, {
        onSuccess: () => showSuccess(`Invitación de ${user.email} revocada`),
        onError: (error) => showError(`Error al revocar la invitación: ${messageOf(error)}`),
        onSettled,
      });
    } else {
      deleteUser.mutate(user.id, {
        onSuccess: () => showSuccess(`Cuenta de ${user.name} eliminada`),
        onError: (error) => showError(error instanceof ApiError ? error.message : 'Error al eliminar la cuenta'),
        onSettled,
      });
    }
  };

  const columns: DataTableColumn<AdminUser>[] = [
    { key: 'email', header: 'Correo', render: (u) => <Text fw={600} style={{ overflowWrap: 'anywhere' }}>{u.email}</Text> },
    { key: 'name', header: 'Nombre', render: (u) => u.name },
    { key: 'level', header: 'Nivel', noWrap: true, render: levelBadge },
    { key: 'company', header: 'Empresa', render: (u) => u.companyName ?? '—' },
    recordStatusColumn<AdminUser>({ extra: (u) => u.invitationPending && <InvitationPendingBadge /> }),
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
                <Button size="xs" variant="light" color="red" aria-label={`Revocar la invitación de ${u.name}`} onClick={() => setConfirming({ action: 'revoke', user: u })}>
                  Revocar
                </Button>
              </>
            )}
            {!isOwnInvitation(u) && (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Eliminar la cuenta de ${u.name}`}
                onClick={() => setConfirming({ action: 'delete', user: u })}
                loading={deleteUser.isPending && deleteUser.variables === u.id}
              >
                Eliminar
              </Button>
            )}
          </Group>
        ),
    },
  ];
  const confirmation = confirming && CONFIRMATIONS[confirming.action];
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
      <ConfirmDialog
        opened={confirming !== null}
        title={confirmation?.title ?? ''}
        message={confirming && confirmation ? confirmation.message(confirming.user) : ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        isDestructive
        isLoading={revoke.isPending || deleteUser.isPending}
        onConfirm={runConfirmed}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
