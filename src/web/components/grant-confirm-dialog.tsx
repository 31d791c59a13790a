import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isLargeGrantConfirmed, LARGE_GRANT_CONFIRMATION_WORD } from '../../domain/grant-threshold';
import { tokens } from '../../domain/plural';

type GrantConfirmDialogOptions = {
  opened: boolean;
  title: string;
  /** Names the person (or the count of people), the amount and the balance after. */
  message: string;
  /** Set when the grant is above the large-grant threshold (decision 358): HR must type the word. */
  largeThreshold: number | null;
  confirmLabel: string;
  isLoading?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The confirmation of a grant (decision 358): the sentence that names who receives what, and above
 * the threshold a second step in words — the confirm button stays off until HR types
 * LARGE_GRANT_CONFIRMATION_WORD. Cancelling sends nothing.
 */
export function GrantConfirmDialog({ opened, title, message, largeThreshold, confirmLabel, isLoading = false, error, onConfirm, onCancel }: GrantConfirmDialogOptions) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (opened) setTyped('');
  }, [opened]);
  const isLarge = largeThreshold !== null;
  const isReady = !isLarge || isLargeGrantConfirmed(typed);

  return (
    <Modal opened={opened} onClose={isLoading ? () => undefined : onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Stack gap="md">
        <Text data-testid="grant-confirm-message">{message}</Text>
        {isLarge && (
          <>
            <Alert color="orange" title="Asignación grande" data-testid="grant-large-step">
              Son más de {tokens(largeThreshold)} por persona, lo máximo que se asigna sin esta segunda confirmación. Revisa la cantidad antes de seguir.
            </Alert>
            <TextInput
              label={`Escribe ${LARGE_GRANT_CONFIRMATION_WORD} para confirmar`}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              disabled={isLoading}
              data-autofocus
            />
          </>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={isLoading}>
            Cancelar
          </Button>
          <Button color="admin" onClick={onConfirm} loading={isLoading} disabled={!isReady}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
