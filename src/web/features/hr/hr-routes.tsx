import { Navigate, Route, Routes } from 'react-router';
import { href, paths } from '#domain/paths';
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

/** HR's screens, each about its company's data: without a company, each shows the spec's error instead. */
const COMPANY_SCREENS = [
  [paths.hr.dashboard, HrDashboardPage],
  [paths.hr.benefits, HrBenefitsPage],
  [paths.hr.tokens, HrTokensPage],
  [paths.hr.users, HrUsersPage],
  [paths.hr.requests, HrRequestsPage],
  [paths.hr.botMessaging, BotMessagingPage],
] as const;

/** Level 2 screens (part 2 route table), mounted under /level2. An HR user without a company sees only the spec's error. */
export default function HrRoutes() {
  const { data: me } = useMe();
  const hasCompany = Boolean(me?.companyId);
  return (
    <Routes>
      <Route index element={<Navigate to={href(paths.hr.dashboard)} replace />} />
      {COMPANY_SCREENS.map(([screen, Page]) => (
        <Route key={screen.relative} path={screen.relative} element={hasCompany ? <Page /> : <NoCompanyState />} />
      ))}
      <Route path="*" element={<Navigate to={href(paths.home)} replace />} />
    </Routes>
  );
}
