import { Alert, Loader, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconUsers } from '@tabler/icons-react';
import {
  ACHIEVEMENT_DEFAULTS,
  achievementRuleInputSchema,
  CONDITION_LABELS,
  type AchievementConditionType,
  type AchievementRule,
} from '#domain/schemas/engine';
import { optionsOf } from '#domain/labelled';
import { messageOf } from '../../api/client';
import { useCreateRule, useRuleQualifying, useUpdateRule, type QualifyingParams } from '../../api/achievements';
import { FormModal, useFormOnOpen, useSchemaForm } from '../../components/form-modal';
import { TokenAmountInput } from '../../components/token-amount-input';
import { plural } from '#domain/plural';

type RuleFormValues = {
  name: string;
  description: string;
  conditionType: AchievementConditionType;
  conditionValue: number | string;
  conditionMinUsers: number | string;
  rewardTokens: number | string;
};

/** Spec part 1 §9's defaults: 40 minutes, 2 users, 5 tokens. */
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

const valuesOf = (rule: AchievementRule | null): RuleFormValues =>
  rule
    ? {
        name: rule.name,
        description: rule.description,
        conditionType: rule.conditionType,
        conditionValue: rule.conditionValue ?? INITIAL.conditionValue,
        conditionMinUsers: rule.conditionMinUsers ?? INITIAL.conditionMinUsers,
        rewardTokens: rule.rewardTokens,
      }
    : INITIAL;

const people = (n: number) => plural(n, 'persona', 'personas');

/** The condition as the server counts it, or null while the form's condition is not a valid one. */
function qualifyingParams(values: RuleFormValues, ruleId: string | undefined): QualifyingParams | null {
  const parsed = achievementRuleInputSchema.safeParse({ ...values, name: 'x', description: 'x' });
  if (!parsed.success) return null;
  const { conditionType, conditionValue, conditionMinUsers } = parsed.data;
  return { conditionType, conditionValue: conditionValue ?? null, conditionMinUsers: conditionType === 'same_provider_timeframe' ? (conditionMinUsers ?? null) : null, ruleId };
}

/** 'Hoy la cumplirían N personas' under the form, counted by the server as the condition is typed. */
function QualifyingNow({ params }: { params: QualifyingParams | null }) {
  const [debounced] = useDebouncedValue(params, 400);
  const count = useRuleQualifying(debounced);
  if (params === null) return null;
  return (
    <Alert variant="light" color="admin" icon={<IconUsers size={18} />} data-testid="rule-qualifying" aria-live="polite">
      {count.isPending ? (
        <Loader size="xs" aria-label="Contando quién la cumple" />
      ) : count.isError ? (
        <Text size="sm">No se pudo contar quién la cumple hoy.</Text>
      ) : (
        <>
          <Text size="sm" fw={600}>
            Hoy la cumplirían {people(count.data.qualifyNow)}
            {count.data.alreadyRewarded > 0 ? ' que aún no la reciben' : ''}.
          </Text>
          <Text size="xs">
            La recibirán con su próximo canje; guardar no entrega tokens.
            {count.data.alreadyRewarded > 0 ? ` ${people(count.data.alreadyRewarded)} ya la ${count.data.alreadyRewarded === 1 ? 'recibió' : 'recibieron'} y no la ${count.data.alreadyRewarded === 1 ? 'recibirá' : 'recibirán'} de nuevo.` : ''}
          </Text>
        </>
      )}
    </Alert>
  );
}

/**
 * 'Nueva regla' (spec part 1 §5) and 'Editar regla' (decision 204): validated by the server's
 * schema; 'Error al crear la regla' when a creation is refused, the server's message when an edit is.
 * A rule someone already received keeps its condition type.
 */
export function AchievementRuleModal({ opened, rule, onClose, onSaved }: { opened: boolean; rule: AchievementRule | null; onClose: () => void; onSaved: () => void }) {
  const form = useSchemaForm<RuleFormValues>(achievementRuleInputSchema, INITIAL);
  const create = useCreateRule();
  const update = useUpdateRule();
  const save = rule ? update : create;
  useFormOnOpen(form, { opened, source: rule, valuesFor: valuesOf, resetAnswer: save.reset });

  const type = form.values.conditionType;
  const typeLocked = rule !== null && rule.grants > 0;
  const submit = (values: RuleFormValues) => {
    const input = achievementRuleInputSchema.parse(values);
    if (rule) update.mutate({ id: rule.id, input }, { onSuccess: onSaved });
    else create.mutate(input, { onSuccess: onSaved });
  };

  return (
    <FormModal
      opened={opened}
      title={rule ? 'Editar regla' : 'Nueva regla'}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={rule ? 'Guardar cambios' : 'Crear regla'}
      isSubmitting={save.isPending}
      error={create.isError ? 'Error al crear la regla' : update.isError ? messageOf(update.error) : null}
    >
      <TextInput label="Nombre" withAsterisk {...form.getInputProps('name')} />
      <Textarea label="Descripción" withAsterisk autosize minRows={2} {...form.getInputProps('description')} />
      <Select
        label="Condición"
        allowDeselect={false}
        disabled={typeLocked}
        description={typeLocked ? 'Ya fue otorgada: su condición no cambia (para otra, crea una regla nueva).' : undefined}
        data={optionsOf(CONDITION_LABELS)}
        {...form.getInputProps('conditionType')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {VALUE_LABEL[type] && <TokenAmountInput label={VALUE_LABEL[type]} {...form.getInputProps('conditionValue')} />}
        {type === 'same_provider_timeframe' && (
          <TokenAmountInput label="Mínimo de usuarios" {...form.getInputProps('conditionMinUsers')} />
        )}
        <TokenAmountInput label="Recompensa (tokens flexibles)" {...form.getInputProps('rewardTokens')} />
      </SimpleGrid>
      <QualifyingNow params={qualifyingParams(form.values, rule?.id)} />
    </FormModal>
  );
}
