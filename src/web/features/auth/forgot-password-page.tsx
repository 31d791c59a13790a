import { useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailCheck } from '@tabler/icons-react';
import { forgotPasswordSchema, type ForgotPasswordInput } from '#domain/schemas/auth';
import { requestPasswordReset } from '../../api/session';
import { AuthError, AuthFooter, AuthHeading, AuthNotice, AuthShell, EmailField } from './auth-shell';
import { useFormAction } from './use-form-action';

/** The same words whether the address exists or not: the screen reveals no account. */
const SENT = 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada.';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const { error, submitting, run, invalid } = useFormAction();
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
    invalid,
  );

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthHeading title="¿Olvidaste tu contraseña?">
            Escribe tu correo y te enviaremos un enlace para elegir una nueva.
          </AuthHeading>
          {sent && (
            <AuthNotice icon={<IconMailCheck size={18} />} testId="forgot-sent">
              {SENT}
            </AuthNotice>
          )}
          <AuthError message={error} />
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth disabled={sent}>
            Enviar enlace
          </Button>
          <AuthFooter to="/login">Volver a iniciar sesión</AuthFooter>
        </Stack>
      </form>
    </AuthShell>
  );
}
