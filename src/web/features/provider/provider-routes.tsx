import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';

/** The provider portal (part 2 "Provider portal"), mounted under /level4. */
export default function ProviderRoutes() {
  return (
    <Routes>
      <Route index element={<ComingSoonPage title="Portal del Proveedor" />} />
      <Route path="dashboard" element={<Navigate to="/level4" replace />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
