import { SimpleGrid, TextInput } from '@mantine/core';
import { COMPANY_DEFAULT_MAX_USERS } from '#domain/constants';
import { companyInputSchema, type Company } from '#domain/schemas/companies';
import { messageOf } from '../../api/client';
import { useSaveCompany } from '../../api/companies';
import type { CrudFormProps } from '../../components/crud-list';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { TokenAmountInput } from '../../components/token-amount-input';

type CompanyFormValues = {
  name: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  maxUsers: number | string;
  address: string;
  emailDomain: string;
  monthlyJobbyTokens: number | string;
};

function valuesOf(company: Company | null): CompanyFormValues {
  return {
    name: company?.name ?? '',
    contactName: company?.contactName ?? '',
    contactEmail: company?.contactEmail ?? '',
    contactPhone: company?.contactPhone ?? '',
    maxUsers: company?.maxUsers ?? COMPANY_DEFAULT_MAX_USERS,
    address: company?.address ?? '',
    emailDomain: company?.emailDomain ?? '',
    monthlyJobbyTokens: company?.monthlyJobbyTokens ?? 0,
  };
}

type CompanyFormModalOptions = CrudFormProps & {
  /** null: a new company. */
  company: Company | null;
};

/** Add or edit a company (spec part 1 §5 "Company form"), validated by the server's schema. */
export function CompanyFormModal({ opened, company, onClose, onSaved }: CompanyFormModalOptions) {
  const form = useSchemaForm<CompanyFormValues>(companyInputSchema, valuesOf(company));
  const save = useSaveCompany();
  useFormOnOpen(form, { opened, source: company, valuesFor: valuesOf, resetAnswer: save.reset });

  const submit = (values: CompanyFormValues) =>
    save.mutate(
      { id: company?.id ?? null, values: companyInputSchema.parse(values) },
      { onSuccess: () => onSaved(company ? 'Empresa actualizada correctamente' : 'Empresa creada correctamente') },
    );

  return (
    <FormModal
      opened={opened}
      title={company ? 'Editar empresa' : 'Nueva empresa'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={company ? 'Guardar cambios' : 'Crear empresa'}
      isSubmitting={save.isPending}
      error={save.isError ? messageOf(save.error) : null}
    >
      <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nombre de contacto" withAsterisk {...form.getInputProps('contactName')} />
        <TextInput label="Email de contacto" type="email" withAsterisk {...form.getInputProps('contactEmail')} />
        <TextInput label="Teléfono" type="tel" {...form.getInputProps('contactPhone')} />
        <TokenAmountInput label="Máximo de usuarios" min={1} {...form.getInputProps('maxUsers')} />
      </SimpleGrid>
      <TextInput label="Dirección" {...form.getInputProps('address')} />
      <TextInput
        label="Dominio de correo"
        description="Los colaboradores con un correo de este dominio se unen a la empresa (por ejemplo: empresa.cl)."
        placeholder="empresa.cl"
        {...form.getInputProps('emailDomain')}
      />
      <TokenAmountInput
        label="Tokens flexibles mensuales por colaborador"
        description="Cada colaborador activo los recibe el día 1 de cada mes (0: ninguno)."
        min={0}
        {...form.getInputProps('monthlyJobbyTokens')}
      />
    </FormModal>
  );
}
