import { describe, expect, it } from 'vitest';
import { normalizeCategory, pickRecommendations, shuffled } from './recommendations';

const b = (id: string, category: string | null) => ({ id, category });
const CANDIDATES = [b('c1', 'comidas'), b('c2', 'comidas'), b('m1', 'mascotas'), b('r1', 'regalos'), b('x1', 'descuentos'), b('n1', null)];
/** A fixed sequence, so "random" picks are repeatable. */
const seq = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};
const ids = (items: { id: string }[]) => items.map((i) => i.id);

describe('pickRecommendations', () => {
  it('takes one of each preferred category, in the ranked order', () => {
    const picked = pickRecommendations(CANDIDATES, ['regalos', 'comidas', 'mascotas'], { random: seq(0.5) });
    expect(picked.map((p) => p.category)).toEqual(['regalos', 'comidas', 'mascotas']);
  });

  it('takes turns again when a category runs out, then pads with other benefits', () => {
    const picked = pickRecommendations(CANDIDATES, ['comidas', 'suscripciones'], { random: seq(0.1, 0.9) });
    expect(ids(picked).slice(0, 2).sort()).toEqual(['c1', 'c2']);
    expect(picked).toHaveLength(3);
    expect(picked[2].category).not.toBe('comidas');
  });

  it('with no preferences picks any three at random, without repeating one', () => {
    const a = pickRecommendations(CANDIDATES, [], { random: seq(0) });
    const z = pickRecommendations(CANDIDATES, [], { random: seq(0.99) });
    expect(a).toHaveLength(3);
    expect(new Set(ids(a)).size).toBe(3);
    expect(ids(a)).not.toEqual(ids(z));
  });

  it('matches categories written as free text, and never invents benefits', () => {
    const picked = pickRecommendations([b('a', ' Mascotas '), b('z', 'comidas')], ['mascotas'], { random: seq(0.3) });
    expect(ids(picked)).toEqual(['a', 'z']);
    expect(pickRecommendations([], ['comidas'])).toEqual([]);
  });

  it('ignores a repeated preference', () => {
    const picked = pickRecommendations(CANDIDATES, ['mascotas', 'mascotas', 'regalos'], { random: seq(0.2), count: 2 });
    expect(picked.map((p) => p.category)).toEqual(['mascotas', 'regalos']);
  });
});

describe('helpers', () => {
  it('normalizes accents, case and spaces', () => {
    expect(normalizeCategory('  Salud y Bienestár ')).toBe('salud_y_bienestar');
    expect(normalizeCategory(null)).toBe('');
  });

  it('shuffles a copy and keeps every item', () => {
    const items = [1, 2, 3, 4];
    const out = shuffled(items, seq(0));
    expect(out.sort()).toEqual([1, 2, 3, 4]);
    expect(items).toEqual([1, 2, 3, 4]);
  });
});
