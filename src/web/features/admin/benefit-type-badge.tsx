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
