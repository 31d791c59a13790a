import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Alert, Box, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCamera, IconKeyboard } from '@tabler/icons-react';
import { CODE_PATTERN, normalizeCode } from '#domain/code';
import type { VerifyCodeResult } from '#domain/schemas/economy';
import { CodeCheckResult, useCodeCheck } from '#web/components/code-check';
import { createQrDetector, type QrDetector } from './qr-detector';
import classes from './code-scanner.module.css';

/** How often a frame is read: often enough to feel instant, rare enough to spare a phone's battery. */
const SCAN_INTERVAL_MS = 250;

const NOT_JOBBY = 'Este código QR no es de Jobby: apunta al código que muestra el colaborador.';
const DECODER_FAILED = 'No se pudo iniciar el lector de códigos QR. Ingresa el código a mano.';

/** Why the camera could not be used, in words a person at a counter can act on. */
function cameraMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'No tenemos permiso para usar la cámara. Ingresa el código a mano, o permite el acceso a la cámara en tu navegador y vuelve a intentarlo.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'Este dispositivo no tiene una cámara disponible. Ingresa el código a mano.';
  if (name === 'NotReadableError') return 'Otra aplicación está usando la cámara. Ciérrala o ingresa el código a mano.';
  return 'No se pudo abrir la cámara. Ingresa el código a mano.';
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}
const isPageVisible = () => document.visibilityState === 'visible';

type Props = {
  onClose: () => void;
  /** The code was redeemed: the portal closes the scanner and says '¡Token Canjeado!'. */
  onRedeemed: (result: VerifyCodeResult) => void;
  /** 'Ingresar el código': back to the typed box (the camera is refused or absent, or the QR will not read). */
  onTypeInstead: () => void;
};

/**
 * 'Escanear código' (decisions 170 and 171): the rear camera inside the page reads a Jobby QR, the code is
 * looked up (nothing is redeemed) and shown — benefit, the employee's first name, expiry — and the
 * provider confirms with one tap: the same two steps and the same component as a typed code
 * (components/code-check.tsx, decision 362). The camera runs only
 * while it is looking for a code and the page is visible; closing the scanner stops it.
 * Loaded on demand (the portal's first load does not carry it, nor the QR decoder).
 */
export default function CodeScanner({ onClose, onRedeemed, onTypeInstead }: Props) {
  const isPhone = useMediaQuery('(max-width: 48em)');
  // State, not a ref: the modal mounts its content after its first render, and the camera starts when the video exists.
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const detectorRef = useRef<Promise<QrDetector> | null>(null);
  const [read, setRead] = useState<string | null>(null);
  const [cameraError, setCameraError] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [rescans, setRescans] = useState(0);
  const isVisible = useSyncExternalStore(subscribeVisibility, isPageVisible);
  const codeCheck = useCodeCheck({ onRedeemed });
  const { check, reset: resetCheck } = codeCheck;
  const isScanning = read === null && cameraError === null;

  useEffect(() => {
    if (!isScanning || !isVisible || !video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer = 0;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) return setCameraError(cameraMessage(new DOMException('', 'NotFoundError')));
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
      } catch (error) {
        if (!stopped) setCameraError(cameraMessage(error));
        return;
      }
      // Closed or hidden while the browser was asking: let the camera go at once.
      if (stopped) return stream.getTracks().forEach((track) => track.stop());
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let detector: QrDetector;
      try {
        detectorRef.current ??= createQrDetector();
        detector = await detectorRef.current;
      } catch {
        detectorRef.current = null;
        if (!stopped) setCameraError(DECODER_FAILED);
        return;
      }
      const tick = async () => {
        if (stopped) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const values = await detector.detect(video).catch(() => []);
          const code = values.map(normalizeCode).find((value) => CODE_PATTERN.test(value));
          if (code && !stopped) {
            setRead(code);
            return;
          }
          if (values.length > 0 && !stopped) setHint(NOT_JOBBY);
        }
        timer = window.setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      video.srcObject = null;
    };
  }, [isScanning, isVisible, rescans, video]);

  useEffect(() => {
    if (read) check(read);
  }, [read, check]);

  const scanAgain = () => {
    resetCheck();
    setHint(null);
    setRead(null);
    setRescans((n) => n + 1);
  };

  return (
    <Modal opened onClose={onClose} title="Escanear código" size="lg" radius="lg" fullScreen={isPhone} centered>
      <Stack gap="md" data-testid="code-scanner">
        {cameraError ? (
          <Alert color="yellow" variant="light" radius="md" icon={<IconAlertTriangle size={22} />} title="No se pudo usar la cámara" data-testid="scanner-camera-error">
            <Text>{cameraError}</Text>
          </Alert>
        ) : isScanning ? (
          <>
            <Box className={classes.viewport}>
              <video ref={setVideo} className={classes.video} muted playsInline aria-label="Vista de la cámara" />
              <div className={classes.frame} aria-hidden />
            </Box>
            <Group gap="xs" wrap="nowrap">
              <IconCamera size={20} aria-hidden />
              <Text size="sm" aria-live="polite">
                {hint ?? 'Apunta la cámara al código QR que muestra el colaborador.'}
              </Text>
            </Group>
          </>
        ) : (
          <CodeCheckResult check={codeCheck} otherAction={{ label: 'Escanear otro', onClick: scanAgain }} />
        )}
        <Group justify="space-between">
          {/* The one way back to typing (the camera's error says to use it): prominent when the camera failed. */}
          <Button variant={cameraError ? 'filled' : 'subtle'} leftSection={<IconKeyboard size={18} />} onClick={onTypeInstead}>
            Ingresar el código
          </Button>
          <Button variant="default" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
