import { useCallback, useEffect, useRef, useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { PROVIDER_WELCOME_MS } from '../../../domain/constants';
import { messageOf } from '../../api/client';
import { useProviderHistory } from '../../api/provider';
import { ProviderHeader } from './provider-header';
import { ProviderHistoryTable } from './provider-history-table';
import { ProviderRequestsCard } from './provider-requests-card';
import { ProviderStats } from './provider-stats';
import { ProviderWelcome, TokenRedeemedOverlay } from './provider-splash';
import { VerifyTokenForm } from '../../components/verify-token-form';
import classes from './provider-portal.module.css';

/**
 * /level4 (part 2 "Provider portal"): built for a phone or tablet at a shop counter — the code
 * input is focused as soon as the portal shows, and is focused again after each redemption.
 */
export function ProviderPortalPage() {
  const [isWelcoming, setIsWelcoming] = useState(true);
  const [isCelebrating, setIsCelebrating] = useState(false);
  const inputRef = useRef<HTMLInputElement | null>(null);
  // Loads while the welcome plays, so the counts are there when it ends.
  const history = useProviderHistory();

  useEffect(() => {
    const timer = window.setTimeout(() => setIsWelcoming(false), PROVIDER_WELCOME_MS);
    return () => window.clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (!isWelcoming && !isCelebrating) inputRef.current?.focus();
  }, [isWelcoming, isCelebrating]);

  const celebrate = useCallback(() => setIsCelebrating(true), []);
  const endCelebration = useCallback(() => setIsCelebrating(false), []);

  if (isWelcoming) return <ProviderWelcome />;

  return (
    <div className={classes.page}>
      <ProviderHeader />
      <Container component="main" size="lg" px={{ base: 'sm', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          <ProviderStats stats={history.data?.stats} isLoading={history.isPending} />
          <VerifyTokenForm inputRef={inputRef} onRedeemed={celebrate} />
          <ProviderHistoryTable
            items={history.data?.items}
            isLoading={history.isPending}
            error={history.isError ? messageOf(history.error) : null}
            onRetry={() => void history.refetch()}
          />
          <ProviderRequestsCard />
        </Stack>
      </Container>
      {isCelebrating && <TokenRedeemedOverlay onDone={endCelebration} />}
    </div>
  );
}
