import { Badge } from '@mantine/core';

// Light badges with text dark enough for AA on their tint (as the level 1 screens do).
const ACTIVE_TEXT = 'light-dark(#1f6f30, var(--mantine-color-green-3))';

/** 'Activo' / 'Inactivo' (part 2 §2), a green or gray light badge that never squeezes to "ACTI…". */
export function StatusBadge({ isActive, activeLabel = 'Activo', inactiveLabel = 'Inactivo' }: { isActive: boolean; activeLabel?: string; inactiveLabel?: string }) {
  return (
    <Badge miw="max-content" variant="light" color={isActive ? 'green' : 'gray'} c={isActive ? ACTIVE_TEXT : undefined}>
      {isActive ? activeLabel : inactiveLabel}
    </Badge>
  );
}
