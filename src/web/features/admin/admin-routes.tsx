import { Navigate, Route, Routes } from 'react-router';
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
const UserDiagnosticsPage = lazyNamed(() => import('./users-pages'), 'UserDiagnosticsPage');
const AssignLevelsPage = lazyNamed(() => import('./users-pages'), 'AssignLevelsPage');
const TokensPage = lazyNamed(() => import('./tokens-page'), 'TokensPage');
const DeadEventsPage = lazyNamed(() => import('./dead-events-page'), 'DeadEventsPage');

/** Level 1 screens (part 1 "Level 1 routes"), mounted under /level1. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level1/dashboard" replace />} />
      <Route path="dashboard" element={<AdminDashboardPage />} />
      <Route path="companies" element={<CompaniesPage />} />
      <Route path="benefits/jobby" element={<PlatformBenefitsPage />} />
      <Route path="benefits/requests" element={<AdminRequestsPage />} />
      <Route path="providers" element={<ProvidersPage />} />
      <Route path="tokens" element={<TokensPage />} />
      <Route path="users/list" element={<UserDiagnosticsPage />} />
      <Route path="users/assign-levels" element={<AssignLevelsPage />} />
      <Route path="diagnostico-usuarios" element={<Navigate to="/level1/users/list" replace />} />
      <Route path="asignar-niveles" element={<Navigate to="/level1/users/assign-levels" replace />} />
      <Route path="achievements" element={<AchievementsPage />} />
      <Route path="surveys" element={<SurveysPage />} />
      <Route path="bot-management" element={<BotManagementPage />} />
      <Route path="events/dead" element={<DeadEventsPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
