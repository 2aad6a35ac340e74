import {
  airtimePrice,
  billPrice,
  couponMeta,
  dataPrice,
  electricityPrice,
  SERVER_MSG,
  type Catalogue,
  type CouponMeta,
  type CouponProduct,
  type Kobo,
  type PriceBreakdown,
  type Product,
} from '@contract';
import { MockApiError } from '../errors';
import { findBillPlan, findDataPlan, findElectricity, findNetwork } from './catalogue';

/**
 * What a product costs and how it is described, from catalogue ids only (decisions §5: the
 * price is never taken from the browser). Prices come from contract/pricing, so the mocks
 * charge exactly the total the forms show. Shared by the seed and the purchase handlers.
 */
export interface Quote {
  product: Product;
  /** The coupon value that redeems this product (spec §7). */
  couponProduct: CouponProduct;
  price: PriceBreakdown;
  service_id: string;
  /** The transaction's `plan` text. */
  plan: string;
  /** What a coupon for one unit of this product carries. */
  meta: CouponMeta;
}

const unavailable = () => new MockApiError('not_found', SERVER_MSG.productNotFound);

export function quoteAirtime(catalogue: Catalogue, networkKey: string, amount: Kobo): Quote {
  const network = findNetwork(catalogue, networkKey);
  if (!network) throw unavailable();
  const name = `${network.name} Airtime`;
  return {
    product: 'Airtime',
    couponProduct: 'AIRTIME',
    price: airtimePrice(amount, network.wallet_percent_off),
    service_id: network.service_id,
    plan: name,
    meta: couponMeta.airtime(amount, network),
  };
}

export function quoteData(
  catalogue: Catalogue,
  serviceId: string | undefined,
  planId: string,
): Quote & { requiresAccountId: boolean } {
  const found = findDataPlan(catalogue, serviceId, planId);
  if (!found) throw unavailable();
  const { variation, plan } = found;
  const couponProduct = variation.requires_account_id ? 'DATA-NON-REGULAR' : 'DATA-REGULAR';
  const name = `${variation.name} ${plan.name}`;
  return {
    product: 'Data',
    couponProduct,
    requiresAccountId: variation.requires_account_id,
    price: dataPrice(plan.wallet_price),
    service_id: variation.service_id,
    plan: name,
    meta: couponMeta.data(couponProduct, { ...plan, price: plan.wallet_price }, variation),
  };
}

export function quoteCable(
  catalogue: Catalogue,
  serviceId: string | undefined,
  planId: string,
): Quote {
  const found = findBillPlan(catalogue.cabletv, serviceId, planId);
  if (!found) throw unavailable();
  const { variation, plan } = found;
  return {
    product: 'CableTV',
    couponProduct: 'CABLETV',
    price: billPrice(plan.price, variation.wallet_convinience_fee),
    service_id: variation.service_id,
    plan: plan.name,
    meta: couponMeta.bill('CABLETV', plan, variation),
  };
}

export function quoteElectricity(
  catalogue: Catalogue,
  serviceId: string,
  code: 'prepaid' | 'postpaid',
  amount: Kobo,
): Quote {
  const variation = findElectricity(catalogue, serviceId, code);
  if (!variation) throw unavailable();
  return {
    product: 'Electricity',
    couponProduct: 'ELECTRICITY',
    price: electricityPrice(amount, variation.wallet_convinience_fee),
    service_id: variation.service_id,
    plan: variation.name,
    meta: couponMeta.electricity(amount, variation),
  };
}

export function quoteEducation(
  catalogue: Catalogue,
  serviceId: string | undefined,
  planId: string,
  quantity = 1,
): Quote {
  const found = findBillPlan(catalogue.education, serviceId, planId);
  if (!found) throw unavailable();
  const { variation, plan } = found;
  return {
    product: 'Education',
    couponProduct: 'EDUCATION',
    price: billPrice(plan.price, variation.wallet_convinience_fee, quantity),
    service_id: variation.service_id,
    plan: plan.name,
    meta: couponMeta.bill('EDUCATION', plan, variation),
  };
}
