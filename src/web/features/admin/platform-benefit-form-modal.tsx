import { Select, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import { BenefitCategorySelect } from '../../components/benefit-category-select';
import { PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER, PLATFORM_BENEFIT_DEFAULT_STOCK, PLATFORM_BENEFIT_DEFAULT_TOKEN_COST } from '#domain/constants';
import { platformBenefitInputSchema, type PlatformBenefit } from '#domain/schemas/economy';
import { messageOf } from '../../api/client';
import { useProviderOptions, useSavePlatformBenefit } from '../../api/admin-platform';
import type { CrudFormProps } from '../../components/crud-list';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { BENEFIT_TYPE_LABELS } from './benefit-type-badge';
import { TokenAmountInput } from '../../components/token-amount-input';

type BenefitFormValues = {
  title: string;
  description: string;
  type: string;
  value: string;
  /** The provider's name as people read it: its account's when one is chosen, else an older record's text. */
  providerName: string;
  providerUserId: string | null;
  category: string | null;
  image: string;
  isHighlighted: boolean;
  tokenCost: number | string;
  stock: number | string;
  limitPerUser: number | string;
};

function valuesOf(benefit: PlatformBenefit | null): BenefitFormValues {
  return {
    title: benefit?.title ?? '',
    description: benefit?.description ?? '',
    type: benefit?.type ?? '',
    value: benefit?.value ?? '',
    providerName: benefit?.providerName ?? '',
    providerUserId: benefit?.providerUserId ?? null,
    category: benefit?.category ?? null,
    image: benefit?.image ?? '',
    isHighlighted: benefit?.isHighlighted ?? false,
    tokenCost: benefit?.tokenCost ?? PLATFORM_BENEFIT_DEFAULT_TOKEN_COST,
    // Units left (null = unlimited, shown as the form's 0).
    stock: benefit ? (benefit.stockRemaining ?? 0) : PLATFORM_BENEFIT_DEFAULT_STOCK,
    limitPerUser: benefit?.limitPerUser ?? PLATFORM_BENEFIT_DEFAULT_LIMIT_PER_USER,
  };
}

type PlatformBenefitFormModalOptions = CrudFormProps & {
  /** null: a new benefit. */
  benefit: PlatformBenefit | null;
};

/** What the provider field means, and an older record's provider written as text without an account. */
function providerDescription(values: BenefitFormValues): string {
  if (!values.providerUserId && values.providerName) return `Registrado como "${values.providerName}", sin cuenta: elige su cuenta para que pueda validar los códigos.`;
  return 'Solo esta cuenta podrá validar sus códigos; su nombre es el que ven los colaboradores.';
}

const TYPE_OPTIONS = Object.entries(BENEFIT_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** Add or edit a platform benefit (spec part 1 §5 "Platform benefit"), validated by the server's schema. */
export function PlatformBenefitFormModal({ opened, benefit, onClose, onSaved }: PlatformBenefitFormModalOptions) {
  const form = useSchemaForm<BenefitFormValues>(platformBenefitInputSchema, valuesOf(benefit));
  const save = useSavePlatformBenefit();
  const providers = useProviderOptions();
  useFormOnOpen(form, { opened, source: benefit, valuesFor: valuesOf, resetAnswer: save.reset });

  const submit = (values: BenefitFormValues) => {
    const parsed = platformBenefitInputSchema.parse(values);
    // An edit leaves the stock alone unless the person changed it (it is the units left, decision 42).
    const { stock, ...rest } = parsed;
    const body = benefit && !form.isDirty('stock') ? rest : { ...rest, stock };
    save.mutate({ id: benefit?.id ?? null, values: body }, { onSuccess: () => onSaved(benefit ? 'Beneficio actualizado correctamente' : 'Beneficio creado correctamente') });
  };

  return (
    <FormModal
      opened={opened}
      title={benefit ? 'Editar beneficio' : 'Nuevo beneficio'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={benefit ? 'Guardar cambios' : 'Crear beneficio'}
      isSubmitting={save.isPending}
      error={save.isError ? messageOf(save.error) : null}
    >
      <TextInput label="Título" withAsterisk {...form.getInputProps('title')} />
      <Textarea label="Descripción" withAsterisk autosize minRows={2} {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select label="Tipo" withAsterisk placeholder="Elige un tipo" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
        <TextInput label="Valor" placeholder="Ej.: 2x1, 20% de descuento" {...form.getInputProps('value')} />
        <Select
          label="Proveedor"
          description={providerDescription(form.getValues())}
          placeholder={providers.isPending ? 'Cargando proveedores...' : 'Ninguno'}
          data={(providers.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.email})` }))}
          clearable
          searchable
          nothingFoundMessage="No hay proveedores con ese nombre"
          {...form.getInputProps('providerUserId')}
          onChange={(id) => {
            // One provider: the name people read follows the account chosen.
            form.setFieldValue('providerUserId', id);
            form.setFieldValue('providerName', providers.data?.find((p) => p.id === id)?.name ?? '');
          }}
        />
        <BenefitCategorySelect {...form.getInputProps('category')} />
        <TextInput label="URL de la imagen" type="url" {...form.getInputProps('image')} />
        <TokenAmountInput label="Costo en tokens" withAsterisk min={1} {...form.getInputProps('tokenCost')} />
        <TokenAmountInput
          label="Unidades disponibles"
          description="0 = ilimitado"
          min={0}
          {...form.getInputProps('stock')}
        />
        <TokenAmountInput
          label="Canjes por colaborador"
          description="0 = sin límite (un café, por ejemplo)"
          min={0}
          {...form.getInputProps('limitPerUser')}
        />
      </SimpleGrid>
      <Switch label="Destacado" {...form.getInputProps('isHighlighted', { type: 'checkbox' })} />
    </FormModal>
  );
}
