import {
  billPrice,
  cleanPlanName,
  TV_MSG,
  type BouquetRenewal,
  type Catalogue,
  type Kobo,
} from '@contract';
import { MockApiError } from '../errors';
import type { Quote } from './quotes';
import { quoteCable } from './quotes';

/** The TV services VTpass documents `subscription_type: renew` for (as the server, ADR 0077). */
const RENEWABLE = new Set(['dstv', 'gotv']);

/**
 * The mock provider's answer for a card: it is on the service's second plan, and renewing it
 * costs that plan's price at the provider (no margin known: at cost, as the server before a
 * sync). `undefined` for a service with no renewal.
 */
export function mockRenewal(catalogue: Catalogue, serviceId: string): BouquetRenewal | undefined {
  if (!RENEWABLE.has(serviceId)) return undefined;
  const variation = catalogue.cabletv.find((v) => v.service_id === serviceId);
  const plan = variation?.plans[1];
  if (!plan) return undefined;
  const renewalAmount: Kobo = plan.cost ?? plan.price;
  const margin = plan.cost == null ? 0 : Math.max(0, plan.price - plan.cost);
  return {
    plan_id: plan.plan_id,
    name: cleanPlanName(plan.name),
    price: plan.price,
    amount: renewalAmount + margin,
  };
}

/** A renewal priced as the server prices it, or the server's refusal. */
export function quoteRenewal(
  catalogue: Catalogue,
  body: { service_id: string; plan_id: string; renewal_amount?: Kobo },
  coupon: boolean,
): Quote {
  const invalid = (msg: string) => new MockApiError('validation_error', msg);
  const renewal = coupon ? undefined : mockRenewal(catalogue, body.service_id);
  if (!renewal) throw invalid(TV_MSG.renewUnavailable);
  if (renewal.plan_id !== body.plan_id) throw invalid(TV_MSG.bouquetChanged);
  if (body.renewal_amount !== renewal.amount) throw invalid(TV_MSG.renewalChanged);
  const quote = quoteCable(catalogue, body.service_id, body.plan_id);
  const fee = quote.price.fee;
  return { ...quote, price: billPrice(renewal.amount, fee) };
}
