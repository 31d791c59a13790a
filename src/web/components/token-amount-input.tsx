import { NumberInput, type NumberInputProps } from '@mantine/core';

type TokenAmountInputOptions = Omit<NumberInputProps, 'clampBehavior' | 'allowNegative' | 'allowDecimal'>;

/**
 * A number of tokens (or of units) that a person types. What they typed is what the form validates:
 * Mantine's NumberInput would otherwise clamp 0 or −5 to `min` on blur and drop a '-' or a '.' as
 * they type, so 0 became 1 and the screen reported an assignment nobody asked for (decision 120).
 * `min`/`max` still drive the arrows; the shared schema refuses out-of-range, negative and decimal
 * values with the spec's message, and nothing is sent.
 */
export function TokenAmountInput(props: TokenAmountInputOptions) {
  return <NumberInput clampBehavior="none" allowNegative allowDecimal {...props} />;
}
