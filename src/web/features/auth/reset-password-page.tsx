import { useState } from 'react';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSearchParams } from 'react-router';
import { errorMessage } from '#domain/errors';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '#domain/schemas/auth';
import { resetPassword } from '../../api/session';
import { AuthError, AuthFooter, AuthHeading, AuthNotice, AuthShell } from './auth-shell';
import { useFormAction } from './use-form-action';

const DONE = 'Tu contraseña fue actualizada. Ahora puedes iniciar sesión.';
const INVITATION_DONE = 'Tu contraseña quedó guardada. Ya puedes iniciar sesión en Jobby.';

/**
 * The page the reset mail links to (`/reset-password?token=…`), and an invitation's (decision 212,
 * `&invitacion=1`): the same better-auth token and form, worded as choosing a first password.
 */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const isInvitation = params.get('invitacion') === '1';
  const [done, setDone] = useState(false);
  const { error, submitting, run, invalid } = useFormAction();
  const form = useForm<ResetPasswordFormInput>({
    mode: 'uncontrolled',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: schemaResolver(resetPasswordFormSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) =>
    run(async () => {
      if (!token) return;
      await resetPassword(token, values.newPassword);
      setDone(true);
    }),
    invalid,
  );
  const shownError = token ? error : errorMessage('RESET_LINK_INVALID');

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthHeading title={isInvitation ? 'Bienvenido a Jobby: elige tu contraseña' : 'Nueva contraseña'}>
            {isInvitation ? 'Te invitaron a Jobby. Elige una contraseña de al menos 6 caracteres para entrar.' : 'Elige una contraseña de al menos 6 caracteres.'}
          </AuthHeading>
          {done && <AuthNotice testId="reset-done">{isInvitation ? INVITATION_DONE : DONE}</AuthNotice>}
          <AuthError message={shownError} testId="reset-error" />
          <PasswordInput
            label={isInvitation ? 'Contraseña' : 'Nueva contraseña'}
            autoComplete="new-password"
            required
            disabled={!token || done}
            key={form.key('newPassword')}
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Confirmar contraseña"
            autoComplete="new-password"
            required
            disabled={!token || done}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth disabled={!token || done}>
            Guardar contraseña
          </Button>
          {/* An invitation whose link expired is sent again by the person's HR; 'forgot password' also works. */}
          <AuthFooter to={done ? '/login' : '/forgot-password'}>{done ? 'Iniciar sesión' : 'Pedir un enlace nuevo'}</AuthFooter>
        </Stack>
      </form>
    </AuthShell>
  );
}
