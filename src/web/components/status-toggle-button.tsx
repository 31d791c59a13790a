import { Button } from '@mantine/core';

/**
 * A table row's 'Desactivar' (red) or 'Activar' (green) button, named after its row for screen
 * readers (`rowName`: "Desactivar Andes", "Activar a Lucía Fuentes"). The theme's AA tints
 * ('danger', 'success'): Mantine's light green button text was 3.8:1 (decision 266).
 */
export function StatusToggleButton({ isActive, rowName, onClick, loading }: { isActive: boolean; rowName: string; onClick: () => void; loading?: boolean }) {
  const action = isActive ? 'Desactivar' : 'Activar';
  return (
    <Button size="xs" variant={isActive ? 'danger' : 'success'} onClick={onClick} loading={loading} aria-label={`${action} ${rowName}`}>
      {action}
    </Button>
  );
}
