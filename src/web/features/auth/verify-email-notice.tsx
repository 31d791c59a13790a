import { useState } from 'react';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { resendVerification } from '../../api/session';
import { AuthError, AuthHeading, AuthNotice } from './auth-shell';
import { useFormAction } from './use-form-action';

/** What an unverified user sees instead of the sign-in form (EMAIL_VERIFICATION=required). */
export function VerifyEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const [resent, setResent] = useState(false);
  const { error, submitting: sending, run } = useFormAction();

  const resend = () =>
    run(async () => {
      await resendVerification(email);
      setResent(true);
    });

  return (
    <Stack gap="md" data-testid="verify-email-notice">
      <AuthHeading title="Confirma tu correo">
        Antes de iniciar sesión, abre el enlace que enviamos a <strong>{email}</strong>. Si no lo encuentras, revisa la
        carpeta de spam o pide uno nuevo.
      </AuthHeading>
      {resent && <AuthNotice icon={<IconMailCheck size={18} />}>Te enviamos un nuevo correo de confirmación.</AuthNotice>}
      <AuthError message={error} />
      <Button color="gold" size="md" fullWidth loading={sending} onClick={() => void resend()}>
        Reenviar correo
      </Button>
      <Text size="sm" ta="center" c="#666">
        <Anchor component="button" type="button" fw={600} onClick={onBack}>
          Volver a iniciar sesión
        </Anchor>
      </Text>
    </Stack>
  );
}
