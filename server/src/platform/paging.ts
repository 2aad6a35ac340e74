import type { SelectQueryBuilder } from 'kysely';

/**
 * Server-paged lists (decisions §3): `{ message, page, pages, total }`. The totals come from
 * the aggregates (aggregates.ts, ADR 0020), so a page load never counts a whole table.
 */

export interface PageQuery {
  page: number;
  limit: number;
}

export function paged<T>(items: T[], query: PageQuery, total: number) {
  return {
    message: items,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
    total,
  };
}

/** How many rows a list's filtered query matches (its `total`). */
export async function countRows<DB, TB extends keyof DB>(
  base: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = (await base
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string };
  return Number(row.total);
}
