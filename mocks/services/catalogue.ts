import {
  suggestNetwork,
  type BillVariation,
  type Catalogue,
  type DataPlan,
  type DataVariation,
  type ElectricityVariation,
  type Network,
  type PricedPlan,
} from '@contract';

/**
 * Lookups in a catalogue (the seed's or the db's live copy). A plan may be named by our id or
 * by the provider's plan code: the contract's bodies say `plan_id` and both are stable.
 */

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A network by id, name or airtime service id. */
export function findNetwork(catalogue: Catalogue, key: string): Network | undefined {
  return catalogue.networks.find((n) => n.id === key || n.service_id === key || same(n.name, key));
}

/** The network a phone number suggests (prefix), when it suggests one we sell. */
export function networkForPhone(catalogue: Catalogue, phone: string): Network | undefined {
  const name = suggestNetwork(phone);
  return name ? findNetwork(catalogue, name) : undefined;
}

const planMatches = (plan: { id: string; plan_id: string }, key: string) =>
  plan.id === key || plan.plan_id === key;

export function findDataPlan(
  catalogue: Catalogue,
  serviceId: string | undefined,
  planId: string,
): { variation: DataVariation; plan: DataPlan } | undefined {
  for (const variation of catalogue.data) {
    if (serviceId && variation.service_id !== serviceId) continue;
    const plan = variation.plans.find((p) => planMatches(p, planId));
    if (plan) return { variation, plan };
  }
  return undefined;
}

export function findBillPlan(
  variations: readonly BillVariation[],
  serviceId: string | undefined,
  planId: string,
): { variation: BillVariation; plan: PricedPlan } | undefined {
  for (const variation of variations) {
    if (serviceId && variation.service_id !== serviceId) continue;
    const plan = variation.plans.find((p) => planMatches(p, planId));
    if (plan) return { variation, plan };
  }
  return undefined;
}

export function findElectricity(
  catalogue: Catalogue,
  serviceId: string,
  code: 'prepaid' | 'postpaid' = 'prepaid',
): ElectricityVariation | undefined {
  return catalogue.electricity.find((v) => v.service_id === serviceId && v.variation_code === code);
}
