import { describe, expect, it } from 'vitest';
import { plural, tokens } from './plural';

describe('plural', () => {
  it('agrees with one', () => {
    expect(plural(1, 'token asignado', 'tokens asignados')).toBe('1 token asignado');
    expect(`a ${plural(1, 'usuario', 'usuarios')}`).toBe('a 1 usuario');
    expect(plural(1, 'pendiente', 'pendientes')).toBe('1 pendiente');
  });

  it('agrees with zero and many, and writes thousands as people read them', () => {
    expect(plural(0, 'pendiente', 'pendientes')).toBe('0 pendientes');
    expect(tokens(3)).toBe('3 tokens');
    expect(tokens(1250)).toBe('1.250 tokens');
  });
});
