import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../domain/errors';
import { resetPasswordFormSchema, type ResetPasswordFormInput } from '../../../domain/schemas/auth';
import { resetPassword } from '../../api/session';
import { AuthHeading, AuthShell } from './auth-shell';
import { useFormAction } from './use-form-action';

const DONE = 'Tu contraseña fue actualizada. Ahora puedes iniciar sesión.';

/** The page the reset mail links to (`/reset-password?token=…`). */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const { error, submitting, run } = useFormAction();
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
  );
  const shownError = token ? error : errorMessage('RESET_LINK_INVALID');

  return (
    <AuthShell>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <AuthHeading title="Nueva contraseña">
            Elige una contraseña de al menos 6 caracteres.
          </AuthHeading>
          {done && (
            <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" data-testid="reset-done">
              {DONE}
            </Alert>
          )}
          {shownError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-error">
              {shownError}
            </Alert>
          )}
          <PasswordInput
            label="Nueva contraseña"
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
          <Text size="sm" ta="center" c="#666">
            <Anchor component={Link} to={done ? '/login' : '/forgot-password'} fw={600}>
              {done ? 'Iniciar sesión' : 'Pedir un enlace nuevo'}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthShell>
  );
}
