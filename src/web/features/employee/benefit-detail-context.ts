import { createContext, useContext } from 'react';
import type { CatalogueItem } from '#domain/schemas/economy';

/** Opens a benefit's detail; provided by the catalogue pages, absent elsewhere (then the cards offer none). */
export const BenefitDetailContext = createContext<((item: CatalogueItem) => void) | null>(null);

export function useOpenBenefitDetail() {
  return useContext(BenefitDetailContext);
}
