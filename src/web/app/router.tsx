import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import type { Level } from '../../domain/levels';
import { useMe } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/login-page';
import { FIRST_SCREEN, type ScreenModule } from './first-screen';
import { RequireArea, RequireSession } from './guard';
import { lazyNamed } from '../components/lazy-named';

// Each level's screens load as their own chunk (ARCHITECTURE §8). The shared layout and the other
// public forms too: /login, the first screen, carries only what it shows. Each is named in
// first-screen.ts's SCREEN_MODULES too (the build preloads the chunks of the screen a tab opens on).
const load = {
  appLayout: () => import('./layout/app-layout'),
  admin: () => import('../features/admin/admin-routes'),
  hr: () => import('../features/hr/hr-routes'),
  employee: () => import('../features/employee/employee-routes'),
  provider: () => import('../features/provider/provider-routes'),
  profile: () => import('../features/profile/profile-page'),
  surveyA: () => import('../features/surveys/survey-a-page'),
  surveyB: () => import('../features/surveys/survey-b-page'),
  register: () => import('../features/auth/register-page'),
  forgotPassword: () => import('../features/auth/forgot-password-page'),
  resetPassword: () => import('../features/auth/reset-password-page'),
  integrations: () => import('../features/integrations/integrations-page'),
} satisfies Record<ScreenModule, () => Promise<unknown>>;
const AppLayout = lazyNamed(load.appLayout, 'AppLayout');
const AdminRoutes = lazy(load.admin);
const HrRoutes = lazy(load.hr);
const EmployeeRoutes = lazy(load.employee);
const ProviderRoutes = lazy(load.provider);
const ProfilePage = lazy(load.profile);
// The surveys are full-screen (LOOK-AND-FEEL "Survey A"), outside the shared layout.
const SurveyAPage = lazy(load.surveyA);
const SurveyBPage = lazy(load.surveyB);
const RegisterPage = lazyNamed(load.register, 'RegisterPage');
const ForgotPasswordPage = lazyNamed(load.forgotPassword, 'ForgotPasswordPage');
const ResetPasswordPage = lazyNamed(load.resetPassword, 'ResetPasswordPage');
// Issue 22: one page for levels 1 and 2, its own chunk, composed here (features do not import each other).
const IntegrationsPage = lazyNamed(load.integrations, 'IntegrationsPage');

/**
 * The chunks of the screen the tab opens on, fetched with the main chunk: otherwise they would wait
 * for the session check (/api/me), then the layout, then the area, one round trip after another.
 * The page's first-screen script has usually asked for them already (decision 304).
 */
const firstScreen = FIRST_SCREEN.find(([prefix]) => window.location.pathname.startsWith(prefix));
// A failed fetch here is retried by the lazy component, which then shows the error.
for (const module of firstScreen?.[1] ?? []) load[module]().catch(() => undefined);

/** The areas inside the shared layout; the provider portal (level 4) has its own page chrome. */
const SHELL_AREAS = [
  { level: 1, Routes: AdminRoutes, loadingLabel: 'Cargando dashboard...', integrations: 'platform' },
  { level: 2, Routes: HrRoutes, loadingLabel: undefined, integrations: 'company' },
  { level: 3, Routes: EmployeeRoutes, loadingLabel: undefined, integrations: null },
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
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route
            element={
              <RequireSession>
                <ProfileArea />
              </RequireSession>
            }
          >
            <Route path="/profile" element={<ProfilePage />} />
          </Route>
          <Route path="/level3/survey" element={<RequireArea level={3}><SurveyAPage /></RequireArea>} />
          <Route path="/level3/survey-b" element={<RequireArea level={3}><SurveyBPage /></RequireArea>} />
          {SHELL_AREAS.map(({ level, Routes: AreaRoutes, loadingLabel, integrations }) => (
            <Route
              key={level}
              path={`/level${level}`}
              element={
                <RequireArea level={level} loadingLabel={loadingLabel}>
                  <AppLayout area={level} />
                </RequireArea>
              }
            >
              {/* `/levelN` itself: the area's index route redirects to its dashboard (part 2 route table). */}
              <Route index element={<AreaRoutes />} />
              {integrations && <Route path="integrations" element={<IntegrationsPage audience={integrations} />} />}
              <Route path="*" element={<AreaRoutes />} />
            </Route>
          ))}
          {/* The provider portal has its own full-width header (part 2 "Provider portal"). */}
          <Route
            path="/level4/*"
            element={
              <RequireArea level={4}>
                <ProviderRoutes />
              </RequireArea>
            }
          />
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
