import { Badge } from '@mantine/core';
import type { BenefitType } from '../../../domain/constants';

/** The type badge of the platform benefits table (issue 8: Automático / Gestionado / Terceros). */
export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = { automatic: 'Automático', managed: 'Gestionado', third_party: 'Terceros' };
const COLORS: Record<BenefitType, string> = { automatic: 'teal', managed: 'blue', third_party: 'grape' };

export function BenefitTypeBadge({ type }: { type: BenefitType }) {
  return (
    <Badge miw="max-content" variant="light" color={COLORS[type]}>
      {BENEFIT_TYPE_LABELS[type]}
    </Badge>
  );
}

/** Activo/Inactivo (or the feminine, for a company) as a tinted badge. */
export function StatusBadge({ isActive, labels = ['Activo', 'Inactivo'] }: { isActive: boolean; labels?: [string, string] }) {
  return (
    // max-content: the label's overflow:hidden would otherwise let the table squeeze it to "ACTI…".
    <Badge miw="max-content" variant="light" color={isActive ? 'green' : 'gray'} c={isActive ? 'light-dark(#1f6f30, var(--mantine-color-green-3))' : undefined}>
      {isActive ? labels[0] : labels[1]}
    </Badge>
  );
}
