import { useEffect, useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCalendarDollar } from '@tabler/icons-react';
import { ALLOWANCE_MESSAGE, monthlyAllowanceAmount } from '#domain/schemas/engine';
import { messageOf } from '../../api/client';
import { useCompanyAllowance, useGrantCompanyAllowanceNow, useSetCompanyAllowance } from '../../api/allowance';
import { Banner, useBanner } from '../../components/banner';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState } from '../../components/error-state';
import { PageLoader } from '../../components/page-loader';
import { TokenAmountInput } from '../../components/token-amount-input';
import { plural, tokens } from '#domain/plural';

const UNSAVED_MESSAGE = 'Guarde la nueva cantidad antes de asignar ahora';

/**
 * HR's monthly allowance (decision 83), self-contained for /level2/tokens: the company
 * tokens each active employee receives on the 1st, and 'Asignar ahora' for this month.
 */
export function MonthlyAllowanceCard() {
  const allowance = useCompanyAllowance();
  const save = useSetCompanyAllowance();
  const grant = useGrantCompanyAllowanceNow();
  const { banner, showSuccess, showError, clear } = useBanner();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const current = allowance.data?.amount;
  useEffect(() => {
    if (current !== undefined) setAmount(current);
  }, [current]);

  if (allowance.isPending) return <PageLoader label="Cargando asignación mensual..." />;
  if (allowance.isError) return <ErrorState message={messageOf(allowance.error)} onRetry={() => void allowance.refetch()} />;
  const data = allowance.data;

  const submit = () => {
    const parsed = monthlyAllowanceAmount.safeParse(typeof amount === 'string' ? Number.NaN : amount);
    if (!parsed.success) return setError(ALLOWANCE_MESSAGE);
    setError(null);
    save.mutate(parsed.data, { onSuccess: () => showSuccess('Asignación mensual guardada correctamente'), onError: (e) => showError(messageOf(e)) });
  };

  const grantNow = () => {
    setConfirming(false);
    grant.mutate(undefined, {
      onSuccess: (result) => (result.granted ? showSuccess(result.message) : showError(result.message)),
      onError: (e) => showError(messageOf(e)),
    });
  };

  // 'Asignar ahora' grants the saved amount (the server's): an amount typed but not saved is not
  // silently ignored, and a grant that will move tokens says how many first (decision 121).
  const askGrant = () => {
    if (amount !== data.amount) return setError(UNSAVED_MESSAGE);
    setError(null);
    if (data.amount > 0 && !data.grantedThisMonth) setConfirming(true);
    else grantNow();
  };

  return (
    <Card padding="lg" data-testid="monthly-allowance-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            <IconCalendarDollar size={20} />
            <Text fw={700}>Asignación mensual</Text>
          </Group>
          <Badge variant="light" color={data.grantedThisMonth ? 'green' : 'gray'} miw="max-content">
            {data.grantedThisMonth ? `Asignada en ${data.monthLabel}` : `Pendiente en ${data.monthLabel}`}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Tokens de empresa que recibe cada colaborador activo ({data.activeEmployees}) el día 1 de cada mes. Los meses se acumulan.
        </Text>
        <Banner banner={banner} onClose={clear} />
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TokenAmountInput
            label="Tokens por colaborador"
            min={0}
            value={amount}
            onChange={setAmount}
            error={error}
            w={200}
          />
          <Button onClick={submit} loading={save.isPending}>
            Guardar
          </Button>
          <Button variant="light" loading={grant.isPending} onClick={askGrant}>
            Asignar ahora
          </Button>
        </Group>
        <ConfirmDialog
          opened={confirming}
          title="Asignar ahora"
          message={`Se asignarán ${plural(data.amount, 'token de empresa', 'tokens de empresa')} a ${data.activeEmployees === 1 ? 'el único colaborador activo' : `cada uno de los ${plural(data.activeEmployees, 'colaborador activo', 'colaboradores activos')}`} (${tokens(data.amount * data.activeEmployees)} en total), como asignación de ${data.monthLabel}.`}
          confirmLabel="Asignar"
          isLoading={grant.isPending}
          onConfirm={grantNow}
          onCancel={() => setConfirming(false)}
        />
      </Stack>
    </Card>
  );
}
