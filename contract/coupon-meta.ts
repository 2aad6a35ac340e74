import type { CouponMeta, CouponProduct } from './entities';
import { nairaText, type Kobo } from './money';

/**
 * What a coupon carries (`meta_data`, spec §3): everything its redemption needs, built here
 * once so the server and the mocks store the same shape (the server used to drop an
 * electricity coupon's DisCo, so it could never be redeemed). Arguments are catalogue entries
 * as the contract describes them (entities.ts), or the server's rows of the same columns.
 */
export const couponMeta = {
  /** Airtime of `amount`; without a network it can be sent to any network's number. */
  airtime(amount: Kobo, network?: { id: string; name: string; service_id: string }): CouponMeta {
    return {
      product: 'AIRTIME',
      name: `${nairaText(amount)} ${network ? `${network.name} ` : ''}Airtime`,
      amount,
      ...(network && { network_id: network.id, service_id: network.service_id }),
    };
  },

  /** A prepaid token of `amount` from one DisCo (decisions §8: electricity coupons are prepaid). */
  electricity(
    amount: Kobo,
    disco: { name: string; service_id: string; variation_code: 'prepaid' | 'postpaid' },
  ): CouponMeta {
    return {
      product: 'ELECTRICITY',
      name: `${nairaText(amount)} ${disco.name}`,
      amount,
      service_id: disco.service_id,
      variation_code: disco.variation_code,
    };
  },

  /** A data plan: DATA-NON-REGULAR for plans bought for an account id (SPECTRANET, SMILE). */
  data(
    product: 'DATA-REGULAR' | 'DATA-NON-REGULAR',
    plan: { id: string; name: string; price: Kobo },
    variation: { name: string; network_id: string; service_id: string },
  ): CouponMeta {
    return {
      product,
      name: `${variation.name} ${plan.name}`,
      plan: plan.name,
      amount: plan.price,
      plan_id: plan.id,
      network_id: variation.network_id,
      service_id: variation.service_id,
    };
  },

  /** A cable TV bouquet or one exam pin. */
  bill(
    product: 'CABLETV' | 'EDUCATION',
    plan: { id: string; name: string; price: Kobo },
    variation: { service_id: string },
  ): CouponMeta {
    return {
      product,
      name: plan.name,
      plan: plan.name,
      amount: plan.price,
      plan_id: plan.id,
      service_id: variation.service_id,
    };
  },
};

/**
 * The keys of each product's `meta_data`, as `couponMeta` builds them (an airtime coupon for
 * any network carries only product, name and amount). Tests hold the server and the mocks to it.
 */
export const COUPON_META_KEYS = {
  AIRTIME: ['product', 'name', 'amount', 'network_id', 'service_id'],
  ELECTRICITY: ['product', 'name', 'amount', 'service_id', 'variation_code'],
  'DATA-REGULAR': ['product', 'name', 'plan', 'amount', 'plan_id', 'network_id', 'service_id'],
  'DATA-NON-REGULAR': ['product', 'name', 'plan', 'amount', 'plan_id', 'network_id', 'service_id'],
  CABLETV: ['product', 'name', 'plan', 'amount', 'plan_id', 'service_id'],
  EDUCATION: ['product', 'name', 'plan', 'amount', 'plan_id', 'service_id'],
} as const satisfies Record<CouponProduct, readonly (keyof CouponMeta)[]>;
