import { Suspense, useState } from 'react';
import { Badge, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle, IconSettings, IconUsers } from '@tabler/icons-react';
import { messageOf } from '#web/api/client';
import { useBotAlerts, useBotSettings } from '#web/api/bot';
import { Banner, useBanner } from '#web/components/banner';
import { ErrorState } from '#web/components/error-state';
import { PageHeader } from '#web/components/page-header';
import { PageLoader } from '#web/components/page-loader';
import { BotConfigTab } from './bot-config-tab';
import { BotProfilesTab } from './bot-profiles-tab';
import { lazyNamed } from '#web/components/lazy-named';

type Tab = 'config' | 'profiles' | 'analytics';

// The trend chart's library is large: it loads when the tab is opened, not with the HR area.
const BotAlertsTab = lazyNamed(() => import('./bot-alerts-tab'), 'BotAlertsTab');

/** /level2/bot-messaging (spec part 2 §2 "Bot messaging"): three tabs, config, profiles and analytics. */
export function BotMessagingPage() {
  const [tab, setTab] = useState<Tab>('config');
  const settings = useBotSettings();
  const openAlerts = useBotAlerts({ page: 1, pageSize: 1 });
  const banner = useBanner();
  const open = openAlerts.data?.openCount ?? 0;

  return (
    <Stack gap="lg" maw={1300}>
      <PageHeader title="Bot de bienestar" description="Configura el bot de WhatsApp de tu empresa y sigue el bienestar de tus colaboradores." />
      <Banner banner={banner.banner} onClose={banner.clear} />
      <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'config')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="config" leftSection={<IconSettings size={16} />}>
            Configuración
          </Tabs.Tab>
          <Tabs.Tab value="profiles" leftSection={<IconUsers size={16} />}>
            Perfiles de Empleados
          </Tabs.Tab>
          <Tabs.Tab
            value="analytics"
            leftSection={<IconAlertTriangle size={16} />}
            rightSection={open > 0 ? <Badge size="sm" color="red" circle aria-label={`${open} alertas abiertas`}>{open}</Badge> : null}
          >
            Análisis y Alertas
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="config" pt="lg">
          {settings.isPending ? <PageLoader /> : settings.isError ? <ErrorState message={messageOf(settings.error)} onRetry={() => void settings.refetch()} /> : <BotConfigTab settings={settings.data} banner={banner} />}
        </Tabs.Panel>
        <Tabs.Panel value="profiles" pt="lg">
          <BotProfilesTab banner={banner} />
        </Tabs.Panel>
        <Tabs.Panel value="analytics" pt="lg">
          <Suspense fallback={<PageLoader />}>
            <BotAlertsTab banner={banner} />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
