import { z } from './zod';
import { nameField } from './names';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { errorMessage } from '../errors';

/** A person's name, wherever it is typed (sign-up, /profile, HR's 'Agregar Usuario'). */
export const displayName = nameField({ required: errorMessage('NAME_REQUIRED'), max: 120, maxMessage: 'El nombre puede tener hasta 120 caracteres' });

/**
 * The address a person types on a public form: empty says so in the same words on every form;
 * a malformed one gets that form's text of the spec (spec part 1 §8: login's ends with a
 * full stop, registration's does not).
 */
const EMAIL_REQUIRED = 'El correo es obligatorio';
const typedEmail = (invalid: string) => z.string().trim().toLowerCase().min(1, { message: EMAIL_REQUIRED, abort: true }).email(invalid);

export const loginSchema = z.object({
  email: typedEmail(errorMessage('LOGIN_INVALID_EMAIL')),
  password: z.string().min(1, 'La contraseña es obligatoria'),
});
export type LoginInput = z.infer<typeof loginSchema>;

const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH, errorMessage('PASSWORD_TOO_SHORT'));

/**
 * The rule of every new-password form (spec part 1 §5): the mismatch message is checked before the
 * length one, and each lands on its own field.
 */
export function newPasswordPair<K extends string, C extends string>(passwordKey: K, confirmKey: C) {
  return (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: errorMessage('PASSWORDS_DO_NOT_MATCH') });
    } else if (value[passwordKey].length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: [passwordKey], message: errorMessage('PASSWORD_TOO_SHORT') });
    }
  };
}

export const registerFormSchema = z
  .object({
    name: displayName,
    email: typedEmail(errorMessage('REGISTER_INVALID_EMAIL')),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(newPasswordPair('password', 'confirmPassword'));
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const forgotPasswordSchema = z.object({
  email: typedEmail(errorMessage('LOGIN_INVALID_EMAIL')),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordFormSchema = z
  .object({ newPassword: z.string(), confirmPassword: z.string() })
  .superRefine(newPasswordPair('newPassword', 'confirmPassword'));
export type ResetPasswordFormInput = z.infer<typeof resetPasswordFormSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'La contraseña actual es obligatoria'),
    newPassword: z.string(),
    confirmPassword: z.string(),
  })
  .superRefine(newPasswordPair('newPassword', 'confirmPassword'));
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * What the server accepts at /api/auth/sign-up/email (the same name rule as PATCH /api/me): only
 * these fields reach better-auth, so no 100 kB name or image URL can be stored.
 */
export const signUpBodySchema = z.object({
  name: displayName,
  email: z.string().trim().toLowerCase().max(254).email(errorMessage('REGISTER_INVALID_EMAIL')),
  password: passwordSchema.max(128),
});

/** What /api/auth/sign-in/email accepts; checked before the attempt is counted. */
export const signInBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email(errorMessage('LOGIN_INVALID_EMAIL')),
  password: z.string().min(1).max(1024),
});

export const themeSchema = z.object({ theme: z.enum(['light', 'dark']) });
