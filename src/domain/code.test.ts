import { describe, expect, it } from 'vitest';
import { codeReadKey, CODE_PATTERN, formatCode, generateCode, normalizeCode } from './code';

describe('benefit codes', () => {
  it('are 8 characters of A-Z and 0-9, without O, 0, I, 1 or L, and differ', () => {
    const codes = new Set(Array.from({ length: 2000 }, generateCode));
    expect(codes.size).toBe(2000);
    for (const code of codes) {
      expect(code).toMatch(CODE_PATTERN);
      expect(code).not.toMatch(/[O0I1L]/);
    }
  });

  it('normalizes typed input: spaces, hyphens, case', () => {
    expect(normalizeCode('  ab12cd34 ')).toBe('AB12CD34');
    expect(normalizeCode('abcd-efgh')).toBe('ABCDEFGH');
    expect(normalizeCode(' AB CD\tEF GH ')).toBe('ABCDEFGH');
  });

  it('reads O as 0 and I, L as 1 in the reading key, and leaves new codes as they are', () => {
    expect(codeReadKey('bo1i-l0xy')).toBe('B0111' + '0XY');
    const code = generateCode();
    expect(codeReadKey(code)).toBe(code);
    expect(codeReadKey(formatCode(code).toLowerCase())).toBe(code);
  });

  it('groups a code by four for display', () => {
    expect(formatCode('ABCDEFGH')).toBe('ABCD EFGH');
    expect(normalizeCode(formatCode('ABCDEFGH'))).toBe('ABCDEFGH');
  });
});
