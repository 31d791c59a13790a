/** better-auth's own words never reach a caller: known codes map to the spec, the rest to fixed Spanish. */
import { describe, expect, it } from 'vitest';
import { translateAuthError } from '#server/auth/routes';

const raw = (code: string, message: string) => JSON.stringify({ code, message });

describe('translateAuthError', () => {
  it('answers an unknown sign-in error with the spec text and a fixed Spanish reason, not better-auth\'s', () => {
    const body = translateAuthError('/api/auth/sign-in/email', 400, raw('SOMETHING_NEW', 'Something went wrong'));
    expect(body.error).toEqual({ code: 'LOGIN_OTHER', message: 'Error al iniciar sesión: no se pudo completar la solicitud (400)' });
  });

  it('answers an unknown sign-up error with REGISTER_OTHER and no English', () => {
    const body = translateAuthError('/api/auth/sign-up/email', 422, raw('FAILED_TO_CREATE_USER', 'Failed to create user'));
    expect(body.error).toEqual({ code: 'REGISTER_OTHER', message: 'Error al registrarse: no se pudo completar la solicitud' });
  });

  it('never passes better-auth\'s code through as ours on other routes', () => {
    const body = translateAuthError('/api/auth/send-verification-email', 400, raw('VERIFICATION_EMAIL_NOT_ENABLED', 'Verification email isn\'t enabled'));
    expect(body.error).toEqual({ code: 'VALIDATION', message: 'Los datos enviados no son válidos' });
  });

  it('maps the known codes to the spec texts', () => {
    expect(translateAuthError('/api/auth/sign-in/email', 401, raw('INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password')).error.message).toBe(
      'Credenciales incorrectas. Verifica tu correo y contraseña.',
    );
    expect(translateAuthError('/api/auth/sign-in/email', 403, raw('EMAIL_NOT_VERIFIED', 'Email not verified')).error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(translateAuthError('/api/auth/reset-password', 400, raw('INVALID_TOKEN', 'Invalid token')).error.code).toBe('RESET_LINK_INVALID');
    expect(translateAuthError('/api/auth/sign-in/email', 429, 'Too many requests').error.message).toBe('Demasiados intentos fallidos. Intenta más tarde.');
  });
});
