import { ActionIcon, Avatar, Badge, Box, Group, Menu, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconLogout, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { href, paths } from '#domain/paths';
import { useBalances, useMe } from '../../api/session';
import { useLogOut } from '../../components/use-log-out';
import { useThemeToggle } from '../../components/use-theme-toggle';
import { BRAND } from '../../components/brand';
import { NotificationBell } from './notification-bell';

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** A balance card; it opens that balance's movements (decision 203). */
function TokenCard({ label, value, gradient, to }: { label: string; value: number | undefined; gradient: string; to: string }) {
  return (
    <Paper
      component={Link}
      to={to}
      px={{ base: 8, sm: 12 }}
      py={4}
      radius="md"
      style={{ background: gradient, color: '#fff', minWidth: 64, textDecoration: 'none' }}
      aria-label={`Tokens ${label}: ${value ?? '—'}. Ver movimientos`}
      data-testid={`wallet-link-${label.toLowerCase()}`}
    >
      <Stack gap={0} align="center">
        <Text size="xs" fw={500} lh={1.2} c="white">
          {label}
        </Text>
        <Text fw={800} lh={1.2} c="white" data-testid={`balance-${label.toLowerCase()}`}>
          {value ?? '—'}
        </Text>
      </Stack>
    </Paper>
  );
}

/** Token cards (level 3), bell, theme toggle and the avatar menu. */
export function HeaderActions({ showBalances }: { showBalances: boolean }) {
  const { data: me } = useMe();
  const balances = useBalances(showBalances);
  const theme = useThemeToggle();
  const scheme = theme.scheme;
  const toggleTheme = theme.toggle;
  // On a phone the employee's header also carries the two token cards: the theme switch moves into the
  // avatar menu there (as in the provider portal), so the bell stays in the header (decision 105).
  const compact = showBalances ? 'xs' : undefined;
  const navigate = useNavigate();
  const { logOut } = useLogOut();

  return (
    <Group gap={6} wrap="nowrap">
      {showBalances && (
        <Group gap={6} wrap="nowrap">
          <TokenCard label="Flexibles" value={balances.data?.jobby} gradient={BRAND.flexibleGradient} to={href(paths.employee.wallet, { search: { saldo: 'flexibles' } })} />
          <TokenCard label="Empresa" value={balances.data?.company} gradient={BRAND.companyGradient} to={href(paths.employee.wallet, { search: { saldo: 'empresa' } })} />
        </Group>
      )}
      <NotificationBell />
      <Box visibleFrom={compact}>
        <Tooltip label={theme.label}>
          <ActionIcon variant="subtle" size="lg" onClick={toggleTheme} aria-label={theme.label} data-testid="theme-toggle">
            {scheme === 'dark' ? <IconSun size={20} /> : <IconMoon size={20} />}
          </ActionIcon>
        </Tooltip>
      </Box>
      <Menu position="bottom-end" width={240} shadow="md">
        <Menu.Target>
          <UnstyledButton aria-label="Menú de usuario" data-testid="user-menu">
            <Avatar color="brand" radius="xl" size={36}>
              {initialsOf(me?.name ?? '')}
            </Avatar>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text fw={600} c="var(--mantine-color-text)" truncate>
              {me?.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {me?.email}
            </Text>
            {me?.companyName && (
              <Badge mt={4} size="xs" variant="light">
                {me.companyName}
              </Badge>
            )}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(href(paths.profile))}>
            Mi perfil
          </Menu.Item>
          {compact && (
            <Menu.Item hiddenFrom={compact} leftSection={scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />} onClick={toggleTheme} data-testid="theme-toggle-menu">
              {theme.label}
            </Menu.Item>
          )}
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={logOut}>
            Cerrar sesión
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
