import { Navigate, Route, Routes } from 'react-router';
import { useMe } from '../../api/session';
import { HrBenefitsPage } from './benefits-page';
import { HrDashboardPage } from './dashboard-page';
import { NoCompanyState } from './no-company-state';
import { HrRequestsPage } from './requests-page';
import { HrTokensPage } from './tokens-page';
import { HrUsersPage } from './users-page';
import { BotMessagingPage } from './bot/bot-messaging-page';

/** Level 2 screens (part 2 route table), mounted under /level2. An HR user without a company sees only the spec's error. */
export default function HrRoutes() {
  const { data: me } = useMe();
  const hasCompany = Boolean(me?.companyId);
  return (
    <Routes>
      <Route index element={<Navigate to="/level2/dashboard" replace />} />
      {hasCompany ? (
        <>
          <Route path="dashboard" element={<HrDashboardPage />} />
          <Route path="benefits" element={<HrBenefitsPage />} />
          <Route path="tokens" element={<HrTokensPage />} />
          <Route path="users" element={<HrUsersPage />} />
          <Route path="requests" element={<HrRequestsPage />} />
          <Route path="bot-messaging" element={<BotMessagingPage />} />
        </>
      ) : (
        ['dashboard', 'benefits', 'tokens', 'users', 'requests', 'bot-messaging'].map((path) => <Route key={path} path={path} element={<NoCompanyState />} />)
      )}
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
