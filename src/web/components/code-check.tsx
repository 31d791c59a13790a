import { useCallback } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconRefresh, IconWifiOff } from '@tabler/icons-react';
import { formatDate, formatDateTime } from '../../domain/dates';
import { errorMessage } from '../../domain/errors';
import type { VerifyCodeResult } from '../../domain/schemas/economy';
import { messageOf } from '../api/client';
import { isTransientError, usePressKey } from '../api/press-key';
import { useLookUpCode, useVerifyCode } from '../api/provider';
import { OriginBadge } from './badges';
import { CodeText } from './code-text';

/**
 * A code at the counter, in two steps (typed codes too, decision 362): it is looked up
 * first — nothing is used — and shown (the benefit, the employee's first name, the code, its expiry);
 * only 'Confirmar canje' redeems it. The provider's scanner, the provider's typed box and HR's typed
 * box all go through this hook and `CodeCheckResult`, so the two steps and their words live once.
 */
export function useCodeCheck({ onRedeemed }: { onRedeemed?: (result: VerifyCodeResult) => void } = {}) {
  const lookup = useLookUpCode();
  const verify = useVerifyCode();
  const pressKey = usePressKey();
  const { mutate: lookUp, reset: resetLookup } = lookup;
  const { reset: resetVerify } = verify;

  /** Looks a (scanned or typed) code up; `onRefused` runs when the server refuses it (not when it cannot be reached). */
  const check = useCallback(
    (code: string, options: { onRefused?: () => void } = {}) => {
      resetVerify();
      lookUp(code, { onError: (error) => (isTransientError(error) ? undefined : options.onRefused?.()) });
    },
    [lookUp, resetVerify],
  );

  const reset = useCallback(() => {
    resetLookup();
    resetVerify();
  }, [resetLookup, resetVerify]);

  /** 'Confirmar canje': the ordinary verification, one Idempotency-Key per press (a repeated press after no answer is the same one). */
  const confirm = () => {
    const code = lookup.data?.status === 'active' ? lookup.data.code : null;
    if (!code || verify.isPending) return;
    verify.mutate(
      { code, idempotencyKey: pressKey.keyFor(code) },
      {
        onSuccess: (result) => {
          pressKey.settle();
          onRedeemed?.(result);
        },
        onError: (error) => pressKey.settle(error),
      },
    );
  };

  const retryLookup = () => {
    if (lookup.variables) lookUp(lookup.variables);
  };

  return { lookup, verify, check, confirm, reset, retryLookup, isBusy: lookup.isPending || verify.isPending };
}

export type CodeCheck = ReturnType<typeof useCodeCheck>;

type Props = {
  check: CodeCheck;
  /** A second way out beside the answer: the scanner's 'Escanear otro', the typed box's 'Cancelar'. */
  otherAction?: { label: string; onClick: () => void };
};

/**
 * What the look-up and the confirmation answered, in one live region: 'Consultando el código…'; the
 * code's preview with 'Confirmar canje'; 'Token Inválido' with the spec's message (and, for a code this
 * caller redeemed, "Lo canjeaste el dd/mm/yyyy hh:mm."); 'Token Válido' with the spec's success text
 * once redeemed; or, with no answer from the server, a retry that cannot use the code twice.
 */
export function CodeCheckResult({ check, otherAction }: Props) {
  return (
    <div aria-live="polite" data-testid="verify-result">
      <Answer check={check} otherAction={otherAction} />
    </div>
  );
}

function Answer({ check, otherAction }: Props) {
  const { lookup, verify } = check;
  const other = otherAction && (
    <Button variant="default" onClick={otherAction.onClick} disabled={verify.isPending}>
      {otherAction.label}
    </Button>
  );
  if (lookup.isIdle) return null;
  if (lookup.isPending) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text>Consultando el código…</Text>
      </Group>
    );
  }
  if (lookup.isError && isTransientError(lookup.error)) {
    return (
      <Alert color="yellow" radius="md" variant="light" icon={<IconWifiOff size={24} />} title="No se pudo verificar">
        <Stack gap="sm">
          <Text>{messageOf(lookup.error)}</Text>
          <Group>
            <Button variant="light" leftSection={<IconRefresh size={18} />} onClick={check.retryLookup}>
              Reintentar
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (verify.isSuccess) return <Redeemed result={verify.data} />;
  const found = lookup.data;
  const refusal = lookup.isError
    ? messageOf(lookup.error)
    : found?.status === 'used'
      ? errorMessage('CODE_USED_OR_INACTIVE')
      : verify.isError && !isTransientError(verify.error)
        ? messageOf(verify.error)
        : null;
  if (refusal !== null || !found) {
    const usedAt = found?.status === 'used' ? found.usedAt : null;
    return (
      <Stack gap="md">
        <Alert color="red" radius="md" variant="light" icon={<IconCircleX size={24} />} title="Token Inválido" styles={{ title: { fontSize: 18 } }}>
          <Text data-testid="verify-error">{refusal ?? errorMessage('CODE_INVALID')}</Text>
          {usedAt && (
            <Text size="sm" mt={4}>
              Lo canjeaste el {formatDateTime(usedAt)}.
            </Text>
          )}
        </Alert>
        {other && <Group>{other}</Group>}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="code-preview">
        <Stack gap={6}>
          <Group gap="xs" wrap="wrap">
            <Title order={3} fz="lg">
              {found.benefitName}
            </Title>
            <OriginBadge isBenefitJobby={found.isBenefitJobby} />
          </Group>
          <Text>
            <Text span fw={600}>
              Colaborador:
            </Text>{' '}
            {found.firstName}
          </Text>
          <Group gap="xs">
            <Text fw={600}>Código:</Text>
            <CodeText code={found.code} />
          </Group>
          <Text c="dimmed" size="sm">
            Vence el {formatDate(found.expiresAt)}
          </Text>
        </Stack>
      </Paper>
      {verify.isError && (
        <Alert color="yellow" variant="light" radius="md" icon={<IconWifiOff size={24} />} title="No se pudo verificar">
          <Text>{messageOf(verify.error)}</Text>
          <Text size="sm" c="dimmed" mt={4}>
            Puedes presionar «Confirmar canje» otra vez: el token no se canjeará dos veces.
          </Text>
        </Alert>
      )}
      <Group>
        <Button size="lg" leftSection={<IconCircleCheck size={20} />} loading={verify.isPending} onClick={check.confirm}>
          Confirmar canje
        </Button>
        {other}
      </Group>
    </Stack>
  );
}

/** The spec's result box once a code is redeemed: 'Token Válido', its success text, and what was redeemed for whom. */
function Redeemed({ result }: { result: VerifyCodeResult }) {
  return (
    <Alert color="green" radius="md" variant="light" icon={<IconCircleCheck size={24} />} title="Token Válido" styles={{ title: { fontSize: 18 } }}>
      <Stack gap={6}>
        <Text>{result.message}</Text>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Beneficio:</Text>
          <Text>{result.benefitName}</Text>
          <OriginBadge isBenefitJobby={result.isBenefitJobby} />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Usuario:</Text>
          <Text>{result.userName}</Text>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Text fw={600}>Código:</Text>
          <CodeText code={result.code} />
        </Group>
      </Stack>
    </Alert>
  );
}
