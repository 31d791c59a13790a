import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { ApiKeysSection } from './api-keys-section';

/** `/level1/integrations` (the platform's) and `/level2/integrations` (HR's company): issue 22. */
export function IntegrationsPage({ audience }: { audience: 'platform' | 'company' }) {
  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader
        title="Integraciones"
        description={
          audience === 'company'
            ? 'Conecta los sistemas de tu empresa (nómina, RR.HH.) con Jobby.'
            : 'Conecta los sistemas de la plataforma con Jobby.'
        }
      />
      <ApiKeysSection audience={audience} />
    </Stack>
  );
}

export default IntegrationsPage;
