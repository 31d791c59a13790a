import { startTransition, useEffect, useMemo, useState } from 'react';
import { Box, Group, Stack, Text } from '@mantine/core';
import type * as QrCode from 'qrcode';
import { formatDate } from '../../domain/dates';
import { useOnline } from '../api/offline-snapshot';
import { CodeText } from './code-text';
import classes from './counter-code.module.css';

/** Four modules of light margin around the symbol: the quiet zone ISO/IEC 18004 asks for. */
const QUIET_ZONE = 4;

type QrLibrary = typeof QrCode;
let qrLibrary: QrLibrary | null = null;
let qrLibraryLoad: Promise<QrLibrary> | null = null;

/**
 * The QR library, loaded with the first code shown rather than with the screen (decision 301): the
 * dashboard's first paint does not wait for it. The service worker keeps its chunk like the others.
 */
function loadQrLibrary(): Promise<QrLibrary> {
  qrLibraryLoad ??= import('qrcode').then((library) => (qrLibrary = library));
  return qrLibraryLoad;
}

function useQrLibrary(): QrLibrary | null {
  const [library, setLibrary] = useState(qrLibrary);
  useEffect(() => {
    if (library) return;
    let current = true;
    // In a transition: React draws the codes' symbols one by one with the main thread free between
    // them, instead of every QR of the screen in one long task (decision 335).
    loadQrLibrary().then(
      (loaded) => current && startTransition(() => setLibrary(loaded)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [library]);
  return library;
}

/**
 * The QR of a code: only its 8 characters (no personal data, no address that signs anyone in).
 * Dark modules on a white quiet zone in both themes — a scanner needs that, whatever the page's
 * colours — drawn as one SVG path, so it stays sharp at any size.
 */
export function CodeQr({ code, size }: { code: string; size: number }) {
  const library = useQrLibrary();
  const symbol = useMemo(() => {
    // Until the library is there (a moment), the same white square holds the place: nothing moves.
    if (!library) return null;
    const { modules } = library.create(code, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size; col++) {
        if (modules.get(row, col)) d += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
      }
    }
    return { path: d, width: modules.size + 2 * QUIET_ZONE };
  }, [code, library]);
  // A code's symbol (version 1, M) is 21 modules wide: the square's proportions while it loads.
  const width = symbol?.width ?? 21 + 2 * QUIET_ZONE;
  return (
    <svg
      className={classes.qr}
      viewBox={`0 0 ${width} ${width}`}
      width={size}
      height={size}
      role="img"
      aria-label={`Código QR de ${code}`}
      shapeRendering="crispEdges"
      data-testid="code-qr"
      data-ready={symbol ? true : undefined}
    >
      <rect width={width} height={width} fill="#fff" />
      {symbol && <path d={symbol.path} fill="#000" />}
    </svg>
  );
}

/** A day: a screen left open offline longer than that meets its codes' dates at its next render. */
const LONGEST_EXPIRY_WAIT_MS = 24 * 60 * 60 * 1000;

/**
 * Online the server says whether a code expired (the database clock). Offline nobody can, and a code
 * from the last sync whose date has passed by this device's clock is not offered at the counter as if
 * it were valid: it shows as expired until the connection returns (decision 306) — also when its date
 * passes while the screen stays open.
 */
function useExpiredOffline(expiresAt: string): boolean {
  const online = useOnline();
  const expiresAtMs = Date.parse(expiresAt);
  const [, setChecked] = useState(0);
  useEffect(() => {
    const wait = expiresAtMs - Date.now();
    if (online || wait <= 0 || wait > LONGEST_EXPIRY_WAIT_MS) return;
    const timer = window.setTimeout(() => setChecked(Date.now()), wait + 1);
    return () => window.clearTimeout(timer);
  }, [online, expiresAtMs]);
  return !online && expiresAtMs <= Date.now();
}

export type CounterCodeProps = {
  code: string;
  expiresAt: string;
  /** Where to use it: the provider's name; null when the company's HR redeems it. */
  providerName: string | null;
  /** The provider's address and standing instructions, where it gave them. */
  providerAddress?: string | null;
  providerInstructions?: string | null;
  /** What the approver of this request said to do. */
  instructions?: string | null;
  /** The QR's side in CSS pixels (at least 132: a phone reads it at arm's length). */
  qrSize?: number;
  codeTestId?: string;
};

/**
 * An active code as the employee shows it at the counter: its QR beside the 8
 * characters in two groups (for reading aloud), where to use it and until when. One component for
 * the redemption's success, 'Mis solicitudes' and the dashboard.
 */
export function CounterCode({ code, expiresAt, providerName, providerAddress, providerInstructions, instructions, qrSize = 148, codeTestId }: CounterCodeProps) {
  if (useExpiredOffline(expiresAt)) return <ExpiredCode code={code} expiresAt={expiresAt} codeTestId={codeTestId} />;
  return (
    <Group gap="md" wrap="wrap" align="center" className={classes.root} data-testid="active-code-block">
      <CodeQr code={code} size={qrSize} />
      <Stack gap={4} className={classes.details}>
        <CodeText code={code} fz={{ base: 20, sm: 26 }} fw={700} c="var(--mantine-color-text)" data-testid={codeTestId} />
        {providerName && (
          <Text size="sm">
            Úsalo en{' '}
            <Text span fw={600}>
              {providerName}
            </Text>
          </Text>
        )}
        {providerAddress && (
          <Text size="sm" data-testid="code-address">
            <Text span fw={600}>
              Dirección:
            </Text>{' '}
            {providerAddress}
          </Text>
        )}
        {providerInstructions && (
          <Text size="sm" data-testid="code-provider-instructions">
            <Text span fw={600}>
              Cómo usarlo:
            </Text>{' '}
            {providerInstructions}
          </Text>
        )}
        {instructions && (
          <Text size="sm" data-testid="code-instructions">
            <Text span fw={600}>
              Instrucciones:
            </Text>{' '}
            {instructions}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="code-expiry">
          Vence el {formatDate(expiresAt)}
        </Text>
      </Stack>
    </Group>
  );
}

/** A code past its expiry: its characters struck through and the date, no QR to scan. */
export function ExpiredCode({ code, expiresAt, codeTestId }: { code: string; expiresAt: string; codeTestId?: string }) {
  return (
    <Box ta={{ base: 'left', sm: 'right' }} data-testid="expired-code">
      <CodeText code={code} fz="lg" c="dimmed" td="line-through" data-testid={codeTestId} />
      <Text size="xs" c="dimmed">
        Venció el {formatDate(expiresAt)}
      </Text>
    </Box>
  );
}
