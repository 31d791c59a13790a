import { useEffect } from 'react';
import { Text, TextInput } from '@mantine/core';
import { DEFAULT_HR_ASSIGN_REASON, HR_ASSIGN_DEFAULT_AMOUNT } from '../../../domain/constants';
import { hrAssignInputSchema, type EmployeeBalance } from '../../../domain/schemas/economy';
import { messageOf } from '../../api/client';
import { useAssignCompanyTokens } from '../../api/hr';
import { usePressKey } from '../../api/press-key';
import { FormModal, useSchemaForm } from '../../components/form-modal';
import { TokenAmountInput } from '../../components/token-amount-input';
import { plural } from '../../../domain/plural';

type AssignValues = { userId: string; amount: number; reason: string };

type AssignModalOptions = { employee: EmployeeBalance | null; onClose: () => void; onAssigned: (message: string) => void };

/** The single assignment (part 2 §5 "Single assignment"): amount 10, reason 'Asignación manual'. */
export function AssignModal({ employee, onClose, onAssigned }: AssignModalOptions) {
  const form = useSchemaForm<AssignValues>(hrAssignInputSchema, { userId: '', amount: HR_ASSIGN_DEFAULT_AMOUNT, reason: DEFAULT_HR_ASSIGN_REASON });
  const assign = useAssignCompanyTokens();
  const pressKey = usePressKey();
  const { setValues } = form;
  const resetMutation = assign.reset;
  useEffect(() => {
    if (!employee) return;
    setValues({ userId: employee.id, amount: HR_ASSIGN_DEFAULT_AMOUNT, reason: DEFAULT_HR_ASSIGN_REASON });
    resetMutation();
  }, [employee, setValues, resetMutation]);

  const submit = (values: AssignValues) => {
    const input = { userId: values.userId, amount: values.amount, reason: values.reason.trim() || DEFAULT_HR_ASSIGN_REASON };
    assign.mutate(
      { ...input, idempotencyKey: pressKey.keyFor(JSON.stringify(input)) },
      {
        onSuccess: () => onAssigned(`${plural(input.amount, 'token asignado', 'tokens asignados')} correctamente`),
        onSettled: (_data, error) => pressKey.settle(error ?? undefined),
      },
    );
  };

  return (
    <FormModal
      opened={employee !== null}
      title="Asignar tokens de empresa"
      form={form}
      onClose={onClose}
      submitLabel="Asignar"
      isSubmitting={assign.isPending}
      error={assign.isError ? `Error al asignar tokens: ${messageOf(assign.error)}` : null}
      onSubmit={submit}
    >
      <Text>
        A <b>{employee?.name}</b> ({employee?.email}) · saldo actual: {plural(employee?.company ?? 0, 'token de empresa', 'tokens de empresa')}
      </Text>
      <TokenAmountInput label="Cantidad" min={1} required {...form.getInputProps('amount')} />
      <TextInput label="Motivo" {...form.getInputProps('reason')} />
    </FormModal>
  );
}
