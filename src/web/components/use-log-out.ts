import { useMantineColorScheme } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useSignOut } from '../api/session';

/**
 * 'Cerrar sesión' wherever it is offered (the shared header, the provider portal, the survey's
 * frame): ends the session, resets the theme to light (spec part 1 §4) and lands on a bare /login.
 */
export function useLogOut() {
  const signOut = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const navigate = useNavigate();
  const logOut = () =>
    signOut.mutate(undefined, {
      onSettled: () => {
        setColorScheme('light');
        void navigate('/login', { replace: true });
      },
    });
  return { logOut, isPending: signOut.isPending };
}
