import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button, Container, Skeleton, Stack } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { PROVIDER_WELCOME_MS } from '#domain/constants';
import type { VerifyCodeResult } from '#domain/schemas/economy';
import { useProviderHistory, useProviderRequests } from '../../api/provider';
import { ProviderHeader } from './provider-header';
import { ProviderHistoryTable, useProviderHistoryFilters } from './provider-history-table';
import { ProviderRequestsCard } from './provider-requests-card';
import { ProviderStats } from './provider-stats';
import { ProviderWelcome, TokenRedeemedOverlay } from './provider-splash';
import { VerifyTokenForm } from '../../components/verify-token-form';
import { AfterFirstPaint, useAfterFirstPaint } from '../../lib/when-idle';
import classes from './provider-portal.module.css';

// The scanner and its QR decoder load only when 'Escanear código' is pressed (decisions 170 and 171).
const CodeScanner = lazy(() => import('./scanner/code-scanner'));

/**
 * /level4 (part 2 "Provider portal"): built for a phone or tablet at a shop counter. Scanning is the
 * main path, so nothing takes the focus by itself (a focused field pops up a phone's keyboard); the
 * typed box is focused when the provider asks for it from the scanner ('Ingresar el código').
 */
export function ProviderPortalPage() {
  const [isWelcoming, setIsWelcoming] = useState(true);
  // The portal is drawn under the welcome once the welcome has painted, in slices (a transition): when
  // the 2 s welcome ends it is already there, instead of a slow phone freezing for it then (decision 313).
  const isPortalDrawn = useAfterFirstPaint();
  const showsWelcome = isWelcoming || !isPortalDrawn;
  const [redeemed, setRedeemed] = useState<VerifyCodeResult | null>(null);
  const [isScanning, setIsScanning] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  const filters = useProviderHistoryFilters();
  // Loads while the welcome plays, so the counts are there when it ends.
  const history = useProviderHistory(filters.params);
  // The pending requests too: the card shows them as soon as the portal does.
  useProviderRequests();

  useEffect(() => {
    const timer = window.setTimeout(() => setIsWelcoming(false), PROVIDER_WELCOME_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const celebrate = useCallback((result: VerifyCodeResult) => setRedeemed(result), []);
  const closeScanner = useCallback(() => setIsScanning(false), []);
  const typeInstead = useCallback(() => {
    setIsScanning(false);
    // Once the scanner is gone: its focus trap holds the focus until then.
    window.setTimeout(() => inputRef.current?.focus());
  }, []);
  const scannedAndRedeemed = useCallback((result: VerifyCodeResult) => {
    setIsScanning(false);
    setRedeemed(result);
  }, []);
  const endCelebration = useCallback(() => setRedeemed(null), []);

  return (
    <>
      {isPortalDrawn && (
        <div className={classes.page} inert={showsWelcome}>
          <ProviderHeader />
          <Container component="main" size="lg" px={{ base: 'sm', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
            <Stack gap="lg">
              <ProviderStats stats={history.data?.stats} isLoading={history.isPending} />
              <Button size="lg" radius="md" variant="light" leftSection={<IconCamera size={22} aria-hidden />} onClick={() => setIsScanning(true)} className={classes.scanButton}>
                Escanear código
              </Button>
              <VerifyTokenForm inputRef={inputRef} onRedeemed={celebrate} />
              {/* The work queue before the record: on a phone it is reached without scrolling past the history. */}
              <ProviderRequestsCard />
              {/* Below a phone's first screenful: drawn once the code's field is on screen (decision 303). */}
              <AfterFirstPaint placeholder={<Skeleton height={420} radius="md" aria-hidden />}>
                <ProviderHistoryTable history={history} filters={filters} />
              </AfterFirstPaint>
            </Stack>
          </Container>
          {isScanning && (
            <Suspense fallback={null}>
              <CodeScanner onClose={closeScanner} onRedeemed={scannedAndRedeemed} onTypeInstead={typeInstead} />
            </Suspense>
          )}
          {redeemed && <TokenRedeemedOverlay result={redeemed} onDone={endCelebration} />}
        </div>
      )}
      {showsWelcome && <ProviderWelcome />}
    </>
  );
}
