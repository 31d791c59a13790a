import { Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import {
  ACHIEVEMENT_CONDITION_TYPES,
  ACHIEVEMENT_DEFAULTS,
  achievementRuleInputSchema,
  CONDITION_LABELS,
  type AchievementConditionType,
} from '../../../domain/schemas/engine';
import { useCreateRule } from '../../api/achievements';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { TokenAmountInput } from '../../components/token-amount-input';

type RuleFormValues = {
  name: string;
  description: string;
  conditionType: AchievementConditionType;
  conditionValue: number | string;
  conditionMinUsers: number | string;
  rewardTokens: number | string;
};

/** Part 1 §9's defaults: 40 minutes, 2 users, 5 tokens. */
const INITIAL: RuleFormValues = {
  name: '',
  description: '',
  conditionType: 'same_provider_timeframe',
  conditionValue: ACHIEVEMENT_DEFAULTS.minutes,
  conditionMinUsers: ACHIEVEMENT_DEFAULTS.minUsers,
  rewardTokens: ACHIEVEMENT_DEFAULTS.rewardTokens,
};

const VALUE_LABEL: Partial<Record<AchievementConditionType, string>> = {
  same_provider_timeframe: 'Ventana de tiempo (minutos)',
  tokens_used_count: 'Códigos usados',
  consecutive_days: 'Días consecutivos',
};

/** 'Nueva regla' (part 1 §5): validated by the server's schema; 'Error al crear la regla' when refused. */
export function AchievementRuleModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const form = useSchemaForm<RuleFormValues>(achievementRuleInputSchema, INITIAL);
  const create = useCreateRule();
  useFormOnOpen(form, { opened, source: null, valuesFor: () => INITIAL, resetAnswer: create.reset });

  const type = form.values.conditionType;
  const submit = (values: RuleFormValues) => create.mutate(achievementRuleInputSchema.parse(values), { onSuccess: onCreated });

  return (
    <FormModal
      opened={opened}
      title="Nueva regla"
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Crear regla"
      isSubmitting={create.isPending}
      error={create.isError ? 'Error al crear la regla' : null}
    >
      <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} key={form.key('name')} />
      <Textarea label="Descripción" withAsterisk autosize minRows={2} {...form.getInputProps('description')} key={form.key('description')} />
      <Select
        label="Condición"
        allowDeselect={false}
        data={ACHIEVEMENT_CONDITION_TYPES.map((value) => ({ value, label: CONDITION_LABELS[value] }))}
        {...form.getInputProps('conditionType')}
        key={form.key('conditionType')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {VALUE_LABEL[type] && <TokenAmountInput label={VALUE_LABEL[type]} {...form.getInputProps('conditionValue')} key={form.key('conditionValue')} />}
        {type === 'same_provider_timeframe' && (
          <TokenAmountInput label="Mínimo de usuarios" {...form.getInputProps('conditionMinUsers')} key={form.key('conditionMinUsers')} />
        )}
        <TokenAmountInput label="Recompensa (tokens flexibles)" {...form.getInputProps('rewardTokens')} key={form.key('rewardTokens')} />
      </SimpleGrid>
    </FormModal>
  );
}
