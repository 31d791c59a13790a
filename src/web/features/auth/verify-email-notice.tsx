import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { messageOf } from '../../api/client';
import { resendVerification } from '../../api/session';

/** What an unverified user sees instead of the sign-in form (EMAIL_VERIFICATION=required). */
export function VerifyEmailNotice({ email, onBack }: { email: string; onBack: () => void }) {
  const [resent, setResent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setError(null);
    setSending(true);
    try {
      await resendVerification(email);
      setResent(true);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="md" data-testid="verify-email-notice">
      <div>
        <Title order={2} c="#333">
          Confirma tu correo
        </Title>
        <Text size="sm" c="#666">
          Antes de iniciar sesión, abre el enlace que enviamos a <strong>{email}</strong>. Si no lo encuentras, revisa la
          carpeta de spam o pide uno nuevo.
        </Text>
      </div>
      {resent && (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status">
          Te enviamos un nuevo correo de confirmación.
        </Alert>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      )}
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
