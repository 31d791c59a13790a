import { describe, expect, it } from 'vitest';
import { AppError, ERRORS, errorMessage, type ErrorCode } from './errors';
import { changePasswordSchema, loginSchema, registerFormSchema } from './schemas/auth';

describe('the error catalogue speaks the spec', () => {
  it('fills the parameters of insufficient-token messages', () => {
    expect(errorMessage('INSUFFICIENT_JOBBY_TOKENS', { needed: 5, held: 2 })).toBe(
      'No tienes suficientes tokens Jobby. Necesitas 5 tokens, pero solo tienes 2.',
    );
    expect(errorMessage('INSUFFICIENT_COMPANY_TOKENS', { needed: 3, held: 0 })).toBe(
      'No tienes suficientes tokens de empresa. Necesitas 3 tokens, pero solo tienes 0.',
    );
    expect(errorMessage('REMOVE_EXCEEDS_BALANCE', { amount: 7, held: 4 })).toBe(
      'No se pueden quitar 7 tokens. El usuario solo tiene 4 tokens.',
    );
    expect(errorMessage('LOGIN_OTHER', { message: 'falló', code: 'X' })).toBe('Error al iniciar sesión: falló (X)');
  });

  it("carries its catalogue row's status and message, parameters filled, on every AppError", () => {
    const params = { amount: 2, code: 'X', domain: 'andes.cl', held: 1, host: 'jobby.sup', line: 4, max: 20, maxUsers: 50, message: 'falló', needed: 3, reason: 'privada', threshold: 500 };
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      const error = new AppError(code, params);
      expect(error).toBeInstanceOf(Error);
      expect({ code: error.code, status: error.status, message: error.message }).toEqual({ code, status: ERRORS[code].status, message: errorMessage(code, params) });
      // A status an HTTP client reads as a refusal or a failure, and a message with no parameter left unfilled.
      expect(error.status, code).toBeGreaterThanOrEqual(400);
      expect(error.status, code).toBeLessThan(600);
      expect(error.message, code).not.toMatch(/undefined|NaN|\$\{/);
    }
  });
});

describe('register form validation (spec part 1 §5)', () => {
  const base = { name: 'Ana', email: 'ana@andes.cl', password: 'clave123', confirmPassword: 'clave123' };
  const messages = (input: object) => {
    const result = registerFormSchema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a valid form', () => expect(messages(base)).toEqual([]));
  it('says the passwords do not match', () =>
    expect(messages({ ...base, confirmPassword: 'otra' })).toEqual(['Las contraseñas no coinciden']));
  it('says the password is too short', () =>
    expect(messages({ ...base, password: '123', confirmPassword: '123' })).toEqual(['La contraseña debe tener al menos 6 caracteres']));
  it('says the email is invalid', () =>
    expect(messages({ ...base, email: 'no-es-correo' })).toEqual(['El formato del correo electrónico no es válido']));
  it('says an empty email is missing, in the same words as the login', () => {
    const login = loginSchema.safeParse({ email: '  ', password: 'x' });
    expect(messages({ ...base, email: '  ' })).toEqual(['El correo es obligatorio']);
    expect(login.success ? [] : login.error.issues.map((i) => i.message)).toEqual(['El correo es obligatorio']);
  });
  it('applies the same rules to a password change', () => {
    const r = changePasswordSchema.safeParse({ currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['La contraseña debe tener al menos 6 caracteres']);
  });
});
