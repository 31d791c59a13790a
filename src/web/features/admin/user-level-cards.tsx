import { IconShieldCheck, IconUserQuestion, IconUsers } from '@tabler/icons-react';
import { LEVEL_NAMES } from '#domain/levels';
import type { UserSummary } from '#domain/schemas/admin';
import { StatCardRow } from '../../components/stat-cards';

/** The count cards of both user screens: every level and "sin nivel", counted in SQL. */
export function UserLevelCards({ summary, isLoading }: { summary: UserSummary | undefined; isLoading: boolean }) {
  const by = summary?.byLevel;
  return (
    <StatCardRow
      isLoading={isLoading}
      items={[
        { label: 'Total', value: summary?.total ?? 0, description: 'Todas las cuentas', icon: <IconUsers size={22} /> },
        ...([1, 2, 3, 4] as const).map((level) => ({ label: `Nivel ${level}`, value: by?.[level] ?? 0, description: LEVEL_NAMES[level], icon: <IconShieldCheck size={22} /> })),
        { label: 'Sin nivel', value: by?.none ?? 0, description: 'No entran a ningún área', icon: <IconUserQuestion size={22} />, color: 'orange' },
      ]}
    />
  );
}

export const LEVEL_OPTIONS = [
  { value: '1', label: `1 · ${LEVEL_NAMES[1]}` },
  { value: '2', label: `2 · ${LEVEL_NAMES[2]}` },
  { value: '3', label: `3 · ${LEVEL_NAMES[3]}` },
  { value: '4', label: `4 · ${LEVEL_NAMES[4]}` },
  { value: 'none', label: 'Sin nivel' },
];
