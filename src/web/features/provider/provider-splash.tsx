import { useEffect } from 'react';
import { Button, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { PROVIDER_SUCCESS_MS } from '#domain/constants';
import type { VerifyCodeResult } from '#domain/schemas/economy';
import { Logo } from '../../components/logo';
import classes from './provider-portal.module.css';

/** The 2-second welcome (spec part 2 §9): the brand wordmark, then the portal. */
export function ProviderWelcome() {
  return (
    <div className={classes.splash} role="status" aria-live="polite" data-testid="provider-welcome">
      <div className={classes.splashWordmark}>
        <Logo size={72} inverted />
      </div>
      <Text className={classes.splashLine} size="lg" fw={500} c="white">
        Portal del Proveedor
      </Text>
    </div>
  );
}

/**
 * '¡Token Canjeado!' for 3 seconds after a successful verification (part 2 "Provider portal"), and
 * under the spec's two lines what was redeemed and for whom, so the counter can say it aloud.
 */
export function TokenRedeemedOverlay({ result, onDone }: { result: Pick<VerifyCodeResult, 'benefitName' | 'userName'>; onDone: () => void }) {
  useEffect(() => {
    const timer = window.setTimeout(onDone, PROVIDER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [onDone]);

  return (
    // A tap anywhere closes it early (the next customer may be waiting); the button does it by keyboard.
    <div className={classes.splash} onClick={onDone} data-testid="token-redeemed">
      <div className={classes.successIcon}>
        <IconCircleCheck size={72} stroke={1.6} aria-hidden />
      </div>
      <div role="status" aria-live="assertive">
        <Title order={1} c="white" className={classes.successLine}>
          ¡Token Canjeado!
        </Title>
        <Text size="lg" c="white" mt="xs" className={classes.successLine}>
          El beneficio ha sido procesado exitosamente
        </Text>
        <Text size="xl" fw={700} c="white" mt="md" className={classes.successLine} data-testid="token-redeemed-what">
          {result.benefitName}
        </Text>
        <Text size="lg" c="white" className={classes.successLine}>
          para {result.userName}
        </Text>
      </div>
      <Button variant="white" color="dark" size="md" radius="xl" mt="md" onClick={onDone} className={classes.successLine}>
        Continuar
      </Button>
    </div>
  );
}
