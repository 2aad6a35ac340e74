import type { Kobo } from './money';

/** What the admin prices screen needs of a plan to tell its margin (ADR 0044, ADR 0077). */
export interface PricedPlan {
  price: Kobo;
  /** The provider's cost from the last catalogue sync; null (or absent) before a sync knows it. */
  cost?: Kobo | null;
  on_sale: boolean;
}

/** Our price less the provider's cost, or null when the cost is not known. */
export function planMargin(plan: PricedPlan): Kobo | null {
  return plan.cost == null ? null : plan.price - plan.cost;
}

/** A plan sold for exactly what the provider charges us: a known cost and a margin of ₦0.00. */
export function pricedAtCost(plan: PricedPlan): boolean {
  return planMargin(plan) === 0;
}

/**
 * Whether a service earns nothing: it has plans on sale, the cost of every one is known and
 * every one is priced at cost. A plan whose cost is not known yet may earn a margin, so it
 * keeps the sentence from being said; plans off sale earn nothing either way and are left out.
 */
export function everyPlanAtCost(plans: readonly PricedPlan[]): boolean {
  const selling = plans.filter((p) => p.on_sale);
  return selling.length > 0 && selling.every(pricedAtCost);
}
