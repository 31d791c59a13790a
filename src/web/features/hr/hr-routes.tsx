import { Navigate, Route, Routes } from 'react-router';
import { useMe } from '../../api/session';
import { lazyNamed } from '../../components/lazy-named';
import { HrDashboardPage } from './dashboard-page';
import { NoCompanyState } from './no-company-state';

// The dashboard, where HR lands, comes with this chunk; every other screen is a chunk of its own, so the
// dashboard's first load carries none of their forms, date pickers, phone rules or charts (decision 311).
const HrBenefitsPage = lazyNamed(() => import('./benefits-page'), 'HrBenefitsPage');
const HrTokensPage = lazyNamed(() => import('./tokens-page'), 'HrTokensPage');
const HrUsersPage = lazyNamed(() => import('./users-page'), 'HrUsersPage');
const HrRequestsPage = lazyNamed(() => import('./requests-page'), 'HrRequestsPage');
const BotMessagingPage = lazyNamed(() => import('./bot/bot-messaging-page'), 'BotMessagingPage');

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
