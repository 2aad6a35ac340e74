import { api, SERVER_MSG, type Catalogue, type DataPlan, type PricedPlan } from '@contract';
import { db } from '../db';
import { MockApiError } from '../errors';
import { me } from '../contract-handler';
import { findNetwork } from '../services/catalogue';
import { applyEditRule, syncFieldsOf, syncMockCatalogue } from '../services/catalogue-sync';
import { impl } from './impl';

/**
 * The admin's price lists (spec §2 admin 5–6): read the catalogue with what the last sync
 * learnt (cost, flag; ADR 0044), edit a data, cable or education plan (never under the
 * provider's cost), and "Sync now".
 */

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The plan an edit names: `name` is the network (data) or TV provider (cable). */
function editablePlan(name: string, planId: string): DataPlan | PricedPlan {
  const network = findNetwork(db.catalogue, name);
  const plans = [
    ...db.catalogue.data
      .filter((v) => same(v.name, name) || v.network_id === network?.id)
      .flatMap((v) => v.plans),
    ...[...db.catalogue.cabletv, ...db.catalogue.education]
      .filter((v) => same(v.name, name))
      .flatMap((v) => v.plans),
  ];
  const plan = plans.find((p) => p.id === planId || p.plan_id === planId);
  if (!plan) throw new MockApiError('not_found', SERVER_MSG.productNotFound);
  return plan;
}

function markOnSale<V extends { plans: { id: string }[] }>(variation: V): V {
  return {
    ...variation,
    plans: variation.plans.map((p) => ({
      ...p,
      on_sale: !db.offSale.has(p.id),
      ...syncFieldsOf(p.id),
    })),
  };
}

const EMPTY_CATALOGUE: Catalogue = {
  networks: [],
  data: [],
  cabletv: [],
  electricity: [],
  education: [],
};

export const product = {
  products: impl(
    api.products,
    // The admin sees every plan, marked on sale or not (as the server does), so a plan taken
    // off sale can be found again.
    () => ({
      message: {
        ...db.catalogue,
        data: db.catalogue.data.map(markOnSale),
        cabletv: db.catalogue.cabletv.map(markOnSale),
        education: db.catalogue.education.map(markOnSale),
      },
    }),
    () => ({ message: EMPTY_CATALOGUE }),
  ),

  editProduct: impl(api.editProduct, ({ body }) => {
    const plan = editablePlan(body.name, body.plan_id);
    const current = 'wallet_price' in plan ? plan.wallet_price : plan.price;
    // Refused before anything changes, as on the server.
    const { putBack } = applyEditRule(plan.id, body.price ?? current, body);
    if (putBack) db.offSale.delete(plan.id);
    if (body.plan !== undefined) plan.name = body.plan;
    // Past transactions keep what they charged: only the catalogue changes (decisions §9).
    if (body.price !== undefined) {
      if ('wallet_price' in plan) plan.wallet_price = body.price;
      else plan.price = body.price;
    }
    if (body.on_sale === false) db.offSale.add(plan.id);
    if (body.on_sale === true) db.offSale.delete(plan.id);
    return { message: SERVER_MSG.productUpdated };
  }),

  syncCatalogue: impl(api.syncCatalogue, (ctx) => ({
    message: syncMockCatalogue(me(ctx), ctx.request),
  })),
};
