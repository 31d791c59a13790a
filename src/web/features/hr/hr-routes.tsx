import { Navigate, Route, Routes } from 'react-router';
import { ComingSoonPage } from '../../components/coming-soon-page';
import { BotMessagingPage } from './bot/bot-messaging-page';

/** Level 2 screens (part 2 route table), mounted under /level2. */
export default function HrRoutes() {
  return (
    <Routes>
      <Route index element={<Navigate to="/level2/dashboard" replace />} />
      <Route path="dashboard" element={<ComingSoonPage title="Dashboard de Recursos Humanos" />} />
      <Route path="benefits" element={<ComingSoonPage title="Beneficios internos" />} />
      <Route path="tokens" element={<ComingSoonPage title="Tokens de la empresa" />} />
      <Route path="users" element={<ComingSoonPage title="Usuarios" />} />
      <Route path="requests" element={<ComingSoonPage title="Solicitudes" />} />
      <Route path="bot-messaging" element={<BotMessagingPage />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}
