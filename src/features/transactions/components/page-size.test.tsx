import { describe, expect, it } from 'vitest';
import { HistoryQuery } from '@contract/endpoints';
import { LIMITS } from '@contract/business-limits';
import { HISTORY_PAGE_SIZE, historyPageSize } from './page-size';

/** the history's page size fits the screen instead of being 5 everywhere. */
describe('historyPageSize', () => {
  it('keeps the spec page size on a 360 × 740 phone, where two-line rows fit few', () => {
    expect(historyPageSize({ width: 360, height: 740 })).toBe(LIMITS.pageSize);
  });

  it('fills a desktop screen with one-line rows', () => {
    expect(historyPageSize({ width: 1280, height: 800 })).toBe(8);
    expect(historyPageSize({ width: 1920, height: 1080 })).toBe(14);
  });

  it('grows with a tall phone, never below the spec page size', () => {
    expect(historyPageSize({ width: 412, height: 915 })).toBe(5);
    expect(historyPageSize({ width: 430, height: 1400 })).toBe(10);
    expect(historyPageSize({ width: 360, height: 300 })).toBe(LIMITS.pageSize);
    expect(historyPageSize({ width: 0, height: 0 })).toBe(LIMITS.pageSize);
  });

  it('stops at 50 rows on a very tall screen', () => {
    expect(historyPageSize({ width: 1080, height: 3840 })).toBe(HISTORY_PAGE_SIZE.max);
  });

  it('asks only for page sizes the contract accepts', () => {
    for (const limit of [HISTORY_PAGE_SIZE.min, HISTORY_PAGE_SIZE.max]) {
      expect(HistoryQuery.parse({ limit: String(limit) }).limit).toBe(limit);
    }
  });
});
