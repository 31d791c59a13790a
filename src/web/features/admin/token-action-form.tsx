import { useEffect } from 'react';
import { Button, Paper, Stack, Text, Textarea, ThemeIcon, Group, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import {
  ADMIN_TOKEN_QUANTITY_MAX,
  ADMIN_TOKEN_QUANTITY_MIN,
  DEFAULT_ADD_TOKENS_REASON,
  DEFAULT_REMOVE_TOKENS_REASON,
} from '#domain/constants';
import { errorMessage } from '#domain/errors';
import { adminTokensInputSchema } from '#domain/schemas/economy';
import { TokenAmountInput } from '../../components/token-amount-input';

export type TokenAction = 'add' | 'remove';
const validateTokens = schemaResolver(adminTokensInputSchema, { sync: true });
type Values = { userId: string; amount: number | string; reason: string };

const TEXT = {
  add: { title: 'Añadir tokens', amountLabel: 'Cantidad a añadir', reasonLabel: 'Motivo del ingreso (opcional)', placeholder: DEFAULT_ADD_TOKENS_REASON },
  remove: { title: 'Quitar tokens', amountLabel: 'Cantidad a quitar', reasonLabel: 'Motivo del retiro (opcional)', placeholder: DEFAULT_REMOVE_TOKENS_REASON },
} as const;

type Props = {
  action: TokenAction;
  userId: string | null;
  /** The chosen user's flexible balance; null while nobody is chosen. */
  balance: number | null;
  isBusy: boolean;
  isDisabled: boolean;
  /** The form's 'selecciona un usuario' message, shown on the user picker. */
  onUserError: (message: string | null) => void;
  /** Called with valid input; resolves true when the change went through (the form then resets). */
  onSubmit: (input: { amount: number; reason: string | null }) => Promise<boolean>;
};

/**
 * One of the two panels (spec part 1 §5 "Add tokens" / "Remove tokens"): quantity 1–100, default 1,
 * optional reason whose placeholder is the default the server records. Validation uses the
 * shared schema, plus the balance check for a removal; the server checks both again.
 */
export function TokenActionForm({ action, userId, balance, isBusy, isDisabled, onUserError, onSubmit }: Props) {
  const text = TEXT[action];
  const form = useForm<Values>({
    initialValues: { userId: userId ?? '', amount: 1, reason: '' },
    validate: (values) => {
      const errors = validateTokens(values);
      // The spec's one message names both faults; on the quantity field, with a user chosen, it read
      // as if nobody had been. The picker keeps the spec's message.
      // A decimal keeps its own message (decisions 358 and 362): 2.5 is not out of range, it is not a whole number.
      if (errors.amount && values.userId && errors.amount !== errorMessage('TOKEN_QUANTITY_NOT_INTEGER')) errors.amount = errorMessage('TOKEN_QUANTITY_OUT_OF_RANGE');
      return errors;
    },
  });

  useEffect(() => {
    form.setFieldValue('userId', userId ?? '');
    form.clearErrors();
    // Only when another user is chosen, not on every render (the form object is new each time).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  // Removing from an empty balance is not possible (spec part 1 §5: the field is disabled at 0).
  const isEmpty = action === 'remove' && balance === 0;

  const submit = form.onSubmit(
    async (values) => {
      onUserError(null);
      const amount = Number(values.amount);
      if (action === 'remove' && balance !== null && amount > balance) {
        form.setFieldError('amount', errorMessage('REMOVE_EXCEEDS_BALANCE', { amount, held: balance }));
        return;
      }
      const isDone = await onSubmit({ amount, reason: values.reason.trim() || null });
      if (isDone) form.setValues({ amount: 1, reason: '' });
    },
    (errors) => onUserError(typeof errors.userId === 'string' ? errors.userId : null),
  );

  const Icon = action === 'add' ? IconPlus : IconMinus;
  // red.8 keeps white text at AA contrast on the filled 'Quitar tokens' button (red.6 does not).
  const color = action === 'add' ? 'admin' : 'red.8';

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label={text.title}>
      <Stack gap="sm">
        <Group gap="xs">
          {/* The theme's AA tints: 'light' with a shade (red.8) filled the circle with the icon's own red. */}
          <ThemeIcon variant={action === 'add' ? 'light' : 'danger'} color={action === 'add' ? 'admin' : undefined} radius="xl" size="md" aria-hidden>
            <Icon size={16} />
          </ThemeIcon>
          <Title order={4}>{text.title}</Title>
        </Group>
        <TokenAmountInput
          label={text.amountLabel}
          description={`Entre ${ADMIN_TOKEN_QUANTITY_MIN} y ${ADMIN_TOKEN_QUANTITY_MAX} tokens`}
          size="md"
          min={ADMIN_TOKEN_QUANTITY_MIN}
          max={ADMIN_TOKEN_QUANTITY_MAX}
          disabled={isEmpty}
          {...form.getInputProps('amount')}
        />
        {/* A textarea: the placeholder (the default reason the server records) wraps instead of being cut on a phone. */}
        <Textarea
          autosize
          minRows={1}
          maxRows={4}
          label={text.reasonLabel}
          placeholder={text.placeholder}
          size="md"
          maxLength={500}
          disabled={isEmpty}
          {...form.getInputProps('reason')}
        />
        <Button type="submit" color={color} variant="filled" size="md" leftSection={<Icon size={18} />} loading={isBusy} disabled={isDisabled || isEmpty}>
          {text.title}
        </Button>
        {isEmpty && (
          <Text size="xs" c="dimmed">
            El usuario no tiene tokens flexibles para quitar.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
