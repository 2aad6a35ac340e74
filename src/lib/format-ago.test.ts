import { describe, expect, it } from 'vitest';
import { formatAgo } from './dates';

const NOW = Date.UTC(2026, 10, 1, 8, 0);
const MIN = 60_000;

describe('formatAgo (the bell, ADR 0057)', () => {
  it.each([
    [0, 'Just now'],
    [-5 * MIN, 'Just now'],
    [59_999, 'Just now'],
    [MIN, '1 min ago'],
    [59 * MIN, '59 min ago'],
    [60 * MIN, '1 h ago'],
    [23 * 60 * MIN + 59 * MIN, '23 h ago'],
    [24 * 60 * MIN, 'Yesterday'],
    [2 * 24 * 60 * MIN, '2 days ago'],
    [6 * 24 * 60 * MIN, '6 days ago'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(formatAgo(NOW - ago, NOW)).toBe(text);
  });

  it('a week or more: the date, in Lagos', () => {
    expect(formatAgo(NOW - 7 * 24 * 60 * MIN, NOW)).toBe('25 - 10 - 2026');
  });
});
