import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Progress, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_HR_BULK_REASON, HR_ASSIGN_DEFAULT_AMOUNT } from '#domain/constants';
import { errorMessage } from '#domain/errors';
import { isLargeGrant, largeGrantThreshold } from '#domain/grant-threshold';
import { useCompanyAllowance } from '../../api/allowance';
import { messageOf } from '../../api/client';
import { useAllCompanyEmployees } from '../../api/hr';
import { LoadFailedState } from '../../components/error-state';
import { GrantConfirmDialog } from '../../components/grant-confirm-dialog';
import { useBulkAssignment } from './use-bulk-assignment';
import { TokenAmountInput } from '../../components/token-amount-input';
import { plural, tokens } from '#domain/plural';

type BulkAssignModalOptions = { opened: boolean; onClose: () => void; onDone: (message: string) => void };
type BulkInput = { userIds: string[]; amount: number; reason: string };

/** "¿Asignar 1.000 tokens de empresa a cada uno de 7 colaboradores? En total: 7.000 tokens" (decisions 358 and 362). */
export function bulkQuestion(people: number, amountEach: number): string {
  const each = plural(amountEach, 'token de empresa', 'tokens de empresa');
  return people === 1
    ? `¿Asignar ${each} a 1 colaborador? En total: ${tokens(amountEach)}`
    : `¿Asignar ${each} a cada uno de ${plural(people, 'colaborador', 'colaboradores')}? En total: ${tokens(amountEach * people)}`;
}

/** The bulk assignment (spec part 2 §2, §5): select all or some employees (each with its balance), one amount, with progress. */
export function BulkAssignModal({ opened, onClose, onDone }: BulkAssignModalOptions) {
  const employees = useAllCompanyEmployees(opened);
  const bulk = useBulkAssignment();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [amount, setAmount] = useState<number | string>(HR_ASSIGN_DEFAULT_AMOUNT);
  const [reason, setReason] = useState(DEFAULT_HR_BULK_REASON);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<BulkInput | null>(null);
  const allowance = useCompanyAllowance();
  const monthly = allowance.data?.amount ?? 0;
  const resetBulk = bulk.reset;
  useEffect(() => {
    if (!opened) return;
    setSelected(new Set());
    setAmount(HR_ASSIGN_DEFAULT_AMOUNT);
    setReason(DEFAULT_HR_BULK_REASON);
    setError(null);
    setConfirming(null);
    resetBulk();
  }, [opened, resetBulk]);

  // Only active employees can receive tokens (the server refuses the others): the list leaves them out and says so.
  const all = useMemo(() => (employees.data ?? []).filter((e) => e.status === 'active'), [employees.data]);
  const inactiveCount = (employees.data?.length ?? 0) - all.length;
  const amountEach = typeof amount === 'number' && Number.isInteger(amount) && amount >= 1 ? amount : null;
  const allSelected = all.length > 0 && selected.size === all.length;
  const toggle = (id: string) => {
    setError(null);
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };

  const finish = (state: { assigned: number; toRetry: number }) => {
    if (state.toRetry === 0) onDone(`Tokens asignados correctamente a ${plural(state.assigned, 'usuario', 'usuarios')}`);
  };

  /** Checks the form, then asks (nothing is sent before the confirmation's 'Asignar'). */
  const review = () => {
    const value = typeof amount === 'number' ? amount : Number.NaN;
    if (typeof amount === 'number' && !Number.isInteger(amount)) {
      setError(errorMessage('TOKEN_QUANTITY_NOT_INTEGER'));
      return;
    }
    if (selected.size === 0 || !Number.isInteger(value) || value < 1) {
      setError(errorMessage('BULK_ASSIGN_INVALID'));
      return;
    }
    setError(null);
    setConfirming({ userIds: [...selected], amount: value, reason: reason.trim() || DEFAULT_HR_BULK_REASON });
  };

  const isLarge = confirming !== null && isLargeGrant(confirming.amount, monthly);

  const submit = async () => {
    if (!confirming) return;
    const input = { ...confirming, ...(isLarge ? { confirmLarge: true } : {}) };
    setConfirming(null);
    try {
      finish(await bulk.run(input));
    } catch (failure) {
      setError(`Error en la asignación masiva: ${messageOf(failure)}`);
    }
  };

  const retry = async () => {
    const state = await bulk.retryUnanswered();
    if (state) finish(state);
  };

  const progress = bulk.progress;
  return (
    <Modal opened={opened} onClose={bulk.isRunning ? () => undefined : onClose} title="Asignación masiva de tokens" centered size="lg" closeOnClickOutside={!bulk.isRunning} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group grow align="flex-start" wrap="wrap">
          <TokenAmountInput
            label="Cantidad por usuario"
            min={1}
            value={amount}
            onChange={(next) => {
              // A corrected amount puts the earlier refusal away (decisions 358 and 362).
              setError(null);
              setAmount(next);
            }}
            miw={160}
            disabled={bulk.isRunning}
          />
          <TextInput label="Motivo" value={reason} onChange={(e) => setReason(e.currentTarget.value)} miw={200} disabled={bulk.isRunning} />
        </Group>
        {employees.isError ? (
          <LoadFailedState query={employees} />
        ) : employees.isPending ? (
          <Text c="dimmed">Cargando colaboradores...</Text>
        ) : (
          <>
            {inactiveCount > 0 && (
              <Text size="sm" c="dimmed" data-testid="bulk-inactive-note">
                {`${plural(inactiveCount, 'colaborador inactivo no aparece: no recibe', 'colaboradores inactivos no aparecen: no reciben')} tokens.`}
              </Text>
            )}
            <Checkbox
              label={`Seleccionar todos (${all.length})`}
              checked={allSelected}
              indeterminate={selected.size > 0 && !allSelected}
              color="admin"
              onChange={() => {
                setError(null);
                setSelected(allSelected ? new Set() : new Set(all.map((e) => e.id)));
              }}
              disabled={bulk.isRunning}
            />
            <ScrollArea.Autosize mah={280} type="auto" offsetScrollbars>
              <Stack gap={6} pl="md">
                {all.map((employee) => (
                  <Checkbox
                    key={employee.id}
                    color="admin"
                    checked={selected.has(employee.id)}
                    onChange={() => toggle(employee.id)}
                    disabled={bulk.isRunning}
                    label={
                      <Text size="sm" component="span">
                        {employee.name}{' '}
                        <Text span size="xs" c="dimmed">
                          · {plural(employee.company, 'token de empresa', 'tokens de empresa')}
                        </Text>
                      </Text>
                    }
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </>
        )}
        {progress && (
          <Stack gap={4} role="status" aria-live="polite">
            <Progress value={progress.total ? (progress.done / progress.total) * 100 : 0} color="admin" animated={bulk.isRunning} aria-label="Progreso de la asignación" />
            <Text size="sm" c="dimmed">
              {progress.done} de {progress.total} procesados · {progress.assigned} asignados
              {progress.skipped > 0 ? ` · ${progress.skipped} omitidos` : ''}
            </Text>
            {!bulk.isRunning && progress.toRetry > 0 && (
              <Alert color="orange">
                {progress.toRetry} asignaciones no obtuvieron respuesta. Reintentar las envía de nuevo sin duplicar las que ya se hicieron.
              </Alert>
            )}
          </Stack>
        )}
        {!progress && selected.size > 0 && amountEach !== null && (
          <Text fw={600} data-testid="bulk-summary">
            {selected.size === 1
              ? `Se asignarán ${tokens(amountEach)} a 1 usuario.`
              : `Se asignarán ${tokens(amountEach)} a cada uno de ${plural(selected.size, 'usuario', 'usuarios')}: ${tokens(amountEach * selected.size)} en total.`}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={bulk.isRunning}>
            {progress && !bulk.isRunning ? 'Cerrar' : 'Cancelar'}
          </Button>
          {progress && !bulk.isRunning && progress.toRetry > 0 ? (
            <Button color="admin" onClick={() => void retry()}>
              Reintentar
            </Button>
          ) : (
            <Button color="admin" onClick={review} loading={bulk.isRunning}>
              Asignar a {plural(selected.size, 'usuario', 'usuarios')}
            </Button>
          )}
        </Group>
      </Stack>
      <GrantConfirmDialog
        opened={confirming !== null}
        title="Confirmar asignación masiva"
        message={confirming ? bulkQuestion(confirming.userIds.length, confirming.amount) : ''}
        largeThreshold={isLarge ? largeGrantThreshold(monthly) : null}
        confirmLabel="Asignar"
        onConfirm={() => void submit()}
        onCancel={() => setConfirming(null)}
      />
    </Modal>
  );
}
