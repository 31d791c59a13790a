import type { ComponentType } from 'react';
import { IconDeviceTv, IconDiscount, IconGift, IconPaw, IconSparkles, IconTicket, IconToolsKitchen2 } from '@tabler/icons-react';
import { BENEFIT_CATEGORIES, benefitCategoryName } from '#domain/constants';

type IconComponent = ComponentType<{ size?: number; stroke?: number; 'aria-hidden'?: boolean }>;

const ICONS: Record<string, IconComponent> = {
  comidas: IconToolsKitchen2,
  experiencias: IconTicket,
  regalos: IconGift,
  mascotas: IconPaw,
  suscripciones: IconDeviceTv,
  descuentos: IconDiscount,
};

type CategoryView = { name: string; color: string; Icon: IconComponent };

/** A catalogue category id (spec part 2 §3) as the cards show it; free text from older records is shown as written. */
export function categoryView(category: string | null): CategoryView | null {
  if (!category) return null;
  const known = BENEFIT_CATEGORIES.find((c) => c.id === category.toLowerCase());
  return { name: benefitCategoryName(category), color: known?.color ?? '#6B3AA0', Icon: (known && ICONS[known.id]) ?? IconSparkles };
}
