import '@mantine/notifications/styles.css';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';

/**
 * Toasts at the bottom, never over the header's balances and avatar (the profile's success
 * covered them on a phone); centred on a phone, where a corner leaves them too narrow.
 */
function Toasts() {
  const isPhone = useMediaQuery('(max-width: 48em)');
  return <Notifications position={isPhone ? 'bottom-center' : 'bottom-right'} />;
}

/**
 * The toasts of `notifications.show`. The API reaches them through its own store and events, so they
 * need not wrap the screens: main.tsx loads this module only for a signed-in user, who alone can
 * cause one, and /login starts without it. Confirmations are each screen's own ConfirmDialog
 * (src/web/components/confirm-dialog.tsx, decision 375).
 */
export default function Overlays() {
  return <Toasts />;
}
