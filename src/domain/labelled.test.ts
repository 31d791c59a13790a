import { describe, expect, it } from 'vitest';
import { optionsOf, valuesOf } from './labelled';

describe('a labelled set', () => {
  const labels = { daily: 'Diario', weekly: 'Semanal', monthly: 'Mensual' } as const;

  it('has the labels map’s keys as its values, in its order', () => {
    expect(valuesOf(labels)).toEqual(['daily', 'weekly', 'monthly']);
  });

  it('gives a select every value with its label', () => {
    expect(optionsOf(labels)).toEqual([
      { value: 'daily', label: 'Diario' },
      { value: 'weekly', label: 'Semanal' },
      { value: 'monthly', label: 'Mensual' },
    ]);
  });
});
