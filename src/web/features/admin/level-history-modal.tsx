import { List, Modal, Text } from '@mantine/core';
import { formatDateTime } from '#domain/dates';
import { LEVEL_NAMES, type Level } from '#domain/levels';
import type { AdminUser } from '#domain/schemas/admin';
import { useUserLevelChanges } from '../../api/admin-platform';
import { messageOf } from '../../api/client';

/** 'Nivel 2 (Recursos Humanos)', or 'Sin nivel'. */
export const levelName = (level: Level | null) => (level === null ? 'Sin nivel' : `Nivel ${level} (${LEVEL_NAMES[level]})`);

/** The latest level changes of one user: who, when, from → to. */
export function LevelHistoryModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const history = useUserLevelChanges(user?.id ?? null);
  return (
    <Modal opened={user !== null} onClose={onClose} title={`Historial de niveles de ${user?.name ?? ''}`} centered closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {history.isPending ? (
        <Text c="dimmed">Cargando historial...</Text>
      ) : history.isError ? (
        <Text c="red">{messageOf(history.error)}</Text>
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">Sin cambios de nivel registrados.</Text>
      ) : (
        <List spacing="xs" listStyleType="none" aria-label="Cambios de nivel">
          {history.data.items.map((c) => (
            <List.Item key={`${c.changedAt}-${c.toLevel}`}>
              <Text size="sm">
                <b>{formatDateTime(c.changedAt)}</b> · {levelName(c.fromLevel)} → {levelName(c.toLevel)}
              </Text>
              <Text size="xs" c="dimmed">
                por {c.changedByName ?? 'una cuenta eliminada'}
              </Text>
            </List.Item>
          ))}
        </List>
      )}
    </Modal>
  );
}
