import { IconCoins, IconReceipt, IconUserCheck, IconUsers } from '@tabler/icons-react';
import type { CompanyTokenStats } from '#domain/schemas/hr';
import { StatCardRow } from '../../components/stat-cards';

/**
 * The company-token cards: /level2/benefits shows available, active users, used and the average
 * per user; /level2/tokens available, used, active users and total employees (spec part 2 §2).
 */
export function TokenStatCards({ stats, isLoading, variant }: { stats: CompanyTokenStats | undefined; isLoading: boolean; variant: 'overview' | 'tokens' }) {
  const available = { label: 'Tokens disponibles', value: stats?.available ?? 0, description: 'En manos de tus colaboradores', icon: <IconCoins size={22} />, color: 'gold' };
  const activeUsers = { label: 'Usuarios activos', value: stats?.activeUsers ?? 0, description: 'Colaboradores con cuenta activa', icon: <IconUserCheck size={22} />, color: 'green' };
  const used = { label: 'Tokens usados', value: stats?.used ?? 0, description: 'Canjeados en beneficios de la empresa', icon: <IconReceipt size={22} /> };
  const fourth =
    variant === 'overview'
      ? { label: 'Promedio por usuario', value: (stats?.averagePerUser ?? 0).toLocaleString('es-CL'), description: 'Tokens disponibles por colaborador', icon: <IconUsers size={22} /> }
      : { label: 'Total de colaboradores', value: stats?.totalEmployees ?? 0, description: 'Activos e inactivos', icon: <IconUsers size={22} /> };
  const items = variant === 'overview' ? [available, activeUsers, used, fourth] : [available, used, activeUsers, fourth];
  return <StatCardRow items={items} isLoading={isLoading} />;
}
