import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { AchievementsPage } from './achievements-page';
import { CompaniesPage } from './companies-page';
import { TokensPage } from './tokens-page';

/** Level 1 screens (part 1 "Level 1 routes"), mounted under /level1. */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level1/dashboard" replace />} />
      <Route path="dashboard" element={<ComingSoonPage title="Dashboard" />} />
      <Route path="companies" element={<CompaniesPage />} />
      <Route path="benefits/jobby" element={<ComingSoonPage title="Beneficios Jobby" />} />
      <Route path="benefits/requests" element={<ComingSoonPage title="Solicitudes" />} />
      <Route path="providers" element={<ComingSoonPage title="Proveedores" />} />
      <Route path="tokens" element={<TokensPage />} />
      <Route path="users/list" element={<ComingSoonPage title="Diagnóstico de usuarios" />} />
      <Route path="users/assign-levels" element={<ComingSoonPage title="Asignar niveles" />} />
      <Route path="diagnostico-usuarios" element={<Navigate to="/level1/users/list" replace />} />
      <Route path="asignar-niveles" element={<Navigate to="/level1/users/assign-levels" replace />} />
      <Route path="achievements" element={<AchievementsPage />} />
      <Route path="surveys" element={<ComingSoonPage title="Encuestas" />} />
      <Route path="bot-management" element={<ComingSoonPage title="Gestión del bot" />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
