import { useEffect } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { useMe } from '../api/session';

/** The colour scheme follows the signed-in user's saved preference (spec part 1 §3 themePreference). */
export function useThemeSync() {
  const { data: me } = useMe();
  const { setColorScheme } = useMantineColorScheme();
  const preference = me?.themePreference;
  useEffect(() => {
    if (preference) setColorScheme(preference);
  }, [preference, setColorScheme]);
}
