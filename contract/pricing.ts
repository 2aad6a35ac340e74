import type { Kobo } from './money';
import { LIMITS, NAIRA } from './business-limits';

/**
 * Pricing rules of spec §9 and decisions §5–§6, as pure functions on integer kobo.
 * The forms show these totals before asking for the pin; the mocks and the server charge
 * exactly these. Percentages are converted to basis points so every step is integer math.
 */

// NAIRA and LIMITS live in business-limits.ts: list pages need them and nothing else here.
export { LIMITS, NAIRA };

// The timers live in timers.ts: every page's session code needs them and nothing else here.
export { TIMERS } from './timers';

/** Percent (up to 2 decimals) → basis points, an integer. */
export function percentToBps(percent: number): number {
  return Math.round(percent * 100);
}

/** `amount × bps / 10000`, rounded half up, in integer math. */
export function applyBps(amount: Kobo, bps: number): Kobo {
  assertKobo(amount);
  // Split amount = q·10000 + r so no product exceeds 2^53 (amount × bps can, near MAX_KOBO).
  const q = Math.floor(amount / 10_000);
  const r = amount - q * 10_000;
  return q * bps + Math.floor((r * bps + 5_000) / 10_000);
}

function assertKobo(amount: Kobo): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`expected a non-negative integer kobo amount, got ${amount}`);
  }
}

export interface PriceBreakdown {
  /** Face value of what is bought (for all units). */
  value: Kobo;
  /** Fees added (convenience, electricity fee). */
  fee: Kobo;
  /** Discount taken off (airtime percent off). */
  discount: Kobo;
  /** What the wallet is charged: value + fee − discount. */
  total: Kobo;
}

function breakdown(value: Kobo, fee = 0, discount = 0): PriceBreakdown {
  return { value, fee, discount, total: value + fee - discount };
}

/** Airtime: payable = amount − wallet_percent_off % (spec §9). */
export function airtimePrice(amount: Kobo, walletPercentOff: number): PriceBreakdown {
  return breakdown(amount, 0, applyBps(amount, percentToBps(walletPercentOff)));
}

/** Data: the plan's wallet price. */
export function dataPrice(walletPrice: Kobo): PriceBreakdown {
  assertKobo(walletPrice);
  return breakdown(walletPrice);
}

/** Electricity: fee % of the amount under ₦1,000; a flat ₦100 from ₦1,000 (spec §9). */
export function electricityPrice(amount: Kobo, feePercent: number): PriceBreakdown {
  assertKobo(amount);
  const fee =
    amount < LIMITS.electricityFlatFeeFrom
      ? applyBps(amount, percentToBps(feePercent))
      : LIMITS.electricityFlatFee;
  return breakdown(amount, fee);
}

/** Cable TV and education: (price + convenience fee) per unit (spec §9). */
export function billPrice(price: Kobo, convenienceFee: Kobo, units = 1): PriceBreakdown {
  assertKobo(price);
  assertKobo(convenienceFee);
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`bad units: ${units}`);
  return breakdown(price * units, convenienceFee * units);
}

/**
 * Coupons: `units × unit price`, where a unit costs what the same product costs from the
 * wallet (decisions §8). `unit` is the single-unit breakdown from the functions above.
 */
export function couponPrice(unit: PriceBreakdown, units: number): PriceBreakdown {
  if (!Number.isSafeInteger(units) || units < 1) throw new RangeError(`bad units: ${units}`);
  return breakdown(unit.value * units, unit.fee * units, unit.discount * units);
}

/** Stamp duty: ₦50 on payments above ₦9,999 (spec §9). */
export function stampDuty(amount: Kobo): Kobo {
  assertKobo(amount);
  return amount > LIMITS.stampDutyAbove ? LIMITS.stampDuty : 0;
}

/**
 * Who bears the card provider's charge (`CARD_FEE_BEARER`): the business books it as an
 * expense (the default), or the customer's credit is that much less.
 */
export const CARD_FEE_PAYERS = ['business', 'customer'] as const;
export type CardFeePayer = (typeof CARD_FEE_PAYERS)[number];

/**
 * What a card payment credits to the wallet (decisions §6): the amount less stamp duty, and
 * less the card fee when the customer bears it.
 */
export function fundingCredit(amount: Kobo, feePayer: CardFeePayer = 'business'): Kobo {
  return amount - stampDuty(amount) - (feePayer === 'customer' ? cardFee(amount) : 0);
}

/** The card provider's charge: 1.4 %, capped at ₦2,000 (decisions §6, domain). */
export function cardFee(amount: Kobo): Kobo {
  return Math.min(applyBps(amount, LIMITS.cardFeeBps), LIMITS.cardFeeCap);
}
