import { ActionIcon, Box, Button, Container, Group, Menu, Text, Title } from '@mantine/core';
import { IconDotsVertical, IconLogout, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useMe } from '../../api/session';
import { useLogOut } from '../../components/use-log-out';
import { Logo } from '../../components/logo';
import { useThemeToggle } from '../../components/use-theme-toggle';
import classes from './provider-portal.module.css';

/**
 * Full-width violet header: logo, 'Portal del Proveedor', the provider's name, a menu with the profile
 * and the theme (the shared layout's avatar menu, which this full-width portal does not use), and
 * 'Cerrar Sesión'.
 */
export function ProviderHeader() {
  const { data: me } = useMe();
  const theme = useThemeToggle();
  const navigate = useNavigate();
  const { logOut, isPending: signingOut } = useLogOut();

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" py={{ base: 'md', sm: 'lg' }} px={{ base: 'md', sm: 'xl' }} className={classes.headerGrid}>
        <div className={classes.headerLogo}>
          <Logo size={24} />
        </div>
        <div className={classes.headerTitle}>
          <Title order={1} fz={{ base: 22, sm: 24 }} c="white" lh={1.2}>
            Portal del Proveedor
          </Title>
          <Text size="sm" c="rgba(255,255,255,0.9)" truncate data-testid="provider-name">
            {me?.name?.trim() || 'Proveedor'}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap" className={classes.headerAction}>
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              <ActionIcon className={classes.signOut} variant="default" radius="xl" size={42} aria-label="Menú de usuario" data-testid="user-menu">
                <IconDotsVertical size={20} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/profile')}>
                Mi perfil
              </Menu.Item>
              <Menu.Item leftSection={theme.scheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />} onClick={theme.toggle} data-testid="theme-toggle">
                {theme.label}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Button className={classes.signOut} radius="xl" size="md" px={{ base: 'md', sm: 'lg' }} leftSection={<IconLogout size={18} />} onClick={logOut} loading={signingOut}>
            Cerrar Sesión
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
