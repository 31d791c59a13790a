import { PasswordInput, TextInput } from '@mantine/core';
import { addCompanyUserInputSchema, type AddCompanyUserInput } from '#domain/schemas/hr';
import { messageOf } from '../../api/client';
import { useAddCompanyUser } from '../../api/hr';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { CompanyEmailInput } from './company-email-input';

const EMPTY: AddCompanyUserInput = { name: '', email: '', password: '', confirmPassword: '' };

type AddUserModalOptions = {
  opened: boolean;
  /** The company's email domain, appended on the server to a bare username; null = none. */
  emailDomain: string | null;
  onClose: () => void;
  onCreated: (message: string) => void;
};

/** 'Agregar Usuario' (spec part 2 §5): created on the server; HR stays signed in as themself. */
export function AddUserModal({ opened, emailDomain, onClose, onCreated }: AddUserModalOptions) {
  const form = useSchemaForm<AddCompanyUserInput>(addCompanyUserInputSchema, EMPTY);
  const add = useAddCompanyUser();
  useFormOnOpen(form, { opened, source: null, valuesFor: () => EMPTY, resetAnswer: add.reset });

  return (
    <FormModal
      opened={opened}
      title="Agregar Usuario"
      form={form}
      onClose={onClose}
      submitLabel="Crear usuario"
      isSubmitting={add.isPending}
      error={add.isError ? `Error al crear usuario: ${messageOf(add.error)}` : null}
      onSubmit={(values) => add.mutate(values, { onSuccess: (user) =>
          // The spec's text; an address outside the company's domain waits for its owner's confirmation.
          onCreated(user.verificationMailSent ? 'Usuario creado correctamente. Le enviamos un correo para confirmar su dirección.' : 'Usuario creado correctamente'), })}
    >
      <TextInput label="Nombre" required {...form.getInputProps('name')} />
      <CompanyEmailInput emailDomain={emailDomain} {...form.getInputProps('email')} />
      <PasswordInput label="Contraseña" required autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordInput label="Confirmar contraseña" required autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
    </FormModal>
  );
}
