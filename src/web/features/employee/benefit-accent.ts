import type { CatalogueItem } from '#domain/schemas/economy';

/**
 * Flexible (platform) benefits wear the purple gradient and company benefits the gold one (LOOK-AND-FEEL
 * "Brand"); the same hues as the header's token cards. Gold carries dark text: white on #D4A645 fails WCAG AA.
 */
export const ACCENTS = {
  platform: {
    badge: 'Jobby',
    tokenLabel: 'Flexibles',
    gradient: 'linear-gradient(135deg, #6B3AA0 0%, #8B5BA8 100%)',
    onGradient: '#ffffff',
    color: 'brand',
  },
  company: {
    badge: 'Empresa',
    tokenLabel: 'Empresa',
    gradient: 'linear-gradient(135deg, #D4A645 0%, #C9A23E 100%)',
    onGradient: '#2b1f00',
    color: 'gold',
  },
} as const;

type Accent = (typeof ACCENTS)[CatalogueItem['kind']];

export function accentOf(item: Pick<CatalogueItem, 'kind'>): Accent {
  return ACCENTS[item.kind];
}


