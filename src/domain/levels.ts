/**
 * Levels and the email rules that set them (spec part 1 §6).
 * Pure functions: the server applies them at first sign-in, the web uses the same paths.
 */

export const LEVELS = [1, 2, 3, 4] as const;
export type Level = (typeof LEVELS)[number];

export const LEVEL_NAMES: Record<Level, string> = {
  1: 'Administrador de plataforma',
  2: 'Recursos Humanos',
  3: 'Colaborador',
  4: 'Proveedor',
};

export type EmailDomains = { staffDomain: string; providerDomain: string };

export function isLevel(value: unknown): value is Level {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

export function isStaffEmail(email: string, domains: EmailDomains): boolean {
  return domainOf(email) === domains.staffDomain.toLowerCase();
}

export function isProviderEmail(email: string, domains: EmailDomains): boolean {
  return domainOf(email) === domains.providerDomain.toLowerCase();
}

/**
 * The company name an address points to: the text after `@` up to the first dot
 * (`camila@andes.cl` → `andes`). Level 2 and 3 use the same part of the address, since
 * `admin@andes.cl` has `andes` after both `admin@` and `@`.
 */
export function companyNameFromEmail(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const name = email.slice(at + 1).split('.')[0]?.trim().toLowerCase();
  return name ? name : null;
}

export type LevelDerivation =
  | { level: 1 | 4; company: null }
  | { level: 2; company: { name: string; createIfMissing: true } }
  | { level: 3; company: { name: string; createIfMissing: false } | null };

/**
 * Rule order matters: the staff domain wins over `admin@` (so `admin@jobby.cl` is level 1),
 * then `admin@` (HR), then the provider domain, then everyone else is an employee.
 */
export function deriveLevel(rawEmail: string, domains: EmailDomains): LevelDerivation {
  const email = rawEmail.trim().toLowerCase();
  if (isStaffEmail(email, domains)) return { level: 1, company: null };
  const companyName = companyNameFromEmail(email);
  if (email.startsWith('admin@') && companyName) {
    return { level: 2, company: { name: companyName, createIfMissing: true } };
  }
  if (domainOf(email) === domains.providerDomain.toLowerCase()) return { level: 4, company: null };
  return { level: 3, company: companyName ? { name: companyName, createIfMissing: false } : null };
}

export function dashboardPath(level: Level, surveyCompleted = true): string {
  switch (level) {
    case 1:
      return '/level1/dashboard';
    case 2:
      return '/level2/dashboard';
    case 3:
      return surveyCompleted ? '/level3/dashboard' : '/level3/survey';
    case 4:
      return '/level4';
  }
}

export type AreaAccessInput = { level: Level | null; isStaff: boolean };

/**
 * Exact comparison: a level enters only its own area (a level 1 admin does not browse the
 * employee area as if it were one). The one exception is the spec's: a staff-domain user is let
 * into level 1 areas whatever its level. See docs/decisions.md.
 */
export function canEnterArea(user: AreaAccessInput, area: Level): boolean {
  if (user.level === area) return true;
  return area === 1 && user.isStaff;
}

/** Where a signed-in user lands; null when its level is unknown (→ /login, part 1 §6). */
export function homePath(user: { level: number | null; isStaff: boolean; surveyCompleted: boolean }): string | null {
  if (isLevel(user.level)) return dashboardPath(user.level, user.surveyCompleted);
  return user.isStaff ? dashboardPath(1) : null;
}
