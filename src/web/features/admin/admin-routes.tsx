import { Navigate, Route, Routes } from 'react-router';
import { href, paths } from '#domain/paths';
import { lazyNamed } from '../../components/lazy-named';
import { AdminDashboardPage } from './admin-dashboard-page';

// The dashboard, where level 1 lands, comes with this chunk; every other screen is a chunk of its own
// (decision 311).
const AdminRequestsPage = lazyNamed(() => import('./admin-requests-page'), 'AdminRequestsPage');
const BotManagementPage = lazyNamed(() => import('./bot-management-page'), 'BotManagementPage');
const AchievementsPage = lazyNamed(() => import('./achievements-page'), 'AchievementsPage');
const CompaniesPage = lazyNamed(() => import('./companies-page'), 'CompaniesPage');
const SurveysPage = lazyNamed(() => import('./surveys-page'), 'SurveysPage');
const PlatformBenefitsPage = lazyNamed(() => import('./platform-benefits-page'), 'PlatformBenefitsPage');
const ProvidersPage = lazyNamed(() => import('./providers-page'), 'ProvidersPage');
const UserDiagnosticsPage = lazyNamed(() => import('./user-diagnostics-page'), 'UserDiagnosticsPage');
const AssignLevelsPage = lazyNamed(() => import('./assign-levels-page'), 'AssignLevelsPage');
const TokensPage = lazyNamed(() => import('./tokens-page'), 'TokensPage');
const DeadEventsPage = lazyNamed(() => import('./dead-events-page'), 'DeadEventsPage');

/** Level 1 screens (part 1 "Level 1 routes"), mounted under /level1. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to={href(paths.admin.dashboard)} replace />} />
      <Route path={paths.admin.dashboard.relative} element={<AdminDashboardPage />} />
      <Route path={paths.admin.companies.relative} element={<CompaniesPage />} />
      <Route path={paths.admin.platformBenefits.relative} element={<PlatformBenefitsPage />} />
      <Route path={paths.admin.requests.relative} element={<AdminRequestsPage />} />
      <Route path={paths.admin.providers.relative} element={<ProvidersPage />} />
      <Route path={paths.admin.tokens.relative} element={<TokensPage />} />
      <Route path={paths.admin.userDiagnostics.relative} element={<UserDiagnosticsPage />} />
      <Route path={paths.admin.assignLevels.relative} element={<AssignLevelsPage />} />
      <Route path={paths.admin.oldUserDiagnostics.relative} element={<Navigate to={href(paths.admin.userDiagnostics)} replace />} />
      <Route path={paths.admin.oldAssignLevels.relative} element={<Navigate to={href(paths.admin.assignLevels)} replace />} />
      <Route path={paths.admin.achievements.relative} element={<AchievementsPage />} />
      <Route path={paths.admin.surveys.relative} element={<SurveysPage />} />
      <Route path={paths.admin.botManagement.relative} element={<BotManagementPage />} />
      <Route path={paths.admin.deadEvents.relative} element={<DeadEventsPage />} />
      <Route path="*" element={<Navigate to={href(paths.home)} replace />} />
    </Routes>
  );
}
