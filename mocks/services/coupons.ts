import { COUPON_SCREEN, SERVER_MSG, type Product } from '@contract';
import { DAY, now } from '../clock';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { CouponRecord, UserRecord } from '../records';
import { COUPON_LIFETIME_DAYS, couponCode } from './provider';
import type { Quote } from './quotes';

/**
 * Coupons (decisions §8): bought in bulk from the wallet, redeemed once for the product whose
 * value ends the code; a failed redemption makes the code valid again.
 */

const invalid = (msg: string) => new MockApiError('invalid_coupon', msg);

/** Pasted codes may carry spaces or lower case (FAQ: paste with no spaces). */
export function normaliseCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** A code that can be redeemed now, or the refusal the coupon tab shows. */
export function redeemable(code: string): CouponRecord {
  const coupon = db.coupons.find((c) => c.coupon_code === normaliseCode(code));
  if (!coupon) throw invalid(SERVER_MSG.couponNotFound);
  if (!coupon.isValid) throw invalid(SERVER_MSG.couponUsed);
  // A blocked owner's coupons are frozen until an admin unblocks them (ADR 0015).
  if (db.users.find((u) => u.id === coupon.owner_id)?.isBlocked) {
    throw invalid(SERVER_MSG.couponFrozen);
  }
  if (coupon.expires_at <= now()) throw invalid(SERVER_MSG.couponExpired);
  return coupon;
}

/** The coupon for a purchase screen, when the body names one (spec §4 coupon flow). */
export function couponFor(code: string | undefined, screen: Product): CouponRecord | undefined {
  if (!code) return undefined;
  const coupon = redeemable(code);
  if (COUPON_SCREEN[coupon.meta_data.product] !== screen)
    throw invalid(SERVER_MSG.couponWrongProduct);
  return coupon;
}

export function markRedeemed(coupon: CouponRecord, user: UserRecord): void {
  coupon.isValid = false;
  coupon.redeemed_by = user.id;
}

export function restore(coupon: CouponRecord): void {
  coupon.isValid = true;
  coupon.redeemed_by = null;
}

/** New coupons for `units` of `unit`; the caller has charged `couponPrice(unit.price, units)`. */
export function issueCoupons(owner: UserRecord, unit: Quote, units: number): CouponRecord[] {
  const issuedAt = now();
  const coupons: CouponRecord[] = [];
  for (let i = 0; i < units; i += 1) {
    let code = couponCode(db.rng, unit.couponProduct);
    while (db.coupons.some((c) => c.coupon_code === code))
      code = couponCode(db.rng, unit.couponProduct);
    coupons.push({
      coupon_code: code,
      meta_data: unit.meta,
      isValid: true,
      issued_at: issuedAt,
      expires_at: issuedAt + COUPON_LIFETIME_DAYS * DAY,
      owner_id: owner.id,
      redeemed_by: null,
    });
  }
  db.coupons.push(...coupons);
  return coupons;
}
