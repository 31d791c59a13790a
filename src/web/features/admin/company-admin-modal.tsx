import { PasswordInput, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { errorMessage } from '#domain/errors';
import { companyAdminInputSchema, companyAdminInviteSchema, suggestedAdminEmail, type Company } from '#domain/schemas/companies';
import { ApiError } from '../../api/client';
import { useCreateCompanyAdmin, useInviteCompanyAdmin } from '../../api/companies';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';

type AdminFormValues = { name: string; email: string; password: string; confirmPassword: string };

function valuesFor(company: Company | null): AdminFormValues {
  return { name: '', email: company ? suggestedAdminEmail(company) : '', password: '', confirmPassword: '' };
}

/** The server's own message for a refusal it explains; the spec's 'Error al crear administrador' otherwise. */
function adminErrorText(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : errorMessage('ADMIN_CREATE_FAILED');
}

/** What the identity fields need of either form (create, invite). */
type IdentityInputs = { getInputProps: (path: 'name' | 'email') => GetInputPropsReturnType; key: (path: 'name' | 'email') => string };

/** Whose admin this is, then the name and the address: the same in 'Crear administrador' and 'Invitar administrador'. */
function AdminIdentityFields({ company, howTheyEnter, form }: { company: Company | null; howTheyEnter: string; form: IdentityInputs }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        Administrador de Recursos Humanos de <strong>{company?.name}</strong>. {howTheyEnter}
      </Text>
      <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Correo del administrador" type="email" withAsterisk {...form.getInputProps('email')} />
    </>
  );
}

type CompanyAdminModalOptions = {
  /** The company the admin will belong to; null keeps the modal closed. */
  company: Company | null;
  onClose: () => void;
  onCreated: (message: string) => void;
};

/**
 * 'Crear administrador' (spec part 1 §5 "Company admin creation"): the email starts pre-filled as admin@ +
 * the company's email domain (or its lowercased name when it has none); the account is created on the server, so the operator stays signed in.
 */
export function CompanyAdminModal({ company, onClose, onCreated }: CompanyAdminModalOptions) {
  const form = useSchemaForm<AdminFormValues>(companyAdminInputSchema, valuesFor(company));
  const create = useCreateCompanyAdmin();
  useFormOnOpen(form, { opened: company !== null, source: company, valuesFor, resetAnswer: create.reset });

  const submit = (values: AdminFormValues) => {
    if (!company) return;
    create.mutate({ companyId: company.id, values }, { onSuccess: () => onCreated('Administrador creado correctamente') });
  };

  return (
    <FormModal
      opened={company !== null}
      title="Crear administrador"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Crear administrador"
      isSubmitting={create.isPending}
      error={create.isError ? adminErrorText(create.error) : null}
    >
      <AdminIdentityFields company={company} howTheyEnter="Podrá ingresar con este correo y contraseña." form={form} />
      <PasswordInput label="Contraseña" withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
      <PasswordInput label="Confirmar contraseña" withAsterisk autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
    </FormModal>
  );
}

type InviteValues = { name: string; email: string };

const inviteValuesFor = (company: Company | null): InviteValues => ({ name: '', email: company ? suggestedAdminEmail(company) : '' });

/**
 * 'Invitar administrador' (decision 212), beside 'Crear administrador': the same name and address, no password; the HR
 * admin gets a mail with a 7-day link to choose it and lands in this company at level 2.
 */
export function CompanyAdminInviteModal({ company, onClose, onCreated }: CompanyAdminModalOptions) {
  const form = useSchemaForm<InviteValues>(companyAdminInviteSchema, inviteValuesFor(company));
  const invite = useInviteCompanyAdmin();
  useFormOnOpen(form, { opened: company !== null, source: company, valuesFor: inviteValuesFor, resetAnswer: invite.reset });

  const submit = (values: InviteValues) => {
    if (!company) return;
    invite.mutate({ companyId: company.id, values }, { onSuccess: (admin) => onCreated(`Invitación enviada a ${admin.email}. El enlace vence en 7 días.`) });
  };

  return (
    <FormModal
      opened={company !== null}
      title="Invitar administrador"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Enviar invitación"
      isSubmitting={invite.isPending}
      error={invite.isError ? adminErrorText(invite.error) : null}
    >
      <AdminIdentityFields company={company} howTheyEnter="Recibirá un correo para elegir su contraseña." form={form} />
    </FormModal>
  );
}
