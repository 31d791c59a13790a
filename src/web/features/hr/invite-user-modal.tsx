import { Text, TextInput } from '@mantine/core';
import { inviteCompanyUserInputSchema, type InviteCompanyUserInput } from '#domain/schemas/hr';
import { messageOf } from '../../api/client';
import { useInviteCompanyUser } from '../../api/hr';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { CompanyEmailInput } from './company-email-input';

const EMPTY: InviteCompanyUserInput = { name: '', email: '' };

type InviteUserModalOptions = { opened: boolean; emailDomain: string | null; onClose: () => void; onInvited: (message: string) => void };

/**
 * 'Invitar por correo' (decision 212), beside 'Agregar Usuario': the same name and address rules, no
 * password typed by HR; the person gets a mail with a 7-day link to choose it.
 */
export function InviteUserModal({ opened, emailDomain, onClose, onInvited }: InviteUserModalOptions) {
  const form = useSchemaForm<InviteCompanyUserInput>(inviteCompanyUserInputSchema, EMPTY);
  const invite = useInviteCompanyUser();
  useFormOnOpen(form, { opened, source: null, valuesFor: () => EMPTY, resetAnswer: invite.reset });

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
      <TextInput label="Nombre" required {...form.getInputProps('name')} />
      <CompanyEmailInput emailDomain={emailDomain} {...form.getInputProps('email')} />
    </FormModal>
  );
}
