import { Badge } from '@mantine/core';
import type { BadgeTone } from '#web/components/badges';
import { STRESS_BAND_LABELS, stressBand, type StressBand } from '#domain/bot';

const BAND_TONES: Record<StressBand, BadgeTone> = { high: 'danger', medium: 'warning', low: 'success', none: 'neutral' };

/** Spec part 2 §4's stress level: Alto / Medio / Bajo with the score, or 'Sin datos' (never 'undefined'). */
export function StressBadge({ score }: { score: number | null }) {
  const band = stressBand(score);
  return (
    <Badge miw="max-content" variant={BAND_TONES[band]}>
      {band === 'none' ? STRESS_BAND_LABELS.none : `${STRESS_BAND_LABELS[band]} · ${score}`}
    </Badge>
  );
}
