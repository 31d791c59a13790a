import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { forgotPasswordSchema, type ForgotPasswordInput } from '../../../domain/schemas/auth';
import { requestPasswordReset } from '../../api/session';
import { AuthHeading, AuthShell } from './auth-shell';
import { useFormAction } from './use-form-action';

/** The same words whether the address exists or not: the screen reveals no account. */
const SENT = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const { error, submitting, run } = useFormAction();
  const form = useForm<ForgotPasswordInput>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      await requestPasswordReset(values.email.trim().toLowerCase());
      setSent(true);
    }),
  );

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthHeading title="¿Olvidaste tu contraseña?">
            Escribe tu correo y te enviaremos un enlace para elegir una nueva.
          </AuthHeading>
          {sent && (
            <Alert color="green" icon={<IconMailCheck size={18} />} role="status" data-testid="forgot-sent">
              {SENT}
            </Alert>
          )}
          {error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
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
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth disabled={sent}>
            Enviar enlace
          </Button>
          <Text size="sm" ta="center" c="#666">
            <Anchor component={Link} to="/login" fw={600}>
              Volver a iniciar sesión
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
