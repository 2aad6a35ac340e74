/**
 * The catalogue from the provider (issue 23 item 2, issue 24 row 9; ADR 0044). The server and
 * the plan form send the same sentence; the cost is formatted by the caller (e.g. "₦350").
 */
export const CATALOGUE_MSG = {
  /** An admin price (or putting a plan back on sale) under what the provider charges us. */
  priceBelowCost: (cost: string) =>
    `The price cannot be below the provider's cost of ${cost}. Set at least ${cost}.`,
  synced: 'Catalogue synced with the providers.',
} as const;
