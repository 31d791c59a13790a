import { Badge } from '@mantine/core';
import { STRESS_BAND_LABELS, stressBand, type StressBand } from '../../../../domain/bot';

const BAND_COLORS: Record<StressBand, string> = { high: 'red', medium: 'yellow', low: 'green', none: 'gray' };

/** Part 2 §4's stress level: Alto / Medio / Bajo with the score, or 'Sin datos' (never 'undefined'). */
export function StressBadge({ score }: { score: number | null }) {
  const band = stressBand(score);
  return (
    <Badge miw="max-content" variant="light" color={BAND_COLORS[band]} c={band === 'medium' ? 'light-dark(#7a5200, var(--mantine-color-yellow-3))' : undefined}>
      {band === 'none' ? STRESS_BAND_LABELS.none : `${STRESS_BAND_LABELS[band]} · ${score}`}
    </Badge>
  );
}
