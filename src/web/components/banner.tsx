import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { BANNER_CLEAR_MS } from '../../domain/constants';

type BannerMessage = { kind: 'success' | 'error'; text: string };

/**
 * The success/error banner of the company and benefit screens, which clears itself after 5 s
 * (spec part 1 §8 "Success texts", §9 timings). A new message restarts the 5 s.
 */
export function useBanner(clearAfterMs: number = BANNER_CLEAR_MS) {
  const [banner, setBanner] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setBanner(null);
  }, []);

  const show = useCallback(
    (message: BannerMessage) => {
      if (timer.current) clearTimeout(timer.current);
      setBanner(message);
      timer.current = setTimeout(() => {
        timer.current = null;
        setBanner(null);
      }, clearAfterMs);
    },
    [clearAfterMs],
  );

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  return {
    banner,
    showSuccess: useCallback((text: string) => show({ kind: 'success', text }), [show]),
    showError: useCallback((text: string) => show({ kind: 'error', text }), [show]),
    clear,
  };
}

/** Renders the banner of `useBanner` (nothing when there is none); announced to screen readers. */
export function Banner({ banner, onClose }: { banner: BannerMessage | null; onClose?: () => void }) {
  if (!banner) return null;
  const isSuccess = banner.kind === 'success';
  return (
    <Alert
      role={isSuccess ? 'status' : 'alert'}
      color={isSuccess ? 'green' : 'red'}
      icon={isSuccess ? <IconCircleCheck size={20} /> : <IconAlertCircle size={20} />}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel="Cerrar mensaje"
      onClose={onClose}
    >
      {banner.text}
    </Alert>
  );
}
