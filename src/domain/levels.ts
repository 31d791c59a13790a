import { paths } from './paths';

/**
 * Levels, where each one lands, and what self-registration may give.
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

export function isLevel(value: unknown): value is Level {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

/** The full domain of an address, lower-cased (`Camila@Andes.CL` → `andes.cl`); null without one. */
export function emailDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain = at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
  return domain ? domain : null;
}

export function isStaffEmail(email: string, staffDomain: string): boolean {
  return emailDomainOf(email) === staffDomain.toLowerCase();
}

/**
 * What self-registration gives (decision 27, replacing spec part 1 §6's derivation, which trusted the
 * address a person typed): always level 3, and a company only when the address's FULL domain is a
 * company's `email_domain` and the address can be trusted (verified, when verification is required).
 * Levels 1, 2 and 4 come only from a level 1 operator or the seed; sign-in never creates a company.
 */
export function selfRegisteredLevel(input: { domainMatchesCompany: boolean; addressTrusted: boolean }): {
  level: 3;
  joinsCompany: boolean;
} {
  return { level: 3, joinsCompany: input.domainMatchesCompany && input.addressTrusted };
}

export function dashboardPath(level: Level, surveyCompleted = true): string {
  switch (level) {
    case 1:
      return paths.admin.dashboard.path;
    case 2:
      return paths.hr.dashboard.path;
    case 3:
      return surveyCompleted ? paths.employee.dashboard.path : paths.employee.survey.path;
    case 4:
      return paths.provider.root.path;
  }
}

/**
 * Exact comparison: a level enters only its own area (a level 1 admin does not browse the
 * employee area as if it were one). The spec's exception that let any staff-domain address into
 * level 1 areas is dropped: an address is not a privilege (decision 27).
 */
export function canEnterArea(user: { level: Level | null }, area: Level): boolean {
  return user.level === area;
}

/** The screens of the profile survey: the only level 3 area open while it is pending. */
export const SURVEY_PATHS: readonly string[] = [paths.employee.survey.path, paths.employee.surveyB.path];

/**
 * An employee whose profile survey is pending sees only the survey (part 2 "Survey A"): the web sends
 * them there, and the server refuses level 3 routes not marked `whileSurveyPending` (SURVEY_PENDING).
 */
export function isSurveyPending(user: { level: number | null; surveyCompleted: boolean }): boolean {
  return user.level === 3 && !user.surveyCompleted;
}

/** Where a signed-in user lands; null when its level is unknown (→ /login, spec part 1 §6). */
export function homePath(user: { level: number | null; surveyCompleted: boolean }): string | null {
  return isLevel(user.level) ? dashboardPath(user.level, user.surveyCompleted) : null;
}

export function isProviderEmail(email: string, providerDomain: string): boolean {
  return emailDomainOf(email) === providerDomain.toLowerCase();
}
