import { describe, expect, it } from 'vitest';
import { literalOf } from './client';

// Decision 323: what runLastAndCommit may write into a statement's text, and what sends it the slow way.
describe('literalOf', () => {
  it('writes numbers, booleans, NULL and plain strings as literals', () => {
    expect(literalOf(12)).toBe('12');
    expect(literalOf(false)).toBe('false');
    expect(literalOf(null)).toBe('NULL');
    expect(literalOf('company-spend:7b0c2f4e-9a1d-4c3e-8f00-123456789abc')).toBe("'company-spend:7b0c2f4e-9a1d-4c3e-8f00-123456789abc'");
    expect(literalOf('2026-11-27')).toBe("'2026-11-27'");
    expect(literalOf('JBG01')).toBe("'JBG01'");
  });

  it('refuses anything that could end or escape a literal, and values that are not plain', () => {
    expect(literalOf("o'brien")).toBeNull();
    expect(literalOf('a\\b')).toBeNull();
    expect(literalOf('línea\nnueva')).toBeNull();
    expect(literalOf(Number.NaN)).toBeNull();
    expect(literalOf(new Date())).toBeNull();
    expect(literalOf({ a: 1 })).toBeNull();
    expect(literalOf(undefined)).toBeNull();
  });
});
