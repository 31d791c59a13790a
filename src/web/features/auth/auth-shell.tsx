import type { ReactNode } from 'react';
import { Alert, Anchor, Box, Paper, SimpleGrid, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TAGLINE } from '#domain/constants';
import { Logo } from '../../components/logo';
import { PromoCarousel } from './promo-carousel';

/** The 50/50 split of the public screens: wordmark, tagline and form card; promo carousel on the right. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0} mih="100vh">
      <Box
        style={{ background: 'linear-gradient(135deg, #F5E6D3 0%, #E6D5F5 100%)' }}
        px={{ base: 'md', sm: 'xl' }}
        py={{ base: 'xl', md: 0 }}
      >
        <Stack justify="center" align="center" mih={{ base: 'auto', md: '100vh' }} gap="lg">
          <Stack align="center" gap={4}>
            <Logo size={56} />
            <Text c="#666" fw={500}>
              {TAGLINE}
            </Text>
          </Stack>
          <Paper
            w="100%"
            maw={420}
            p={{ base: 'lg', sm: 'xl' }}
            radius={24}
            shadow="md"
            style={{ background: 'rgba(255,255,255,0.78)', backdropFilter: 'blur(12px)', border: '1px solid rgba(255,255,255,0.6)', color: '#333' }}
          >
            {children}
          </Paper>
        </Stack>
      </Box>
      <PromoCarousel />
    </SimpleGrid>
  );
}

/** The title and one line under it, the same on every public form. */
export function AuthHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={1} size="h2" c="#333">
        {title}
      </Title>
      <Text size="sm" c="#666">
        {children}
      </Text>
    </div>
  );
}

/** What went well (a mail sent, a password saved), read out politely. */
export function AuthNotice({ icon = <IconCircleCheck size={18} />, testId, children }: { icon?: ReactNode; testId?: string; children: ReactNode }) {
  return (
    <Alert color="green" icon={icon} role="status" data-testid={testId}>
      {children}
    </Alert>
  );
}

/** Why the form was refused, read out at once; nothing when there is no message. */
export function AuthError({ message, testId }: { message: string | null | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}

/** The work address a person signs in with (the form passes its key and input props). */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Correo electrónico" type="email" placeholder="nombre@empresa.cl" autoComplete="email" required {...props} />;
}

/** The line under a public form that leads to the next one ('¿No tienes cuenta? Regístrate'). */
export function AuthFooter({ prompt, to, children }: { prompt?: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center" c="#666">
      {prompt && `${prompt} `}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
