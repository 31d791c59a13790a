import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import type { Level } from '../../domain/levels';
import { href, paths } from '../../domain/paths';
import { useMe } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/login-page';
import { FIRST_SCREEN, type ScreenModule } from './first-screen';
import { RequireArea, RequireSession } from './guard';
import { lazyNamed } from '../components/lazy-named';

// Each level's screens load as their own chunk (ARCHITECTURE §8). The shared layout and the other
// public forms too: /login, the first screen, carries only what it shows. Each is named in
// first-screen.ts's SCREEN_MODULES too (the build preloads the chunks of the screen a tab opens on).
const SCREENS = {
  appLayout: lazyNamed(() => import('./layout/app-layout'), 'AppLayout'),
  admin: lazyNamed(() => import('../features/admin/admin-routes'), 'default'),
  hr: lazyNamed(() => import('../features/hr/hr-routes'), 'default'),
  employee: lazyNamed(() => import('../features/employee/employee-routes'), 'default'),
  provider: lazyNamed(() => import('../features/provider/provider-routes'), 'default'),
  profile: lazyNamed(() => import('../features/profile/profile-page'), 'default'),
  // The surveys are full-screen (LOOK-AND-FEEL "Survey A"), outside the shared layout.
  surveyA: lazyNamed(() => import('../features/surveys/survey-a-page'), 'default'),
  surveyB: lazyNamed(() => import('../features/surveys/survey-b-page'), 'default'),
  register: lazyNamed(() => import('../features/auth/register-page'), 'RegisterPage'),
  forgotPassword: lazyNamed(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage'),
  resetPassword: lazyNamed(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage'),
  // One page for levels 1 and 2, its own chunk, composed here (features do not import each other).
  integrations: lazyNamed(() => import('../features/integrations/integrations-page'), 'IntegrationsPage'),
} satisfies Record<Exclude<ScreenModule, 'firstData'>, { preload: () => Promise<void> }>;
const {
  appLayout: AppLayout,
  admin: AdminRoutes,
  hr: HrRoutes,
  employee: EmployeeRoutes,
  provider: ProviderRoutes,
  profile: ProfilePage,
  surveyA: SurveyAPage,
  surveyB: SurveyBPage,
  register: RegisterPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
  integrations: IntegrationsPage,
} = SCREENS;

/**
 * The chunks of the screen the tab opens on, fetched with the main chunk: otherwise they would wait
 * for the session check (/api/me), then the layout, then the area, one round trip after another.
 * The page's first-screen script has usually asked for them already (decision 304). Resolves once
 * they have arrived (or failed: the screen then shows the error), so main.tsx can draw the screen in
 * one render (decision 330).
 */
const firstScreen = FIRST_SCREEN.find(([prefix]) => window.location.pathname.startsWith(prefix));
// (The first data's queries are main.tsx's to load.)
export const firstScreenLoaded: Promise<unknown> = Promise.all((firstScreen?.[1] ?? []).map((module) => (module === 'firstData' ? null : SCREENS[module].preload())));

/** The areas inside the shared layout; the provider portal (level 4) has its own page chrome. */
const SHELL_AREAS = [
  { level: 1, root: paths.admin.root, Routes: AdminRoutes, loadingLabel: 'Cargando dashboard...', integrations: { audience: 'platform', screen: paths.admin.integrations } },
  { level: 2, root: paths.hr.root, Routes: HrRoutes, loadingLabel: undefined, integrations: { audience: 'company', screen: paths.hr.integrations } },
  { level: 3, root: paths.employee.root, Routes: EmployeeRoutes, loadingLabel: undefined, integrations: null },
] as const;

function ProfileArea() {
  const { data: me } = useMe();
  const area = (me?.level ?? 3) as Level;
  return <AppLayout area={area} />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={paths.home.path} element={<Navigate to={href(paths.login)} replace />} />
          <Route path={paths.login.path} element={<LoginPage />} />
          <Route path={paths.register.path} element={<RegisterPage />} />
          <Route path={paths.forgotPassword.path} element={<ForgotPasswordPage />} />
          <Route path={paths.resetPassword.path} element={<ResetPasswordPage />} />
          <Route
            element={
              <RequireSession>
                <ProfileArea />
              </RequireSession>
            }
          >
            <Route path={paths.profile.path} element={<ProfilePage />} />
          </Route>
          <Route path={paths.employee.survey.path} element={<RequireArea level={3}><SurveyAPage /></RequireArea>} />
          <Route path={paths.employee.surveyB.path} element={<RequireArea level={3}><SurveyBPage /></RequireArea>} />
          {SHELL_AREAS.map(({ level, root, Routes: AreaRoutes, loadingLabel, integrations }) => (
            <Route
              key={level}
              path={root.path}
              element={
                <RequireArea level={level} loadingLabel={loadingLabel}>
                  <AppLayout area={level} />
                </RequireArea>
              }
            >
              {/* The area's root itself: its index route redirects to its dashboard (part 2 route table). */}
              <Route index element={<AreaRoutes />} />
              {integrations && <Route path={integrations.screen.relative} element={<IntegrationsPage audience={integrations.audience} />} />}
              <Route path="*" element={<AreaRoutes />} />
            </Route>
          ))}
          {/* The provider portal has its own full-width header (part 2 "Provider portal"). */}
          <Route
            path={`${paths.provider.root.path}/*`}
            element={
              <RequireArea level={4}>
                <ProviderRoutes />
              </RequireArea>
            }
          />
          <Route path="*" element={<Navigate to={href(paths.home)} replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
