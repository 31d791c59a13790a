import { paths } from '../../domain/paths';

/**
 * The lazily loaded modules of each screen a tab can open on, by path prefix (the first match wins).
 * The router starts loading them with the main chunk (main.tsx the first data's queries, decision 331);
 * the build (scripts/first-screen-preload.ts) names their chunks in a small script the page runs before
 * the main chunk has even arrived, so they travel together with it instead of after it (decision 304).
 * Paths are relative to src/web.
 */
export const SCREEN_MODULES = {
  appLayout: 'app/layout/app-layout.tsx',
  admin: 'features/admin/admin-routes.tsx',
  hr: 'features/hr/hr-routes.tsx',
  employee: 'features/employee/employee-routes.tsx',
  provider: 'features/provider/provider-routes.tsx',
  profile: 'features/profile/profile-page.tsx',
  surveyA: 'features/surveys/survey-a-page.tsx',
  surveyB: 'features/surveys/survey-b-page.tsx',
  register: 'features/auth/register-page.tsx',
  forgotPassword: 'features/auth/forgot-password-page.tsx',
  resetPassword: 'features/auth/reset-password-page.tsx',
  integrations: 'features/integrations/integrations-page.tsx',
  /** The queries of the pages with first data (domain/first-data.ts), run before the first render. */
  firstData: 'api/first-data.ts',
} as const;

export type ScreenModule = keyof typeof SCREEN_MODULES;

export const FIRST_SCREEN: ReadonlyArray<readonly [prefix: string, modules: readonly ScreenModule[]]> = [
  [paths.employee.surveyB.path, ['surveyB']],
  [paths.employee.survey.path, ['surveyA']],
  [paths.admin.dashboard.path, ['appLayout', 'admin', 'firstData']],
  [paths.admin.root.path, ['appLayout', 'admin']],
  [paths.hr.dashboard.path, ['appLayout', 'hr', 'firstData']],
  [paths.hr.root.path, ['appLayout', 'hr']],
  [paths.employee.dashboard.path, ['appLayout', 'employee', 'firstData']],
  [paths.employee.root.path, ['appLayout', 'employee']],
  [paths.provider.root.path, ['provider']],
  [paths.profile.path, ['appLayout', 'profile']],
  [paths.register.path, ['register']],
  [paths.forgotPassword.path, ['forgotPassword']],
  [paths.resetPassword.path, ['resetPassword']],
];
