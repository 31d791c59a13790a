import { Navigate, Route, Routes } from 'react-router';
import { AdminDashboardPage } from './admin-dashboard-page';
import { AdminRequestsPage } from './admin-requests-page';
import { BotManagementPage } from './bot-management-page';
import { AchievementsPage } from './achievements-page';
import { CompaniesPage } from './companies-page';
import { SurveysPage } from './surveys-page';
import { PlatformBenefitsPage } from './platform-benefits-page';
import { ProvidersPage } from './providers-page';
import { AssignLevelsPage, UserDiagnosticsPage } from './users-pages';
import { TokensPage } from './tokens-page';

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
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
