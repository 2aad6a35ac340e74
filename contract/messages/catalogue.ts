/**
 * The catalogue from the provider (ADR 0044). The server and
 * the plan form send the same sentence; the cost is formatted by the caller (e.g. "₦350").
 */
export const CATALOGUE_MSG = {
  /** An admin price (or putting a plan back on sale) under what the provider charges us. */
  priceBelowCost: (cost: string) =>
    `The price cannot be below the provider's cost of ${cost}. Set at least ${cost}.`,
  synced: 'Catalogue synced with the providers.',
  /** A plan whose price is the provider's cost: a margin of ₦0.00 (ADR 0077). */
  pricedAtCost: 'Priced at cost',
  /** Above the list when every plan of a service on sale, its cost known, is at cost. */
  everyPlanAtCost: (service: string) =>
    `Every plan of ${service} is priced at cost: you earn nothing on it.`,
} as const;

/**
 * Renewing or changing a TV bouquet (ADR 0077): the cable form and the server send these. The
 * bouquet names and amounts are formatted by the caller ("DStv Yanga", "₦2,700").
 */
export const TV_MSG = {
  renew: 'Renew current bouquet',
  change: 'Change bouquet',
  /** Shown before the pin whenever the chosen plan is not the card's current bouquet. */
  changeReplaces: (current: string) =>
    `Changing bouquet replaces ${current} on this card from the moment you pay; the new bouquet starts then.`,
  /** A renewal whose amount moved after the customer saw it: nothing was charged. */
  renewalChanged: 'The renewal price has changed. Verify the smart card again to see it.',
  /** A renewal for a card whose bouquet is no longer the one shown: nothing was charged. */
  bouquetChanged:
    'This smart card is no longer on the bouquet shown. Verify it again, or change bouquet.',
  /** Renewal is offered for DStv and GOtv cards on a bouquet we sell; no coupon renews. */
  renewUnavailable: 'This bouquet cannot be renewed here. Choose a plan to change bouquet.',
} as const;
