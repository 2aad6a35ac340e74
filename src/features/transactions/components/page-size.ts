import { LIMITS } from '@contract/business-limits';

/**
 * How many history rows a page holds: as many as fit the screen, so a phone shows a
 * short page and a desktop's is not half empty. Never fewer than the spec's page size of 5, and
 * never more than 50 (a tall monitor's worth; the contract allows up to 100 per request).
 */
export const HISTORY_PAGE_SIZE = { min: LIMITS.pageSize, max: 50 } as const;

/** `md`: where the history shows one line per row instead of two. */
const WIDE = 768;

/**
 * One row's height in px: a line and its status badge on wide screens; on phones the date and
 * what it was, then the amount and the status under it. Measured, with the next constant, in
 * the Transactions page story at 1280 × 800 and 360 × 740.
 */
const ROW = { wide: 47, narrow: 69 } as const;

/**
 * What the page draws above and below its rows in px: the dashboard's header, the title, the
 * filters (one line on wide screens, stacked on phones), the table's header, the pager and the
 * phone's bottom navigation.
 */
const AROUND = { wide: 410, narrow: 680 } as const;

/** The page size for a viewport of this size (CSS px). */
export function historyPageSize(viewport: { width: number; height: number }): number {
  const wide = viewport.width >= WIDE;
  const fit = Math.floor(
    (viewport.height - AROUND[wide ? 'wide' : 'narrow']) / ROW[wide ? 'wide' : 'narrow'],
  );
  return Math.min(HISTORY_PAGE_SIZE.max, Math.max(HISTORY_PAGE_SIZE.min, fit));
}
