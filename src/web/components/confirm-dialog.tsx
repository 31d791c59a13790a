import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

type ConfirmDialogOptions = {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red for what takes something away (deactivate, reject), the admin blue otherwise. */
  isDestructive?: boolean;
  isLoading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before an action that changes what other people can do (activate/deactivate, approve/reject). */
export function ConfirmDialog({ opened, title, message, confirmLabel, isDestructive = false, isLoading = false, onConfirm, onCancel }: ConfirmDialogOptions) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={isLoading}>
          Cancelar
        </Button>
        <Button color={isDestructive ? 'red' : 'admin'} onClick={onConfirm} loading={isLoading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
