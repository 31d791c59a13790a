import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import type { HistoryEntry } from '../../domain/schemas/economy';
import { plural } from '../../domain/plural';
import { messageOf } from '../api/client';
import { canReverse, useReverseGrant, type ReversalScope } from '../api/grants';
import { usePressKey } from '../api/press-key';
import { ConfirmDialog } from './confirm-dialog';

/** "¿Revertir la asignación de 40 tokens de empresa a Isidora Contreras?" (decisions 358 and 362). */
export function reverseQuestion(entry: HistoryEntry): string {
  const what = plural(entry.amount, entry.tokenType === 'company' ? 'token de empresa' : 'token flexible', entry.tokenType === 'company' ? 'tokens de empresa' : 'tokens flexibles');
  return `¿Revertir la asignación de ${what} a ${entry.userName ?? 'este colaborador'}${entry.reason ? ` (${entry.reason})` : ''}?`;
}

/**
 * 'Revertir' on a history row (decision 359): for a grant the caller may take back, a ConfirmDialog
 * naming the person and the amount, then one reversing transfer on the server (which refuses it when
 * the person holds less than the grant, and answers the same to a repeated press).
 */
export function ReverseGrantAction({ entry, scope, onReversed }: { entry: HistoryEntry; scope: ReversalScope; onReversed?: (message: string) => void }) {
  const [isOpen, setIsOpen] = useState(false);
  const reverse = useReverseGrant(scope);
  const pressKey = usePressKey();
  if (!canReverse(entry, scope)) return null;

  const close = () => {
    setIsOpen(false);
    reverse.reset();
  };
  const confirm = () =>
    reverse.mutate(
      { transferId: entry.id, idempotencyKey: pressKey.keyFor(String(entry.id)) },
      {
        onSuccess: () => {
          setIsOpen(false);
          onReversed?.(`Asignación revertida: se descontaron ${plural(entry.amount, 'token', 'tokens')} a ${entry.userName ?? 'el colaborador'}`);
        },
        onSettled: (_data, error) => pressKey.settle(error ?? undefined),
      },
    );

  return (
    <>
      <Button size="xs" variant="default" color="red" onClick={() => setIsOpen(true)} aria-label={`Revertir la asignación de ${entry.amount} a ${entry.userName ?? 'este colaborador'}`}>
        Revertir
      </Button>
      <ConfirmDialog
        opened={isOpen}
        title="Revertir asignación"
        message={
          <>
            <Text component="span" display="block" data-testid="reverse-confirm-message">
              {reverseQuestion(entry)} Se descontarán de su saldo; la asignación queda en el historial junto a su reversión.
            </Text>
            {/* Inside the dialog's paragraph: a block span, not an Alert (a div may not sit in a <p>). */}
            {reverse.isError && (
              <Text component="span" display="block" c="red.8" fw={600} mt="sm" role="alert">
                {messageOf(reverse.error)}
              </Text>
            )}
          </>
        }
        confirmLabel="Revertir"
        isDestructive
        isLoading={reverse.isPending}
        onConfirm={confirm}
        onCancel={close}
      />
    </>
  );
}
