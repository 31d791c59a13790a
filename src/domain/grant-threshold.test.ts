import { describe, expect, it } from 'vitest';
import { isLargeGrant, isLargeGrantConfirmed, largeGrantThreshold } from './grant-threshold';

describe('the large-grant threshold (decision 358)', () => {
  it('is 10× the monthly allowance, or 100 without one', () => {
    expect(largeGrantThreshold(50)).toBe(500);
    expect(largeGrantThreshold(0)).toBe(100);
  });

  it('counts as large only what is above the threshold', () => {
    expect(isLargeGrant(100, 0)).toBe(false);
    expect(isLargeGrant(101, 0)).toBe(true);
    expect(isLargeGrant(1000, 50)).toBe(true);
    expect(isLargeGrant(500, 50)).toBe(false);
  });

  it('takes the confirmation word in any case, with spaces around it', () => {
    expect(isLargeGrantConfirmed(' asignar ')).toBe(true);
    expect(isLargeGrantConfirmed('ASIGNA')).toBe(false);
    expect(isLargeGrantConfirmed('')).toBe(false);
  });
});
