import { useEffect, useState } from 'react';
import { Alert, Button, List, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { REGISTER_REDIRECT_MS } from '#domain/constants';
import { homePath } from '#domain/levels';
import { registerFormSchema, type RegisterFormInput } from '#domain/schemas/auth';
import { publicConfigQuery, signUp, useMe } from '../../api/session';
import { AuthError, AuthFooter, AuthNotice, AuthShell } from './auth-shell';
import { useFormAction } from './use-form-action';

const SUCCESS = 'Usuario registrado correctamente. Ahora puedes iniciar sesión.';
/** When the address must be confirmed first (decision 27): the spec's words would send the user to a refusal. */
const SUCCESS_VERIFY = 'Usuario registrado correctamente. Te enviamos un correo para confirmar tu dirección: ábrelo y luego inicia sesión.';
const EMPTY: RegisterFormInput = { name: '', email: '', password: '', confirmPassword: '' };

export function RegisterPage() {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { data: publicConfig } = useQuery(publicConfigQuery);
  const mustVerify = publicConfig?.emailVerification === 'required';
  const [success, setSuccess] = useState(false);
  const { error, submitting, run, invalid } = useFormAction();
  const form = useForm<RegisterFormInput>({
    mode: 'uncontrolled',
    initialValues: EMPTY,
    validate: schemaResolver(registerFormSchema, { sync: true }),
  });

  useEffect(() => {
    // With a confirmation mail to open, the message stays: the user has to read it.
    if (!success || mustVerify) return;
    const timer = setTimeout(() => navigate('/login'), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [success, mustVerify, navigate]);

  // A signed-in person has nothing to register: their dashboard (decision 176), as /login does.
  const home = me && !success && !submitting ? homePath(me) : null;
  if (home) return <Navigate to={home} replace />;

  const submit = form.onSubmit((values) =>
    run(async () => {
      await signUp(values.name.trim(), values.email.trim().toLowerCase(), values.password);
      form.setValues(EMPTY);
      form.resetDirty();
      setSuccess(true);
    }),
    invalid,
  );

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={1} size="h2" c="#333">
            Crear cuenta
          </Title>
          {success && <AuthNotice testId="register-success">{mustVerify ? SUCCESS_VERIFY : SUCCESS}</AuthNotice>}
          <AuthError message={error} testId="register-error" />
          <TextInput label="Nombre completo" autoComplete="name" required key={form.key('name')} {...form.getInputProps('name')} />
          <TextInput label="Correo electrónico" type="email" autoComplete="email" required key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput label="Contraseña" autoComplete="new-password" required key={form.key('password')} {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirmar contraseña"
            autoComplete="new-password"
            required
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Alert variant="light" color="brand" p="xs">
            <Text size="xs" fw={600} mb={4}>
              Tu correo define tu empresa:
            </Text>
            <List size="xs" spacing={2}>
              <List.Item>con el correo de trabajo de una empresa que ya usa Jobby, te unes a ella como colaborador</List.Item>
              <List.Item>las cuentas de Recursos Humanos, proveedores y administración las crea el equipo de Jobby</List.Item>
            </List>
          </Alert>
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth disabled={success}>
            Registrarme
          </Button>
          <AuthFooter prompt="¿Ya tienes cuenta?" to="/login">
            Inicia sesión
          </AuthFooter>
        </Stack>
      </form>
    </AuthShell>
  );
}
