import { useEffect } from 'react';
import { Text, TextInput } from '@mantine/core';
import { inviteCompanyUserInputSchema, type InviteCompanyUserInput } from '../../../domain/schemas/hr';
import { messageOf } from '../../api/client';
import { useInviteCompanyUser } from '../../api/hr';
import { FormModal, useSchemaForm } from '../../components/form-modal';

const EMPTY: InviteCompanyUserInput = { name: '', email: '' };

type InviteUserModalOptions = { opened: boolean; emailDomain: string | null; onClose: () => void; onInvited: (message: string) => void };

/**
 * 'Invitar por correo' (issue 20 §3), beside 'Agregar Usuario': the same name and address rules, no
 * password typed by HR; the person gets a mail with a 7-day link to choose it.
 */
export function InviteUserModal({ opened, emailDomain, onClose, onInvited }: InviteUserModalOptions) {
  const form = useSchemaForm<InviteCompanyUserInput>(inviteCompanyUserInputSchema, EMPTY);
  const invite = useInviteCompanyUser();
  const { reset } = form;
  const resetMutation = invite.reset;
  useEffect(() => {
    if (opened) {
      reset();
      resetMutation();
    }
  }, [opened, reset, resetMutation]);

  return (
    <FormModal
      opened={opened}
      title="Invitar por correo"
      form={form}
      onClose={onClose}
      submitLabel="Enviar invitación"
      isSubmitting={invite.isPending}
      error={invite.isError ? `Error al invitar: ${messageOf(invite.error)}` : null}
      onSubmit={(values) => invite.mutate(values, { onSuccess: (user) => onInvited(`Invitación enviada a ${user.email}. El enlace vence en 7 días.`) })}
    >
      <Text size="sm" c="dimmed">
        La persona recibirá un correo con un enlace para elegir su contraseña y entrar a tu empresa.
      </Text>
      <TextInput label="Nombre" required {...form.getInputProps('name')} key={form.key('name')} />
      <TextInput
        label="Correo o nombre de usuario"
        required
        description={emailDomain ? `Si escribes solo el nombre de usuario, se agrega @${emailDomain}` : 'Escribe el correo completo'}
        rightSection={emailDomain ? <Text size="xs" c="dimmed" pr={4}>@{emailDomain}</Text> : undefined}
        rightSectionWidth={emailDomain ? Math.min(160, emailDomain.length * 8 + 24) : undefined}
        autoComplete="off"
        {...form.getInputProps('email')}
        key={form.key('email')}
      />
    </FormModal>
  );
}
