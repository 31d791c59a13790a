import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';
import { blankToNull } from './text';

describe('displayName (spec part 2 §7, §8)', () => {
  it('prefers the name, then the email, then "Usuario {id}"', () => {
    expect(displayName({ id: 'u1', name: ' Ana Rojas ', email: 'ana@andes.cl' })).toBe('Ana Rojas');
    expect(displayName({ id: 'u1', name: '  ', email: 'ana@andes.cl' })).toBe('ana@andes.cl');
    expect(displayName({ id: 'u1', name: null, email: '' })).toBe('Usuario u1');
  });

  it('names a user that no longer exists "Usuario desconocido"', () => {
    expect(displayName(null)).toBe('Usuario desconocido');
  });
});

describe('blankToNull', () => {
  it('stores blank optional texts as null and trims the rest', () => {
    expect([blankToNull(undefined), blankToNull(null), blankToNull('  '), blankToNull(' x ')]).toEqual([null, null, null, 'x']);
  });
});
