import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import type { Level } from '../../domain/levels';
import { useMe } from '../api/session';
import { PageLoader } from '../components/page-loader';
import { LoginPage } from '../features/auth/login-page';
import { RegisterPage } from '../features/auth/register-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { RequireArea, RequireSession } from './guard';
import { AppLayout } from './layout/app-layout';

// Each level's screens load as their own chunk (ARCHITECTURE §8).
const AdminRoutes = lazy(() => import('../features/admin/admin-routes'));
const HrRoutes = lazy(() => import('../features/hr/hr-routes'));
const EmployeeRoutes = lazy(() => import('../features/employee/employee-routes'));
const ProviderRoutes = lazy(() => import('../features/provider/provider-routes'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
// The surveys are full-screen (LOOK-AND-FEEL "Survey A"), outside the shared layout.
const SurveyAPage = lazy(() => import('../features/surveys/survey-a-page'));
const SurveyBPage = lazy(() => import('../features/surveys/survey-b-page'));

/** The areas inside the shared layout; the provider portal (level 4) has its own page chrome. */
const SHELL_AREAS = [
  { level: 1, Routes: AdminRoutes, loadingLabel: 'Cargando dashboard...' },
  { level: 2, Routes: HrRoutes, loadingLabel: undefined },
  { level: 3, Routes: EmployeeRoutes, loadingLabel: undefined },
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
          {SHELL_AREAS.map(({ level, Routes: AreaRoutes, loadingLabel }) => (
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
