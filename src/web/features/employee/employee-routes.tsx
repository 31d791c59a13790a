import { Navigate, Route, Routes } from 'react-router';
import { EmployeeDashboardPage } from './dashboard-page';
import { DiagnosticPage } from './diagnostic-page';
import { CompanyBenefitsPage } from './company-benefits-page';
import { FlexibleBenefitsPage } from './flexible-benefits-page';
import { MyRequestsPage } from './my-requests-page';
import { WalletPage } from './wallet-page';

/** Level 3 screens (part 2 route table), mounted under /level3. */
export default function EmployeeRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level3/dashboard" replace />} />
      <Route path="dashboard" element={<EmployeeDashboardPage />} />
      <Route path="benefits" element={<FlexibleBenefitsPage />} />
      <Route path="company-benefits" element={<CompanyBenefitsPage />} />
      <Route path="requests" element={<MyRequestsPage />} />
      <Route path="wallet" element={<WalletPage />} />
      {/* The dashboard's link for active codes (part 2 §2): every code lives with its request (docs/decisions.md). */}
      <Route path="tokens" element={<Navigate to="/level3/requests" replace />} />
      <Route path="diagnostic" element={<DiagnosticPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
