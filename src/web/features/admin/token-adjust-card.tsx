import { useEffect, useState } from 'react';
import { Alert, Card, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { BANNER_CLEAR_MS } from '#domain/constants';
import type { EmployeeBalance } from '#domain/schemas/economy';
import { useAdminEmployee, useAdminTokensChange } from '../../api/admin-tokens';
import { messageOf } from '../../api/client';
import { usePressKey } from '../../api/press-key';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmployeeSelect } from './employee-select';
import { TokenActionForm, type TokenAction } from './token-action-form';
import classes from './tokens-page.module.css';
import { plural, tokens } from '#domain/plural';

type Banner = { kind: 'success' | 'error'; title?: string; message: string };
/** A change waiting for its confirmation, and the form's promise to settle with the outcome. */
type Asking = { action: TokenAction; amount: number; reason: string | null; employee: EmployeeBalance; resolve: (isSent: boolean) => void };

/**
 * The success texts: spec part 1 §8 gives 'Se añadieron N tokens a {name}'; removal mirrors it
 * (decision 19). The template is kept as the spec writes it, also for N = 1.
 */
function successText(action: TokenAction, amount: number, name: string): string {
  return `${action === 'add' ? 'Se añadieron' : 'Se quitaron'} ${tokens(amount)} a ${name}`;
}

function BalanceTile({ label, value, hint, testId }: { label: string; value: number; hint: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={32} fw={800} lh={1.2} className={classes.balanceNumber} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Paper>
  );
}

/** Pick a level 3 user, see both balances, add or remove flexible tokens (part 1 "Token management"). */
export function TokenAdjustCard() {
  const [selected, setSelected] = useState<EmployeeBalance | null>(null);
  const [userError, setUserError] = useState<string | null>(null);
  const [banner, setBanner] = useState<Banner | null>(null);
  const fresh = useAdminEmployee(selected);
  const change = useAdminTokensChange();
  const pressKey = usePressKey();
  // The balances are read again after each change; until then the picked row's values show.
  const employee = fresh.data ?? selected;

  // Banners clear after 5 s (spec part 1 §8).
  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), BANNER_CLEAR_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const choose = (next: EmployeeBalance | null) => {
    setSelected(next);
    setUserError(null);
  };

  const send = (action: TokenAction, target: EmployeeBalance, amount: number, reason: string | null) =>
    new Promise<boolean>((resolve) => {
      setBanner(null);
      const input = { userId: target.id, amount, reason };
      change.mutate(
        { action, ...input, idempotencyKey: pressKey.keyFor(JSON.stringify([action, input])) },
        {
          onSettled: (_data, error) => pressKey.settle(error),
          onSuccess: () => {
            setBanner({ kind: 'success', message: successText(action, amount, target.name) });
            resolve(true);
          },
          onError: (error) => {
            setBanner({ kind: 'error', title: action === 'add' ? 'Error al añadir tokens' : 'Error al quitar tokens', message: messageOf(error) });
            resolve(false);
          },
        },
      );
    });

  // Adding and removing both change a person's money: ask first, naming who, how much and the balance
  // after. The form waits for the answer: false when cancelled, else whether it was sent.
  const [asking, setAsking] = useState<Asking | null>(null);
  const submit = (action: TokenAction) => (input: { amount: number; reason: string | null }) =>
    employee ? new Promise<boolean>((resolve) => setAsking({ action, ...input, employee, resolve })) : Promise.resolve(false);
  const answer = (isConfirmed: boolean) => {
    if (!asking) return;
    setAsking(null);
    if (!isConfirmed) return asking.resolve(false);
    void send(asking.action, asking.employee, asking.amount, asking.reason).then(asking.resolve);
  };
  const isAdding = asking?.action === 'add';

  const busyAction = change.isPending ? change.variables?.action : undefined;

  return (
    <Card padding="lg">
      <Stack gap="md">
        <div>
          <Title order={3}>Añadir o quitar tokens</Title>
          <Text size="sm" c="dimmed">
            Elige un colaborador y ajusta sus tokens flexibles (Jobby).
          </Text>
        </div>

        {banner && (
          <Alert
            color={banner.kind === 'success' ? 'green' : 'red'}
            icon={banner.kind === 'success' ? <IconCircleCheck size={20} /> : <IconAlertCircle size={20} />}
            title={banner.title}
            withCloseButton
            closeButtonLabel="Cerrar aviso"
            onClose={() => setBanner(null)}
            role={banner.kind === 'error' ? 'alert' : 'status'}
            data-testid={banner.kind === 'success' ? 'tokens-success' : 'tokens-error'}
          >
            {banner.message}
          </Alert>
        )}

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <EmployeeSelect value={selected} onChange={choose} error={userError} />
          {employee ? (
            <SimpleGrid cols={2} spacing="sm">
              <BalanceTile label="Tokens flexibles" value={employee.jobby} hint="Se ajustan aquí" testId="selected-jobby-balance" />
              <BalanceTile label="Tokens de empresa" value={employee.company} hint="Los asigna RR.HH." testId="selected-company-balance" />
            </SimpleGrid>
          ) : (
            <Paper withBorder radius="md" p="md" style={{ borderStyle: 'dashed', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <Text size="sm" c="dimmed" ta="center">
                Selecciona un usuario para ver sus saldos.
              </Text>
            </Paper>
          )}
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {(['add', 'remove'] as const).map((action) => (
            <TokenActionForm
              key={action}
              action={action}
              userId={employee?.id ?? null}
              balance={employee?.jobby ?? null}
              isBusy={busyAction === action}
              isDisabled={change.isPending && busyAction !== action}
              onUserError={setUserError}
              onSubmit={submit(action)}
            />
          ))}
        </SimpleGrid>
        <ConfirmDialog
          opened={asking !== null}
          title={isAdding ? 'Añadir tokens' : 'Quitar tokens'}
          message={
            asking && (
              <>
                ¿{isAdding ? 'Añadir' : 'Quitar'} {plural(asking.amount, 'token flexible', 'tokens flexibles')} a <strong>{asking.employee.name}</strong>? Su saldo pasará de{' '}
                {asking.employee.jobby.toLocaleString('es-CL')} a {(asking.employee.jobby + (isAdding ? asking.amount : -asking.amount)).toLocaleString('es-CL')}.
              </>
            )
          }
          confirmLabel={isAdding ? 'Añadir tokens' : 'Quitar tokens'}
          isDestructive={!isAdding}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      </Stack>
    </Card>
  );
}
