import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useSaveTheme } from '../api/session';

/** The light/dark switch of every header: applied at once and saved as the user's preference (spec part 1 §4). */
export function useThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const saveTheme = useSaveTheme();
  const toggle = () => {
    const next = scheme === 'dark' ? 'light' : 'dark';
    setColorScheme(next);
    saveTheme.mutate(next);
  };
  return { scheme, toggle, label: scheme === 'dark' ? 'Usar tema claro' : 'Usar tema oscuro' };
}
