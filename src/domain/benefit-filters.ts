/**
 * The carousel's quick filters (spec part 2 §9: 'todos' and thirteen categories) and the benefit categories
 * each one shows. Benefits carry one of the six categories of spec part 2 §3 (or the preference map's
 * 'transporte' and 'bienestar', or free text); the filters are themes, so each names the categories
 * that fit it (decision 51). A benefit whose category is written as the filter itself
 * ('Deportes', 'deportes') always matches it, so level 1 can tag a benefit for any filter.
 */
import { normalizeCategory } from './recommendations';

type QuickFilter = { id: string; name: string; categories: readonly string[] | null };

export const ALL_FILTER_ID = 'todos';

export const QUICK_FILTERS = [
  { id: ALL_FILTER_ID, name: 'Todos', categories: null },
  { id: 'desarrollo_personal', name: 'Desarrollo personal', categories: ['suscripciones', 'cursos'] },
  { id: 'regalos', name: 'Regalos', categories: ['regalos'] },
  { id: 'comidas_del_mundo', name: 'Comidas del mundo', categories: ['comidas'] },
  { id: 'cuidado_personal', name: 'Cuidado personal', categories: ['bienestar', 'belleza'] },
  { id: 'tuercas_y_autos', name: 'Tuercas y autos', categories: ['transporte', 'autos'] },
  { id: 'mascotas', name: 'Mascotas', categories: ['mascotas'] },
  { id: 'salud_y_bienestar', name: 'Salud y bienestar', categories: ['bienestar', 'salud'] },
  { id: 'disfruta_en_familia', name: 'Disfruta en familia', categories: ['experiencias', 'familia'] },
  { id: 'deportes', name: 'Deportes', categories: ['deporte'] },
  { id: 'cervezas_y_amigos', name: 'Cervezas y amigos', categories: ['bares', 'cervezas'] },
  { id: 'teatro_y_cine', name: 'Teatro y cine', categories: ['experiencias', 'cine', 'teatro'] },
  { id: 'lectura', name: 'Lectura', categories: ['libros'] },
  { id: 'eventos_del_mes', name: 'Eventos del mes', categories: ['experiencias', 'eventos'] },
] as const satisfies readonly QuickFilter[];

export function quickFilterById(id: string): QuickFilter {
  return QUICK_FILTERS.find((f) => f.id === id) ?? QUICK_FILTERS[0];
}

/** Whether a benefit of `category` shows under the filter. Throws nothing. */
export function matchesQuickFilter(filter: QuickFilter, category: string | null): boolean {
  if (filter.categories === null) return true;
  const normalized = normalizeCategory(category);
  if (!normalized) return false;
  return normalized === filter.id || normalized === normalizeCategory(filter.name) || filter.categories.includes(normalized);
}

export function applyQuickFilter<T extends { category: string | null }>(items: readonly T[], filterId: string): T[] {
  const filter = quickFilterById(filterId);
  return items.filter((item) => matchesQuickFilter(filter, item.category));
}
