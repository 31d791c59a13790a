import '@mantine/notifications/styles.css';
import { ModalsProvider } from '@mantine/modals';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts at the bottom, never over the header's balances and avatar (issue 7: the profile's success
 * covered them on a phone); centred on a phone, where a corner leaves them too narrow.
 */
function Toasts() {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} />;
}

/**
 * The toasts and the confirm dialogs of `notifications.show` and `modals.openConfirmModal`. Both APIs
 * reach these through their own stores and events, so they need not wrap the screens: main.tsx loads
 * this module only for a signed-in user, who alone can open them, and /login starts without it.
 */
export default function Overlays() {
  return (
    <>
      <Toasts />
      <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }} />
    </>
  );
}
