import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableCharacterIn } from './text';

describe('unstorable text', () => {
  it('finds NUL and a lone surrogate of either half; a whole pair (an emoji) is a character like any other', () => {
    expect(unstorableCharacterIn('a\u0000b')).toBe('nul');
    expect(unstorableCharacterIn('a\ud800')).toBe('surrogate');
    expect(unstorableCharacterIn('\udc00a')).toBe('surrogate');
    expect(unstorableCharacterIn('Ana 😀 ñandú')).toBeNull();
  });

  it('names the first field or key that carries one, however deep', () => {
    expect(findUnstorableText({ rows: [{ email: 'ok' }, { email: '\ud83d' }] })).toEqual({ path: 'rows.1.email', character: 'surrogate' });
    expect(findUnstorableText({ 'x\u0000': 1 })).toEqual({ path: 'x\u0000', character: 'nul' });
    expect(findUnstorableText({ a: ['b', { c: 'd' }], n: 1, z: null })).toBeNull();
  });
});
