/**
 * How a user is named where the spec shows "who" (provider verification and history, spec part 2 §7):
 * the display name, else the email, else 'Usuario {id}'; a user that no longer exists is
 * 'Usuario desconocido' (spec part 2 §8).
 */
const UNKNOWN_USER_NAME = 'Usuario desconocido';

export function displayName(user: { id: string; name?: string | null; email?: string | null } | null): string {
  if (!user) return UNKNOWN_USER_NAME;
  const name = user.name?.trim();
  if (name) return name;
  const email = user.email?.trim();
  if (email) return email;
  return `Usuario ${user.id}`;
}
