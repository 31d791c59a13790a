import { Navigate, Route, Routes } from 'react-router';
import { href, paths } from '#domain/paths';
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
      <Route index element={<Navigate to={href(paths.employee.dashboard)} replace />} />
      <Route path={paths.employee.dashboard.relative} element={<EmployeeDashboardPage />} />
      <Route path={paths.employee.benefits.relative} element={<FlexibleBenefitsPage />} />
      <Route path={paths.employee.companyBenefits.relative} element={<CompanyBenefitsPage />} />
      <Route path={paths.employee.requests.relative} element={<MyRequestsPage />} />
      <Route path={paths.employee.wallet.relative} element={<WalletPage />} />
      {/* The dashboard's link for active codes (spec part 2 §2): every code lives with its request (decision 49). */}
      <Route path={paths.employee.tokens.relative} element={<Navigate to={href(paths.employee.requests)} replace />} />
      <Route path={paths.employee.diagnostic.relative} element={<DiagnosticPage />} />
      <Route path="*" element={<Navigate to={href(paths.home)} replace />} />
    </Routes>
  );
}
