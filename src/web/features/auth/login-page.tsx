import { useState } from 'react';
import { Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm, type FormErrors } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { LoginInput } from '#domain/schemas/auth';
import { homePath } from '#domain/levels';
import { ApiError } from '../../api/client';
import { meQuery, signIn, useMe } from '../../api/session';
import { RETURN_PARAM, safeReturnPath } from '../../api/session-ended';
import { PageLoader } from '../../components/page-loader';
import { AuthError, AuthFooter, AuthHeading, AuthNotice, AuthShell, EmailField } from './auth-shell';
import { VerifyEmailNotice } from './verify-email-notice';
import { useFormAction } from './use-form-action';

/**
 * The login rules (shared zod schema) stay out of /login's first paint: zod is the main chunk's
 * second-largest library. Fetched on the form's first focus; a submit before that waits for it.
 */
let loginValidation: Promise<(values: LoginInput) => FormErrors> | null = null;
let validateLogin: ((values: LoginInput) => FormErrors) | null = null;
function loadLoginValidation() {
  loginValidation ??= import('#domain/schemas/auth').then(({ loginSchema }) => (validateLogin = schemaResolver(loginSchema, { sync: true })));
  return loginValidation;
}

export function LoginPage() {
  const { data: me, isPending } = useMe();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const { error: submitError, setError, submitting, attempted, run, invalid } = useFormAction();
  // better-auth sends an expired or wrong confirmation link back here with `?error=…`.
  // It explains why the person is here, until they try to sign in: then only that attempt's result shows.
  const linkError = params.get('error') && !attempted ? 'El enlace de confirmación no es válido o ya venció. Inicia sesión para pedir uno nuevo.' : null;
  const error = submitError ?? linkError;
  const form = useForm<LoginInput>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: (values) => validateLogin?.(values) ?? loadLoginValidation().then((validate) => validate(values)),
  });

  // Where the person was when their session ended (set by onSessionEnded): signing in returns there.
  const returnPath = safeReturnPath(params.get(RETURN_PARAM));
  if (isPending) return <PageLoader />;
  const home = me ? homePath(me) : null;
  if (home && !submitting) return <Navigate to={returnPath ?? home} replace />;

  const submit = form.onSubmit((values) =>
    run(async () => {
      try {
        await signIn(values.email, values.password);
      } catch (e) {
        // Not an error to read: the screen changes to 'Confirma tu correo' with 'Reenviar correo'.
        if (e instanceof ApiError && e.code === 'EMAIL_NOT_VERIFIED') return setUnverifiedEmail(values.email.trim().toLowerCase());
        throw e;
      }
      const signedIn = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
      const target = signedIn ? homePath(signedIn) : null;
      if (!target) {
        setError('No se encontraron datos de usuario. Contacta al administrador.');
        return;
      }
      // The area's guard sends a person who may not enter the returned path to their own home.
      navigate(returnPath ?? target, { replace: true });
    }),
    invalid,
  );

  if (unverifiedEmail) {
    return (
      <AuthShell>
        <VerifyEmailNotice email={unverifiedEmail} onBack={() => setUnverifiedEmail(null)} />
      </AuthShell>
    );
  }

  const verified = params.get('verificado') === '1' && !error && !attempted;

  return (
    <AuthShell>
      <form onSubmit={submit} onFocus={() => void loadLoginValidation()} noValidate>
        <Stack gap="md">
          <AuthHeading title="Iniciar sesión">
            Ingresa con tu correo de trabajo.
          </AuthHeading>
          {verified && <AuthNotice testId="login-verified">Tu correo fue confirmado. Ya puedes iniciar sesión.</AuthNotice>}
          <AuthError message={error} testId="login-error" />
          <EmailField key={form.key('email')} {...form.getInputProps('email')} />
          <PasswordInput
            label="Contraseña"
            placeholder="Tu contraseña"
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Anchor component={Link} to="/forgot-password" size="sm" ta="right" mt={-8}>
            ¿Olvidaste tu contraseña?
          </Anchor>
          <Button type="submit" loading={submitting} color="gold" size="md" fullWidth>
            Ingresar
          </Button>
          <AuthFooter prompt="¿No tienes cuenta?" to="/register">
            Regístrate
          </AuthFooter>
        </Stack>
      </form>
    </AuthShell>
  );
}
