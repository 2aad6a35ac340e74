import { api } from '@contract';
import { cleanPlanName } from '@contract/plan-names';
import { db } from '../db';
import { impl } from './impl';

/**
 * Product lists every visitor loads at start (spec §7): plans taken off sale are left out, and
 * each plan is named by its clean name (ADR 0077), as the server lists them.
 */

function onSale<T extends { plans: { id: string; name: string }[] }>(
  variations: readonly T[],
): T[] {
  return variations.map((v) => ({
    ...v,
    plans: v.plans
      .filter((p) => !db.offSale.has(p.id))
      .map((p) => ({ ...p, name: cleanPlanName(p.name) })),
  }));
}

const none = () => ({ message: [] });

export const publicProducts = {
  dataProducts: impl(api.dataProducts, () => ({ message: onSale(db.catalogue.data) }), none),
  cableProducts: impl(api.cableProducts, () => ({ message: onSale(db.catalogue.cabletv) }), none),
  electricityProducts: impl(
    api.electricityProducts,
    () => ({ message: db.catalogue.electricity }),
    none,
  ),
  educationProducts: impl(
    api.educationProducts,
    () => ({ message: onSale(db.catalogue.education) }),
    none,
  ),
  networks: impl(api.networks, () => ({ message: db.catalogue.networks }), none),
};
