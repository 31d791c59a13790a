import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from 'react-router';
import { loginSchema, type LoginInput } from '../../../domain/schemas/auth';
import { homePath } from '../../../domain/levels';
import { messageOf } from '../../api/client';
import { meQuery, signIn, useMe } from '../../api/session';
import { PageLoader } from '../../components/page-loader';
import { AuthShell } from './auth-shell';

export function LoginPage() {
  const { data: me, isPending } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginSchema, { sync: true }),
  });

  if (isPending) return <PageLoader />;
  const home = me ? homePath(me) : null;
  if (home && !submitting) return <Navigate to={home} replace />;

  const submit = form.onSubmit(async (values) => {
    setError(null);
    setSubmitting(true);
    try {
      await signIn(values.email, values.password);
      const signedIn = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      const target = signedIn ? homePath(signedIn) : null;
      if (!target) {
        setError('No se encontraron datos de usuario. Contacta al administrador.');
        return;
      }
      navigate(target, { replace: true });
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} c="#333">
              Iniciar sesión
            </Title>
            <Text size="sm" c="#666">
              Ingresa con tu correo de trabajo.
            </Text>
          </div>
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
              {error}
            </Alert>
          )}
          <TextInput
            label="Correo electrónico"
            type="email"
            placeholder="nombre@empresa.cl"
            autoComplete="email"
            required
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Contraseña"
            placeholder="Tu contraseña"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth>
            Ingresar
          </Button>
          <Text size="sm" ta="center" c="#666">
            ¿No tienes cuenta?{' '}
            <Anchor component={Link} to="/register" fw={600}>
              Regístrate
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
