import { z } from './zod';
import { endpoint, IdParams, message } from './endpoint';
import { COUPON_SCREEN, EpochMs, type CouponProduct, type Product } from './entities';
import type { Kobo } from './money';
import { hasAtMostTwoDecimals } from './money';
import type { PriceBreakdown } from './pricing';
import { MAX_LENGTH, notEmpty, requiredId, text } from './rules';

/**
 * Price tiers (ADR 0027). A tier is a percentage discount per product, in
 * basis points, taken off what the product costs from the wallet today (fees and the network's
 * airtime discount included). Every customer is on the default tier (no discount) until an
 * admin moves them. `tierPrice` is the one way a tier price is computed: the server charges
 * it inside the purchase transaction, the mocks charge it, the forms show it.
 *
 * Rounding: the discount is rounded UP to the kobo (the customer's favour). A price never goes
 * below the provider's cost (`providerCost`): a tier whose discount could do so is refused when
 * it is saved (`tierBelowCost`), and the purchase clamps to the cost if a later change of a
 * network's discount would still take it below. The cost is estimated from our own price
 * (`PROVIDER_COMMISSION_BPS` off it): we do not store the provider's price of a plan, so an
 * admin who lowers a plan's price below the provider's price is not stopped by this floor.
 */

export const TIER_PRODUCTS = ['airtime', 'data', 'cabletv', 'electricity', 'education'] as const;
export type TierProduct = (typeof TIER_PRODUCTS)[number];
/** Discount per product, in basis points (1 % = 100). */
export type TierDiscounts = Record<TierProduct, number>;

export const TIER_PRODUCT_LABELS: Record<TierProduct, string> = {
  airtime: 'Airtime',
  data: 'Data',
  cabletv: 'Cable TV',
  electricity: 'Electricity',
  education: 'Education',
};

/** The tier product of a purchase screen's product (Coupon and Transfer have none). */
const BY_PRODUCT: Partial<Record<Product, TierProduct>> = {
  Airtime: 'airtime',
  Data: 'data',
  CableTV: 'cabletv',
  Electricity: 'electricity',
  Education: 'education',
};
export function tierProductOf(product: Product | CouponProduct): TierProduct {
  const screen = product in COUPON_SCREEN ? COUPON_SCREEN[product as CouponProduct] : product;
  const found = BY_PRODUCT[screen as Product];
  if (!found) throw new RangeError(`no tier product for ${product}`);
  return found;
}

/** The tier every customer is on until an admin moves them. */
export const DEFAULT_TIER_ID = 'standard';
export const NO_DISCOUNTS: TierDiscounts = {
  airtime: 0,
  data: 0,
  cabletv: 0,
  electricity: 0,
  education: 0,
};

/**
 * What the provider keeps off each product's face value for us (its commission), in basis
 * points: our cost of an item is its face value minus this. The defaults are conservative
 * figures for a VTpass reseller account; an operator with other terms changes them here.
 */
export const PROVIDER_COMMISSION_BPS: TierDiscounts = {
  airtime: 600,
  data: 300,
  cabletv: 150,
  electricity: 100,
  education: 100,
};

/** At most this many tiers (a short list an admin picks from). */
export const MAX_TIERS = 20;
export const TIER_NAME_MAX = 40;

export const TIER_MSG = {
  nameRequired: 'Enter the tier’s name.',
  nameTooLong: `A tier’s name is at most ${TIER_NAME_MAX} characters.`,
  discount: 'Enter a discount from 0 to 100% with at most 2 decimals.',
  nameTaken: 'A tier with this name already exists.',
  notFound: 'This tier does not exist.',
  tooMany: `There can be at most ${MAX_TIERS} tiers.`,
  created: 'Tier created.',
  saved: 'Tier saved.',
  moved: 'The customer’s tier was changed.',
  sameTier: 'The customer is already on this tier.',
} as const;

/** "A tier cannot price Airtime below the provider's cost: at most 2.08% off." */
export function tierBelowCostMessage(product: TierProduct, maxBps: number): string {
  return `A tier cannot price ${TIER_PRODUCT_LABELS[product]} below the provider’s cost: at most ${percentText(maxBps)} off.`;
}

/** 250 → "2.5%", 200 → "2%". */
export function percentText(bps: number): string {
  return `${Number((bps / 100).toFixed(2))}%`;
}

/** The discount on `total`: `total × bps / 10000`, rounded up (in the customer's favour). */
export function tierDiscount(total: Kobo, bps: number): Kobo {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`bad kobo: ${total}`);
  if (!Number.isInteger(bps) || bps < 0 || bps > 10_000) throw new RangeError(`bad bps: ${bps}`);
  // total = q·10000 + r keeps every product below 2^53.
  const q = Math.floor(total / 10_000);
  const r = total - q * 10_000;
  return q * bps + Math.ceil((r * bps) / 10_000);
}

/** What an item of face value `value` costs us: value − commission (rounded down: our favour). */
export function providerCost(product: TierProduct, value: Kobo): Kobo {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`bad kobo: ${value}`);
  const c = PROVIDER_COMMISSION_BPS[product];
  const q = Math.floor(value / 10_000);
  const r = value - q * 10_000;
  return value - (q * c + Math.floor((r * c) / 10_000));
}

/**
 * The tier's price of an item whose standard wallet price is `price` (from airtimePrice,
 * dataPrice, billPrice, electricityPrice): the discount is rounded up, and the total never
 * goes below the provider's cost (nor above the standard total).
 */
export function tierPrice(
  product: TierProduct,
  price: PriceBreakdown,
  discounts: TierDiscounts | undefined,
): PriceBreakdown {
  const bps = discounts?.[product] ?? 0;
  if (bps === 0) return price;
  const floor = Math.min(price.total, providerCost(product, price.value));
  const total = Math.max(price.total - tierDiscount(price.total, bps), floor);
  return { ...price, discount: price.discount + (price.total - total), total };
}

/**
 * The largest discount on `product` that keeps every item at or above the provider's cost.
 * Every product but airtime costs at least its face value from the wallet, so the most is the
 * commission; airtime already has the networks' discounts (percent, as stored), compounded.
 */
export function maxTierBps(product: TierProduct, networkPercentOff: readonly number[]): number {
  const c = PROVIDER_COMMISSION_BPS[product];
  if (product !== 'airtime') return c;
  let most = c;
  for (const percent of networkPercentOff) {
    const off = Math.round(percent * 100);
    // (10000 − off)(10000 − d) ≥ (10000 − c)·10000  ⇔  d ≤ 10000 − (10000 − c)·10000/(10000 − off)
    const d = off >= 10_000 ? 0 : 10_000 - Math.ceil(((10_000 - c) * 10_000) / (10_000 - off));
    most = Math.min(most, Math.max(0, d));
  }
  return most;
}

/** The first product whose discount would price below the provider's cost, or null. */
export function tierBelowCost(
  discounts: TierDiscounts,
  networkPercentOff: readonly number[],
): { product: TierProduct; maxBps: number; message: string } | null {
  for (const product of TIER_PRODUCTS) {
    const maxBps = maxTierBps(product, networkPercentOff);
    if (discounts[product] > maxBps) {
      return { product, maxBps, message: tierBelowCostMessage(product, maxBps) };
    }
  }
  return null;
}

// ── Wire ──────────────────────────────────────────────────────────────────────

/** A discount: percent with at most 2 decimals on the wire, basis points after parsing. */
export const DiscountPercent = z.codec(
  z
    .number({ error: TIER_MSG.discount })
    .check(
      z.gte(0, TIER_MSG.discount),
      z.lte(100, TIER_MSG.discount),
      z.refine(hasAtMostTwoDecimals, TIER_MSG.discount),
    ),
  z.int().check(z.gte(0), z.lte(10_000)),
  { decode: (p) => Math.round(p * 100), encode: (bps) => bps / 100 },
);

export const TierDiscountsSchema = z.object({
  airtime: DiscountPercent,
  data: DiscountPercent,
  cabletv: DiscountPercent,
  electricity: DiscountPercent,
  education: DiscountPercent,
});

export const TierSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The tier customers are on until moved (cannot be renamed away or removed). */
  is_default: z.boolean(),
  discounts: TierDiscountsSchema,
  /** Customers moved onto this tier (the default tier counts everyone else too). */
  customers: z.int().check(z.nonnegative()),
  updated_at: EpochMs,
});
export type Tier = z.output<typeof TierSchema>;

/** The signed-in customer's tier: what the forms apply to the catalogue's prices. */
export const MyTierSchema = z.pick(TierSchema, { id: true, name: true, discounts: true });
export type MyTier = z.output<typeof MyTierSchema>;

export const TierNameSchema = text([[notEmpty, TIER_MSG.nameRequired]], {
  max: TIER_NAME_MAX,
  tooLong: TIER_MSG.nameTooLong,
});

/** Create (`POST`) or edit (`PUT /:id`) a tier. */
export const TierBody = z.object({
  name: TierNameSchema,
  discounts: TierDiscountsSchema,
});

/** Move a customer onto a tier. */
export const UserTierBody = z.object({
  userId: requiredId(),
  tierId: requiredId(TIER_MSG.notFound, MAX_LENGTH.id),
});

// ── Endpoints (spread into `api`) ────────────────────────────────────────────

const Text = message(z.string());

export const myTier = endpoint({
  name: 'user.tier',
  method: 'GET',
  path: '/api/user/tier',
  access: 'user',
  summary: 'Your price tier: the discount per product the purchase forms apply (ADR 0027).',
  response: message(MyTierSchema),
});
export const tiers = endpoint({
  name: 'admin.tiers',
  method: 'GET',
  path: '/api/admin/tiers',
  access: 'admin',
  summary: 'Every price tier with its discounts and how many customers are on it.',
  response: message(z.array(TierSchema).check(z.maxLength(MAX_TIERS))),
});
export const createTier = endpoint({
  name: 'admin.createTier',
  method: 'POST',
  path: '/api/admin/tiers',
  access: 'admin',
  summary: 'Create a price tier; refused if it would price below the provider’s cost.',
  body: TierBody,
  response: message(TierSchema),
  errors: [400, 401, 403, 409, 423, 429, 500],
});
export const editTier = endpoint({
  name: 'admin.editTier',
  method: 'PUT',
  path: '/api/admin/tiers/:id',
  access: 'admin',
  summary: 'Rename a tier or change its discounts (later purchases only); audited.',
  params: IdParams,
  body: TierBody,
  response: message(TierSchema),
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
export const setUserTier = endpoint({
  name: 'admin.setUserTier',
  method: 'POST',
  path: '/api/admin/users/tier',
  access: 'admin',
  summary: 'Move a customer onto a price tier; audited.',
  body: UserTierBody,
  response: Text,
  errors: [400, 401, 403, 404, 409, 423, 429, 500],
});
