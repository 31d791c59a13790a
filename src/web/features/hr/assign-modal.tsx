import { useEffect, useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { DEFAULT_HR_ASSIGN_REASON, HR_ASSIGN_DEFAULT_AMOUNT } from '#domain/constants';
import { isLargeGrant, largeGrantThreshold } from '#domain/grant-threshold';
import { hrAssignInputSchema, type EmployeeBalance } from '#domain/schemas/economy';
import { useCompanyAllowance } from '../../api/allowance';
import { messageOf } from '../../api/client';
import { useAssignCompanyTokens } from '../../api/hr';
import { usePressKey } from '../../api/press-key';
import { FormModal, useSchemaForm } from '../../components/form-modal';
import { GrantConfirmDialog } from '../../components/grant-confirm-dialog';
import { TokenAmountInput } from '../../components/token-amount-input';
import { plural } from '#domain/plural';

type AssignValues = { userId: string; amount: number; reason: string };
type AssignInput = { userId: string; amount: number; reason: string };

type AssignModalOptions = { employee: EmployeeBalance | null; onClose: () => void; onAssigned: (message: string) => void };

/** "¿Asignar 1.000 tokens de empresa a Isidora Contreras? Su saldo pasará de 5 a 1.005" (decision 358). */
export function assignQuestion(name: string, balance: number, amount: number): string {
  return `¿Asignar ${plural(amount, 'token de empresa', 'tokens de empresa')} a ${name}? Su saldo pasará de ${balance.toLocaleString('es-CL')} a ${(balance + amount).toLocaleString('es-CL')}`;
}

/**
 * The single assignment (spec part 2 §5 "Single assignment"): amount 10, reason 'Asignación manual'; then
 * a confirmation naming the person, the amount and the balance after, and above the large-grant
 * threshold a second step in words (decision 358). Nothing is sent before 'Asignar' in the confirmation.
 */
export function AssignModal({ employee, onClose, onAssigned }: AssignModalOptions) {
  const form = useSchemaForm<AssignValues>(hrAssignInputSchema, { userId: '', amount: HR_ASSIGN_DEFAULT_AMOUNT, reason: DEFAULT_HR_ASSIGN_REASON });
  const assign = useAssignCompanyTokens();
  const allowance = useCompanyAllowance();
  const pressKey = usePressKey();
  const [confirming, setConfirming] = useState<AssignInput | null>(null);
  const { setValues } = form;
  const resetMutation = assign.reset;
  useEffect(() => {
    if (!employee) return;
    setValues({ userId: employee.id, amount: HR_ASSIGN_DEFAULT_AMOUNT, reason: DEFAULT_HR_ASSIGN_REASON });
    setConfirming(null);
    resetMutation();
  }, [employee, setValues, resetMutation]);

  // Until the allowance is read, the threshold of no allowance; should the server's be lower, its 409 says so in the dialog.
  const threshold = largeGrantThreshold(allowance.data?.amount ?? 0);
  const isLarge = confirming !== null && isLargeGrant(confirming.amount, allowance.data?.amount ?? 0);

  const review = (values: AssignValues) => {
    resetMutation();
    setConfirming({ userId: values.userId, amount: values.amount, reason: values.reason.trim() || DEFAULT_HR_ASSIGN_REASON });
  };

  const send = () => {
    if (!confirming) return;
    const input = { ...confirming, ...(isLarge ? { confirmLarge: true } : {}) };
    assign.mutate(
      { ...input, idempotencyKey: pressKey.keyFor(JSON.stringify(input)) },
      {
        onSuccess: () => onAssigned(`${plural(input.amount, 'token asignado', 'tokens asignados')} correctamente a ${employee?.name ?? 'el colaborador'}`),
        onSettled: (_data, error) => pressKey.settle(error ?? undefined),
      },
    );
  };

  return (
    <>
      <FormModal
        opened={employee !== null && confirming === null}
        title="Asignar tokens de empresa"
        form={form}
        onClose={onClose}
        submitLabel="Asignar"
        isSubmitting={false}
        onSubmit={review}
      >
        <Text>
          A <b>{employee?.name}</b> ({employee?.email}) · saldo actual: {plural(employee?.company ?? 0, 'token de empresa', 'tokens de empresa')}
        </Text>
        <TokenAmountInput label="Cantidad" min={1} required {...form.getInputProps('amount')} />
        <TextInput label="Motivo" {...form.getInputProps('reason')} />
      </FormModal>
      <GrantConfirmDialog
        opened={employee !== null && confirming !== null}
        title="Confirmar asignación"
        message={employee && confirming ? assignQuestion(employee.name, employee.company, confirming.amount) : ''}
        largeThreshold={isLarge ? threshold : null}
        confirmLabel="Asignar"
        isLoading={assign.isPending}
        error={assign.isError ? `Error al asignar tokens: ${messageOf(assign.error)}` : null}
        onConfirm={send}
        onCancel={onClose}
      />
    </>
  );
}
