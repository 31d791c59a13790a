import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseDayMonthYear, timeAgo } from './dates';

describe('dates in Santiago time', () => {
  it('formats dd/mm/yyyy hh:mm', () => {
    // 2026-01-15 15:05 UTC is 12:05 in Santiago (UTC-3 in summer).
    expect(formatDateTime('2026-01-15T15:05:00Z')).toBe('15/01/2026 12:05');
  });
  it('formats midnight as 00', () => {
    expect(formatDateTime('2026-07-01T04:00:00Z')).toBe('01/07/2026 00:00');
  });
  it('formats a date', () => expect(formatDate('2026-03-09T12:00:00Z')).toBe('09/03/2026'));
});

describe('timeAgo', () => {
  const now = Date.UTC(2026, 11, 24, 12, 0, 0);
  it.each([
    [now - 30_000, 'hace un momento'],
    [now - 60_000, 'hace 1 minuto'],
    [now - 59 * 60_000, 'hace 59 minutos'],
    [now - 60 * 60_000, 'hace 1 hora'],
    [now - 23 * 3_600_000, 'hace 23 horas'],
    [now - 24 * 3_600_000, 'hace 1 día'],
    [now - 5 * 86_400_000, 'hace 5 días'],
    // A device clock set back never says "in the future".
    [now + 60_000, 'hace un momento'],
  ])('%i → %s', (then, text) => {
    expect(timeAgo(then, now)).toBe(text);
  });
});

describe('a date typed as dd/mm/yyyy', () => {
  it('reads day first, with or without leading zeros', () => {
    expect(parseDayMonthYear('05/03/2026')).toBe('2026-03-05');
    expect(parseDayMonthYear('5/3/2026')).toBe('2026-03-05');
    expect(parseDayMonthYear('31-12-2026')).toBe('2026-12-31');
  });
  it('refuses what is not a real date or not finished', () => {
    expect(parseDayMonthYear('31/02/2026')).toBeNull();
    expect(parseDayMonthYear('13/13/2026')).toBeNull();
    expect(parseDayMonthYear('12/03/20')).toBeNull();
    expect(parseDayMonthYear('2026-03-05')).toBeNull();
  });
});
