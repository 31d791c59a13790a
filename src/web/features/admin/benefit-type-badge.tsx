import { Badge } from '@mantine/core';
import type { BenefitType } from '#domain/constants';

/** The type badge of the platform benefits table (Automático / Gestionado / Terceros). */
export const BENEFIT_TYPE_LABELS: Record<BenefitType, string> = { automatic: 'Automático', managed: 'Gestionado', third_party: 'Terceros' };
/** The theme's AA tints (badge-variants.ts): Mantine's light teal was below 4.5:1 (decision 266). */
const TONES: Record<BenefitType, 'success' | 'info' | 'platform'> = { automatic: 'success', managed: 'info', third_party: 'platform' };

export function BenefitTypeBadge({ type }: { type: BenefitType }) {
  return (
    <Badge miw="max-content" variant={TONES[type]}>
      {BENEFIT_TYPE_LABELS[type]}
    </Badge>
  );
}
