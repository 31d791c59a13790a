import { defaultVariantColorsResolver, rem, type VariantColorsResolver } from '@mantine/core';
import type { BadgeTone } from '../components/badges';

/**
 * The app's tinted badge variants: Mantine's 'light' variant with a text dark enough (light scheme)
 * or light enough (dark scheme) to reach WCAG AA's 4.5:1 on its tint. Mantine's own light text is
 * the colour's shade 6, 2.7:1 on yellow and 3.8:1 on green. `<Badge variant="success">`.
 */
export const BADGE_VARIANTS = {
  success: { color: 'green', text: 'light-dark(#1f6f30, var(--mantine-color-green-3))' },
  danger: { color: 'red', text: 'light-dark(#a61b1b, var(--mantine-color-red-3))' },
  warning: { color: 'yellow', text: 'light-dark(#7a4a00, var(--mantine-color-yellow-3))' },
  attention: { color: 'orange', text: 'light-dark(#9a3a06, var(--mantine-color-orange-3))' },
  info: { color: 'blue', text: 'light-dark(#1864ab, var(--mantine-color-blue-3))' },
  neutral: { color: 'gray', text: 'var(--mantine-color-gray-light-color)' },
  platform: { color: 'violet', text: 'var(--mantine-color-violet-light-color)' },
} as const satisfies Record<BadgeTone, { color: string; text: string }>;

const isBadgeTone = (variant: string | undefined): variant is BadgeTone => variant !== undefined && Object.hasOwn(BADGE_VARIANTS, variant);

/** The theme's resolver: the variants above, Mantine's own for every other variant. */
export const variantColorResolver: VariantColorsResolver = (input) => {
  if (!isBadgeTone(input.variant)) return defaultVariantColorsResolver(input);
  const { color, text } = BADGE_VARIANTS[input.variant];
  return {
    background: `var(--mantine-color-${color}-light)`,
    hover: `var(--mantine-color-${color}-light-hover)`,
    color: text,
    border: `${rem(1)} solid transparent`,
  };
};
