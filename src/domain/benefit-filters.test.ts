import { describe, expect, it } from 'vitest';
import { applyQuickFilter, matchesQuickFilter, QUICK_FILTERS, quickFilterById } from './benefit-filters';
import { BENEFIT_CATEGORIES } from './constants';

const items = [
  { id: 'food', category: 'comidas' },
  { id: 'cinema', category: 'experiencias' },
  { id: 'gift', category: 'Regalos' },
  { id: 'run', category: 'Deportes' },
  { id: 'none', category: null },
];

describe('quick filters (spec part 2 §9)', () => {
  it('are "Todos" plus the thirteen of the spec, with distinct ids', () => {
    expect(QUICK_FILTERS).toHaveLength(14);
    expect(QUICK_FILTERS[0].name).toBe('Todos');
    expect(new Set(QUICK_FILTERS.map((f) => f.id)).size).toBe(14);
  });

  it('"Todos" shows everything, also benefits without a category', () => {
    expect(applyQuickFilter(items, 'todos')).toHaveLength(items.length);
  });

  it('maps each theme to its categories', () => {
    expect(applyQuickFilter(items, 'comidas_del_mundo').map((i) => i.id)).toEqual(['food']);
    expect(applyQuickFilter(items, 'teatro_y_cine').map((i) => i.id)).toEqual(['cinema']);
    expect(applyQuickFilter(items, 'regalos').map((i) => i.id)).toEqual(['gift']);
  });

  it('a benefit tagged with the filter itself matches it', () => {
    expect(applyQuickFilter(items, 'deportes').map((i) => i.id)).toEqual(['run']);
    expect(matchesQuickFilter(quickFilterById('salud_y_bienestar'), 'Salud y bienestar')).toBe(true);
  });

  it('a filter with nothing of its kind gives an empty list (the stage shows its empty state)', () => {
    expect(applyQuickFilter(items, 'lectura')).toEqual([]);
    expect(matchesQuickFilter(quickFilterById('lectura'), null)).toBe(false);
  });

  it('an unknown filter id falls back to "Todos"', () => {
    expect(quickFilterById('nada').id).toBe('todos');
  });

  it('every category but "descuentos" is reachable through some theme', () => {
    const reachable = BENEFIT_CATEGORIES.filter((c) => QUICK_FILTERS.slice(1).some((f) => matchesQuickFilter(f, c.id))).map((c) => c.id);
    expect(reachable).toEqual(['comidas', 'experiencias', 'regalos', 'mascotas', 'suscripciones']);
  });
});
