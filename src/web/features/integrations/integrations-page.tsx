import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { ApiKeysSection } from './api-keys-section';
import { WebhooksSection } from './webhooks-section';

const DESCRIPTIONS: Record<'platform' | 'company', string> = {
  company: 'Conecta los sistemas de tu empresa (nómina, RR.HH.) con Jobby.',
  platform: 'Conecta sistemas externos con toda la plataforma.',
};

/** /level1/integrations and /level2/integrations: the integration sections, one under the other. */
export function IntegrationsPage({ audience }: { audience: 'platform' | 'company' }) {
  return (
    <Stack gap="lg">
      <PageHeader title="Integraciones" description={DESCRIPTIONS[audience]} />
      <ApiKeysSection audience={audience} />
      <WebhooksSection audience={audience} />
    </Stack>
  );
}
