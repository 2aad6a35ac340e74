import {
  airtimePrice,
  api,
  couponMeta,
  couponPrice,
  MSG,
  SERVER_MSG,
  type CouponProduct,
} from '@contract';
import { now } from '../clock';
import { me } from '../contract-handler';
import { db } from '../db';
import { MockApiError } from '../errors';
import { findNetwork } from '../services/catalogue';
import { issueCoupons, redeemable } from '../services/coupons';
import { assertOnSale } from '../services/purchase';
import {
  quoteAirtime,
  quoteCable,
  quoteData,
  quoteEducation,
  quoteElectricity,
  type Quote,
} from '../services/quotes';
import { couponPurchaseRecord, transactionId } from '../services/records';
import { priceFor } from '../services/tiers';
import { toCoupon } from '../services/views';
import { assertCanSpend, checkPin, debit } from '../services/wallet';
import { impl } from './impl';

/** Buying coupons to gift, and loading one on a purchase screen (decisions §8). */

interface CouponBuy {
  product: CouponProduct;
  amount?: number;
  service_id?: string;
  plan_id?: string;
  network_id?: string;
}

/** What one coupon of the order costs: the same product bought from the wallet. */
function unitQuote(order: CouponBuy): Quote {
  const c = db.catalogue;
  const plan = order.plan_id ?? '';
  switch (order.product) {
    case 'AIRTIME': {
      // The network is optional: "gift airtime without knowing the recipient's number".
      const network = order.network_id ?? order.service_id;
      const known = network ? findNetwork(c, network) : undefined;
      if (network && !known) throw new MockApiError('not_found', SERVER_MSG.productNotFound);
      const amount = order.amount ?? 0;
      if (known) return quoteAirtime(c, known.id, amount);
      // No network, no network discount (as the server): the face value is charged.
      const any = quoteAirtime(c, c.networks[0]?.id ?? 'mtn', amount);
      return {
        ...any,
        price: airtimePrice(amount, 0),
        plan: 'Airtime',
        meta: couponMeta.airtime(amount),
      };
    }
    case 'ELECTRICITY': {
      if (!order.service_id) throw new MockApiError('validation_error', MSG.inputsInvalid);
      return quoteElectricity(c, order.service_id, 'prepaid', order.amount ?? 0);
    }
    case 'DATA-REGULAR':
    case 'DATA-NON-REGULAR': {
      const quote = quoteData(c, order.service_id, plan);
      if (quote.couponProduct !== order.product)
        throw new MockApiError('validation_error', MSG.inputsInvalid);
      return quote;
    }
    case 'CABLETV':
      return quoteCable(c, order.service_id, plan);
    case 'EDUCATION':
      return quoteEducation(c, order.service_id, plan);
  }
}

export const coupon = {
  buyCoupon: impl(api.buyCoupon, (ctx) => {
    const user = me(ctx);
    const { body } = ctx;
    const standard = unitQuote(body);
    // A unit costs the customer's tier price (ADR 0027), as on the server.
    const unit = { ...standard, price: priceFor(user, body.product, standard.price) };
    assertOnSale(unit);
    assertCanSpend(user);
    checkPin(user, body.pin);
    const price = couponPrice(unit.price, body.unit);
    const before = debit(user, price.total);
    const coupons = issueCoupons(user, unit, body.unit);
    const at = now();
    db.seq += 1;
    db.transactions.unshift(
      couponPurchaseRecord({
        id: transactionId(at, db.seq),
        at,
        user,
        unit,
        units: body.unit,
        price,
        balanceBefore: before,
      }),
    );
    return { message: coupons.map(toCoupon) };
  }),

  // Unknown, used and expired codes all answer 422 invalid_coupon (ERROR_STATUS), each with
  // its own sentence; the coupon tab shows the msg.
  verifyCoupon: impl(api.verifyCoupon, ({ body }) => ({
    message: toCoupon(redeemable(body.coupon_code)),
  })),
};
