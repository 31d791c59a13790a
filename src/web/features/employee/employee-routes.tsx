import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';

/** Level 3 screens (part 2 route table), mounted under /level3. */
export default function EmployeeRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level3/dashboard" replace />} />
      <Route path="dashboard" element={<ComingSoonPage title="Inicio" />} />
      <Route path="benefits" element={<ComingSoonPage title="Beneficios flexibles" />} />
      <Route path="company-benefits" element={<ComingSoonPage title="Beneficios de mi empresa" />} />
      <Route path="requests" element={<ComingSoonPage title="Mis solicitudes" />} />
      <Route path="diagnostic" element={<ComingSoonPage title="Diagnóstico de tokens" />} />
      <Route path="survey" element={<ComingSoonPage title="Encuesta de perfil" />} />
      <Route path="survey-b" element={<ComingSoonPage title="Encuesta avanzada" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
