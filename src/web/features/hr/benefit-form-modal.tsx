import { Checkbox, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { COMPANY_BENEFIT_DEFAULT_AVAILABLE, COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER } from '#domain/constants';
import { companyBenefitInputSchema, companyBenefitUpdateSchema, type CompanyBenefit } from '#domain/schemas/economy';
import { messageOf } from '../../api/client';
import { useSaveCompanyBenefit } from '../../api/hr';
import type { CrudFormProps } from '../../components/crud-list';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { TokenAmountInput } from '../../components/token-amount-input';
import { BenefitCategorySelect } from '../../components/benefit-category-select';
import { DateField } from '../../components/date-field';

type BenefitFormValues = {
  title: string;
  description: string;
  tokenCost: number;
  availableTokens: number;
  limitPerUser: number;
  category: string | null;
  image: string | null;
  startDate: string | null;
  endDate: string | null;
  requiresApproval: boolean;
};

/** The spec's defaults (spec part 2 §9): cost 1, 10 available, 1 per person. */
const NEW_BENEFIT: BenefitFormValues = {
  title: '',
  description: '',
  tokenCost: 1,
  availableTokens: COMPANY_BENEFIT_DEFAULT_AVAILABLE,
  limitPerUser: COMPANY_BENEFIT_DEFAULT_LIMIT_PER_USER,
  category: null,
  image: null,
  startDate: null,
  endDate: null,
  requiresApproval: false,
};

function valuesOf(benefit: CompanyBenefit): BenefitFormValues {
  const { title, description, tokenCost, availableTokens, limitPerUser, category, image, startDate, endDate, requiresApproval } = benefit;
  return { title, description, tokenCost, availableTokens, limitPerUser, category, image, startDate, endDate, requiresApproval };
}

/** Only what the person changed (PATCH, decision 42): an untouched stock is never written back over a redemption. */
function changedFields(initial: BenefitFormValues, values: BenefitFormValues): Partial<BenefitFormValues> {
  return Object.fromEntries(Object.entries(values).filter(([key, value]) => initial[key as keyof BenefitFormValues] !== value));
}

type BenefitFormModalOptions = CrudFormProps & {
  /** null: a new benefit. */
  benefit: CompanyBenefit | null;
};

/** Add/Edit an internal benefit (spec part 2 §2 "/level2/benefits", §5): 'Los campos Título y Descripción son obligatorios'. */
export function BenefitFormModal({ opened, benefit, onClose, onSaved }: BenefitFormModalOptions) {
  const form = useSchemaForm<BenefitFormValues>(benefit ? companyBenefitUpdateSchema : companyBenefitInputSchema, NEW_BENEFIT);
  const save = useSaveCompanyBenefit();
  useFormOnOpen(form, { opened, source: benefit, valuesFor: (b) => (b ? valuesOf(b) : NEW_BENEFIT), resetAnswer: save.reset });

  const submit = (values: BenefitFormValues) => {
    const body = benefit ? changedFields(valuesOf(benefit), values) : values;
    save.mutate({ id: benefit?.id ?? null, values: body }, { onSuccess: () => onSaved(benefit ? 'Beneficio actualizado correctamente' : 'Beneficio creado correctamente') });
  };

  return (
    <FormModal
      opened={opened}
      title={benefit ? 'Editar beneficio' : 'Nuevo beneficio interno'}
      form={form}
      onClose={onClose}
      submitLabel={benefit ? 'Guardar cambios' : 'Crear beneficio'}
      isSubmitting={save.isPending}
      error={save.isError ? `Error: ${messageOf(save.error)}` : null}
      onSubmit={submit}
    >
      <TextInput label="Título" required {...form.getInputProps('title')} />
      <Textarea label="Descripción" required autosize minRows={2} maxRows={5} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TokenAmountInput label="Costo en tokens" min={1} {...form.getInputProps('tokenCost')} />
        <TokenAmountInput label="Cantidad disponible" min={benefit ? 0 : 1} {...form.getInputProps('availableTokens')} />
        <TokenAmountInput label="Límite por usuario" min={1} {...form.getInputProps('limitPerUser')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <BenefitCategorySelect {...form.getInputProps('category')} />
        <TextInput label="Imagen (URL)" placeholder="https://…" {...form.getInputProps('image')} value={(form.getValues().image as string | null) ?? ''} onChange={(e) => form.setFieldValue('image', e.currentTarget.value || null)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <DateField label="Fecha de inicio" {...form.getInputProps('startDate')} />
        <DateField label="Fecha de término" {...form.getInputProps('endDate')} />
      </SimpleGrid>
      <Checkbox label="Requiere aprobación de RR.HH." {...form.getInputProps('requiresApproval', { type: 'checkbox' })} />
    </FormModal>
  );
}
