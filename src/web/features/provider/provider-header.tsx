import { Box, Button, Container, Text, Title, useMantineColorScheme } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useMe, useSignOut } from '../../api/session';
import { Logo } from '../../components/logo';
import classes from './provider-portal.module.css';

/** Full-width violet header: logo, 'Portal del Proveedor', the provider's name and 'Cerrar Sesión'. */
export function ProviderHeader() {
  const { data: me } = useMe();
  const signOut = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const navigate = useNavigate();

  const logOut = () => {
    signOut.mutate(undefined, {
      onSettled: () => {
        // Signing out resets the theme to light (part 1 §4), as the shared header does.
        setColorScheme('light');
        navigate('/login', { replace: true });
      },
    });
  };

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
        <Button
          className={`${classes.signOut} ${classes.headerAction}`}
          radius="xl"
          size="md"
          px={{ base: 'md', sm: 'lg' }}
          leftSection={<IconLogout size={18} />}
          onClick={logOut}
          loading={signOut.isPending}
        >
          Cerrar Sesión
        </Button>
      </Container>
    </Box>
  );
}
