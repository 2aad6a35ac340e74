/** A server-paged list (decisions §3): `{ message, page, pages, total }`. */
export function paginate<T>(items: readonly T[], query: { page: number; limit: number }) {
  const total = items.length;
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const start = (query.page - 1) * query.limit;
  return { message: items.slice(start, start + query.limit), page: query.page, pages, total };
}

/** Exact, case-insensitive match of an optional search term (spec §2: exact e-mail search). */
export function matches(value: string | null | undefined, term: string | undefined): boolean {
  if (!term) return true;
  return (value ?? '').toLowerCase() === term.trim().toLowerCase();
}
