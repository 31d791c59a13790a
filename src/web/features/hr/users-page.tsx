import { useState } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconFileImport, IconMailForward, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { formatDate } from '#domain/dates';
import type { CompanyUser } from '#domain/schemas/hr';
import { USERS_CSV_URL, useCompanyUsers, useResendInvitation, useRevokeInvitation, useSetUserStatus, useSetUserType } from '../../api/hr';
import { messageOf } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { STATUS_CHANGE_TEXTS, useCrudList } from '../../components/crud-list';
import { loadFailed } from '../../components/error-state';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { ExportCsvButton } from '../../components/export-csv-button';
import { PageHeader } from '../../components/page-header';
import { AddUserModal } from './add-user-modal';
import { InvitationPendingBadge, StatusBadge } from '../../components/badges';
import { ImportUsersModal } from './import-users-modal';
import { InviteUserModal } from './invite-user-modal';

/**
 * /level2/users (spec part 2 §2, §4, §5): company card, users table, add user, status (confirmed) and type
 * toggles; beside them: import from a spreadsheet, invite by mail, and a pending
 * invitation's resend and revoke (confirmed).
 */
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
  const [dialog, setDialog] = useState<'import' | 'invite' | null>(null);
  const [revoking, setRevoking] = useState<CompanyUser | null>(null);
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const closeDialog = () => setDialog(null);
  const dialogDone = (message: string) => {
    setDialog(null);
    list.showSuccess(message);
  };

  const resendTo = (user: CompanyUser) =>
    resend.mutate(
      { id: user.id },
      { onSuccess: () => list.showSuccess(`Invitación reenviada a ${user.email}. El nuevo enlace vence en 7 días.`), onError: (e) => list.showError(`Error al reenviar la invitación: ${messageOf(e)}`) },
    );
  const revokeChosen = () => {
    if (!revoking) return;
    const user = revoking;
    revoke.mutate(
      { id: user.id },
      {
        onSuccess: () => list.showSuccess(`Invitación de ${user.email} revocada`),
        onError: (e) => list.showError(`Error al revocar la invitación: ${messageOf(e)}`),
        onSettled: () => setRevoking(null),
      },
    );
  };

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
    {
      key: 'status',
      header: 'Estado',
      noWrap: true,
      // A pending invitation's own actions sit under its badge, so the row's actions keep their width.
      render: (u) => (
        <Stack gap={4} align="flex-start">
          <Group gap={4} wrap="nowrap">
            <StatusBadge isActive={u.status === 'active'} />
            {u.invitationPending && <InvitationPendingBadge />}
          </Group>
          {u.invitationPending && (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-xs" variant="light" color="admin" leftSection={<IconMailForward size={12} />} onClick={() => resendTo(u)} loading={resend.isPending && resend.variables?.id === u.id} aria-label={`Reenviar la invitación a ${u.name}`}>
                Reenviar
              </Button>
              <Button size="compact-xs" variant="light" color="red" onClick={() => setRevoking(u)} aria-label={`Revocar la invitación de ${u.name}`}>
                Revocar
              </Button>
            </Group>
          )}
        </Stack>
      ),
    },
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
            <ExportCsvButton href={USERS_CSV_URL} />
            <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={() => setDialog('import')}>
              Importar
            </Button>
            <Button variant="light" color="admin" leftSection={<IconMailForward size={16} />} onClick={() => setDialog('invite')}>
              Invitar por correo
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
      <ImportUsersModal opened={dialog === 'import'} onClose={closeDialog} onDone={dialogDone} />
      <InviteUserModal opened={dialog === 'invite'} emailDomain={company?.emailDomain ?? null} onClose={closeDialog} onInvited={dialogDone} />
      <ConfirmDialog
        opened={revoking !== null}
        title="Revocar invitación"
        message={revoking ? `¿Revocar la invitación de ${revoking.name} (${revoking.email})? El enlace dejará de funcionar y su cuenta, que aún no tiene contraseña, se eliminará (si ya recibió tokens, quedará desactivada y conservará su historial).` : ''}
        confirmLabel="Revocar"
        isDestructive
        isLoading={revoke.isPending}
        onConfirm={revokeChosen}
        onCancel={() => setRevoking(null)}
      />
      {list.confirmDialog}
    </Stack>
  );
}
