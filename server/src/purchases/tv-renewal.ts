/**
 * Renewing a TV card's current bouquet (ADR 0077). VTpass documents it for DStv and GOtv
 * (https://www.vtpass.com/documentation/dstv-subscription-api/,
 * https://www.vtpass.com/documentation/gotv-subscription-api/): the smart-card verify answers
 * `Current_Bouquet` and `Renewal_Amount`, and `/pay` with `subscription_type: renew` charges
 * that `amount` with no variation code. Flutterwave's bill payments document no renewal (a
 * bill is an item and an amount), so a renewal is sent only to a provider that `renews`.
 *
 * Renewal is offered only when the current bouquet is exactly one plan we sell (matched by its
 * clean name): its value is the provider's renewal amount plus that plan's margin (our price − the
 * provider's cost, never below zero), and the variation's convenience fee and the customer's
 * tier apply to it as to the plan itself.
 */
import { cleanPlanName, samePlanName, SERVER_MSG, type BouquetRenewal, type Kobo } from '@contract';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';
import type { ProviderCustomer, VtuProvider } from '../providers/index.ts';
import { routeTargets } from '../providers/failover.ts';

/** The TV services VTpass documents `subscription_type: renew` for. */
export const RENEWABLE_SERVICES: ReadonlySet<string> = new Set(['dstv', 'gotv']);

export interface RenewalQuote extends BouquetRenewal {
  /** What the provider charges for the renewal (sent as `amount`). */
  renewalAmount: Kobo;
}

/** The plan the card's current bouquet is, with the renewal's value; undefined: none offered. */
export async function renewalOf(
  db: Db,
  serviceId: string,
  found: ProviderCustomer,
): Promise<RenewalQuote | undefined> {
  const renewalAmount = found.renewalAmount;
  const bouquet = found.current_bouquet;
  if (!RENEWABLE_SERVICES.has(serviceId) || !renewalAmount || !bouquet) return undefined;
  const plans = await db
    .selectFrom('bill_plans')
    .innerJoin('bill_variations', 'bill_variations.id', 'bill_plans.variation_id')
    .select(['bill_plans.plan_id', 'bill_plans.name', 'bill_plans.price', 'bill_plans.cost'])
    .where('bill_variations.kind', '=', 'cabletv')
    .where('bill_variations.service_id', '=', serviceId)
    .where('bill_plans.on_sale', '=', 1)
    .orderBy('bill_plans.sort')
    .execute();
  // Offered only when exactly one plan on sale is the bouquet: two plans of one name (an old
  // and a new price) would take the margin of whichever sorts first, so none is offered and
  // "Change bouquet" stays. A plan never synced has no cost yet: renewed at cost (no margin).
  const matches = plans.filter((p) => samePlanName(bouquet, p.name));
  const plan = matches.length === 1 ? matches[0] : undefined;
  if (!plan) return undefined;
  const price = Number(plan.price);
  const margin = plan.cost === null ? 0 : Math.max(0, price - Number(plan.cost));
  return {
    plan_id: plan.plan_id,
    name: cleanPlanName(plan.name),
    price,
    amount: renewalAmount + margin,
    renewalAmount,
  };
}

/** The first provider of the service's order that renews (the one a renewal is sent to). */
export async function renewingProvider(
  ctx: AppContext,
  serviceId: string,
): Promise<VtuProvider | undefined> {
  const targets = await routeTargets(ctx, 'cabletv', serviceId);
  return targets.map((t) => ctx.providers.byTarget(t)).find((p) => p.renews);
}

/**
 * The renewal as the provider says it now (asked again at purchase: the price is never taken
 * from the request). Undefined when it offers none for this card.
 */
export async function currentRenewal(
  ctx: AppContext,
  serviceId: string,
  cardNumber: string,
): Promise<RenewalQuote | undefined> {
  if (!RENEWABLE_SERVICES.has(serviceId)) return undefined;
  const provider = await renewingProvider(ctx, serviceId);
  if (!provider) return undefined;
  let found: ProviderCustomer | null;
  try {
    found = await provider.verifyCustomer({ serviceId, customerNumber: cardNumber });
  } catch {
    throw new ApiError('provider_error', SERVER_MSG.providerUnavailable);
  }
  if (!found) throw new ApiError('not_found', SERVER_MSG.customerNotFound);
  return renewalOf(ctx.db, serviceId, found);
}
