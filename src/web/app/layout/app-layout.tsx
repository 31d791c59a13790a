import { Suspense } from 'react';
import { AppShell, Burger, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet, useLocation } from 'react-router';
import {
  IconAlertTriangle,
  IconBuildingStore,
  IconBuilding,
  IconClipboardList,
  IconCoins,
  IconGift,
  IconInbox,
  IconLayoutDashboard,
  IconPlug,
  IconRobot,
  IconScan,
  IconShieldCheck,
  IconTrophy,
  IconUsers,
} from '@tabler/icons-react';
import type { Level } from '#domain/levels';
import { TAGLINE } from '#domain/constants';
import { useMe } from '../../api/session';
import { useLiveUpdates } from '../../api/live';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { useIdleAfterFirstPaint } from '../../lib/when-idle';
import { NAVIGATION, type NavItem } from '../navigation';
import { HeaderActions } from './header-actions';
import { BRAND } from '../../components/brand';

const ICONS = {
  dashboard: IconLayoutDashboard,
  building: IconBuilding,
  gift: IconGift,
  inbox: IconInbox,
  store: IconBuildingStore,
  coins: IconCoins,
  users: IconUsers,
  shield: IconShieldCheck,
  trophy: IconTrophy,
  clipboard: IconClipboardList,
  robot: IconRobot,
  scan: IconScan,
  plug: IconPlug,
  alert: IconAlertTriangle,
} as const;


/**
 * Screens change when someone else acts: one live stream per signed-in tab, opened once the
 * screen has been painted and the page is quiet, so its request does not go before the screen's own
 * text (decision 332). Its own component: that state change re-renders it alone, not the layout.
 */
function LiveUpdates({ signedIn }: { signedIn: boolean }) {
  useLiveUpdates(useIdleAfterFirstPaint() && signedIn);
  return null;
}

/** Header, side menu per level, footer (part 1 "Shared layout"). */
export function AppLayout({ area }: { area: Level }) {
  const [opened, { toggle, close }] = useDisclosure();
  const { data: me } = useMe();
  const location = useLocation();
  // One menu per level: the spec's alternative level 1 menu for a staff address without a level is
  // not built, since an address grants nothing (decisions 27 and 'Alternative menu').
  const items: NavItem[] = NAVIGATION[area];
  const isEmployee = area === 3;

  return (
    <AppShell
      header={{ height: { base: isEmployee ? 64 : 60, sm: 64 } }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <LiveUpdates signedIn={Boolean(me)} />
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Abrir menú" />
            <Link to={items[0]?.to ?? '/'} aria-label="Ir al inicio" style={{ textDecoration: 'none' }}>
              <Logo size={26} adaptive />
            </Link>
          </Group>
          <HeaderActions showBalances={isEmployee && me?.level === 3} />
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Menú principal">
        <ScrollArea>
          {items.map((item) => {
            const Icon = ICONS[item.icon as keyof typeof ICONS] ?? IconLayoutDashboard;
            return (
              <NavLink
                key={item.label}
                component={Link}
                to={item.to}
                label={item.label}
                leftSection={<Icon size={18} stroke={1.6} />}
                active={location.pathname === item.to || location.pathname.startsWith(item.to + '/')}
                onClick={close}
                variant="light"
                style={{ borderRadius: 8 }}
              />
            );
          })}
        </ScrollArea>
      </AppShell.Navbar>

      <AppShell.Main
        style={
          isEmployee
            ? { background: `var(--jobby-employee-bg, ${BRAND.employeeBackground})` }
            : { background: 'var(--mantine-color-body)' }
        }
      >
        {/* The footer ends the page instead of staying fixed: on a phone every pixel is for content. */}
        <Stack mih="calc(100dvh - var(--app-shell-header-offset, 0px) - 2 * var(--app-shell-padding, 0px))" justify="space-between" gap="xl">
          <div>
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
          <Text component="footer" size="xs" c="dimmed" ta="center" pb={4}>
            © {new Date().getFullYear()} Jobby · {TAGLINE}
          </Text>
        </Stack>
      </AppShell.Main>
    </AppShell>
  );
}
