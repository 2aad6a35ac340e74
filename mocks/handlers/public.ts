import { api } from '@contract';
import { db } from '../db';
import { impl } from './impl';

/** Product lists every visitor loads at start (spec §7): plans taken off sale are left out. */

function onSale<T extends { plans: { id: string }[] }>(variations: readonly T[]): T[] {
  return variations.map((v) => ({ ...v, plans: v.plans.filter((p) => !db.offSale.has(p.id)) }));
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
