import { Navigate, Route, Routes } from 'react-router';
import { href, paths } from '#domain/paths';
import { ProviderPortalPage } from './provider-portal-page';

/** The provider portal (part 2 "Provider portal"), mounted under /level4. */
export default function ProviderRoutes() {
  return (
    <Routes>
      <Route index element={<ProviderPortalPage />} />
      <Route path={paths.provider.oldDashboard.relative} element={<Navigate to={href(paths.provider.root)} replace />} />
      <Route path="*" element={<Navigate to={href(paths.home)} replace />} />
    </Routes>
  );
}
