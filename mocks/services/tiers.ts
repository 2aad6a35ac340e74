import {
  DEFAULT_TIER_ID,
  NO_DISCOUNTS,
  percentText,
  TIER_PRODUCTS,
  tierPrice,
  tierProductOf,
  type CouponProduct,
  type PriceBreakdown,
  type Product,
  type Tier,
  type TierDiscounts,
} from '@contract';
import { db } from '../db';
import type { TierRecord } from '../fixtures/tiers';
import type { UserRecord } from '../records';

/** The discounts of the user's tier (the default tier when never moved), as on the server. */
export function discountsOf(user: UserRecord): TierDiscounts {
  const id = user.tier_id ?? DEFAULT_TIER_ID;
  return db.tiers.find((t) => t.id === id)?.discounts ?? NO_DISCOUNTS;
}

/** The price this user pays for an item whose standard price is `price` (contract tierPrice). */
export function priceFor(
  user: UserRecord,
  product: Product | CouponProduct,
  price: PriceBreakdown,
): PriceBreakdown {
  return tierPrice(tierProductOf(product), price, discountsOf(user));
}

export function toTier(t: TierRecord): Tier {
  const customers = db.users.filter(
    (u) => !u.isAdmin && (u.tier_id ?? DEFAULT_TIER_ID) === t.id,
  ).length;
  return { ...t, customers };
}

/** What the audit log keeps of a tier (as the server). */
export function tierSnapshot(name: string, d: TierDiscounts): Record<string, string> {
  const s: Record<string, string> = { name };
  for (const p of TIER_PRODUCTS) s[p] = percentText(d[p]);
  return s;
}
