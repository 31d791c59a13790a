import { Navigate, Route, Routes } from 'react-router';
import { ProviderPortalPage } from './provider-portal-page';

/** The provider portal (part 2 "Provider portal"), mounted under /level4. */
export default function ProviderRoutes() {
  return (
    <Routes>
      <Route index element={<ProviderPortalPage />} />
      <Route path="dashboard" element={<Navigate to="/level4" replace />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
