import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { CompanyBenefitsPage } from './company-benefits-page';
import { FlexibleBenefitsPage } from './flexible-benefits-page';
import { MyRequestsPage } from './my-requests-page';

/** Level 3 screens (part 2 route table), mounted under /level3. */
export default function EmployeeRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level3/dashboard" replace />} />
      <Route path="dashboard" element={<ComingSoonPage title="Inicio" />} />
      <Route path="benefits" element={<FlexibleBenefitsPage />} />
      <Route path="company-benefits" element={<CompanyBenefitsPage />} />
      <Route path="requests" element={<MyRequestsPage />} />
      <Route path="diagnostic" element={<ComingSoonPage title="Diagnóstico de tokens" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
