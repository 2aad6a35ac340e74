import {
  CATALOGUE_MSG,
  nairaText,
  type CatalogueSyncSummary,
  type DataPlan,
  type PricedPlan,
  type Kobo,
  type ServiceSync,
} from '@contract';
import { CATALOGUE } from '@contract/catalogue';
import { now } from '../clock';
import { db } from '../db';
import { MockApiError } from '../errors';
import type { MockVariation, PlanSyncRecord, UserRecord } from '../records';
import { recordAudit } from './audit';

/**
 * The catalogue sync of the mock server (ADR 0044), the server's rules over the mock store
 * (server/src/purchases/catalogue-sync.ts): plans matched by `plan_id`, the provider's price
 * kept as the cost, a price rise above ours or a plan no longer listed takes it off sale, a
 * variation we did not sell is added off sale and flagged `new`. The mock provider lists the
 * seed's plans at the seed's prices unless a story says otherwise
 * (`db.catalogueSync.listings.set(serviceId, [...] | 'down')`).
 */

export const MOCK_PROVIDER = 'sandbox-vt';

type Product = ServiceSync['product'];
interface MockPlan {
  id: string;
  plan_id: string;
  name: string;
  price: () => Kobo;
  setPrice: (kobo: Kobo) => void;
}

const asMock = (p: DataPlan | PricedPlan): MockPlan => ({
  id: p.id,
  plan_id: p.plan_id,
  name: p.name,
  price: () => ('wallet_price' in p ? p.wallet_price : p.price),
  setPrice: (kobo) => {
    if ('wallet_price' in p) p.wallet_price = kobo;
    else p.price = kobo;
  },
});

/** The seed's plans of a service at the seed's prices: what the provider lists by default. */
export function seedListing(serviceId: string): MockVariation[] {
  const data = CATALOGUE.data.filter((v) => v.service_id === serviceId).flatMap((v) => v.plans);
  const bills = [...CATALOGUE.cabletv, ...CATALOGUE.education]
    .filter((v) => v.service_id === serviceId)
    .flatMap((v) => v.plans);
  return [
    ...data.map((p) => ({ code: p.plan_id, name: p.name, amount: p.wallet_price })),
    ...bills.map((p) => ({ code: p.plan_id, name: p.name, amount: p.price })),
  ];
}

/** The sync state of a plan, merged into the admin catalogue's plan. */
export function syncFieldsOf(planId: string) {
  const record = db.catalogueSync.plans.get(planId);
  return record
    ? {
        cost: record.cost,
        provider: record.provider,
        synced_at: record.synced_at,
        sync_flag: record.sync_flag,
      }
    : {};
}

/** Marks a plan as a sync would leave it (stories): its cost, a flag, off sale by the sync. */
export function setPlanSync(
  planId: string,
  record: Partial<PlanSyncRecord> & { cost: Kobo | null },
): void {
  const full: PlanSyncRecord = {
    provider: MOCK_PROVIDER,
    synced_at: now(),
    sync_flag: null,
    offBySync: false,
    ...record,
  };
  db.catalogueSync.plans.set(planId, full);
  if (full.offBySync) db.offSale.add(planId);
}

function services(): {
  product: Product;
  serviceId: string;
  plans: MockPlan[];
  add: (p: MockVariation, id: string) => void;
}[] {
  const out: ReturnType<typeof services> = [];
  const group = <V extends { service_id: string; plans: object[] }>(
    product: Product,
    variations: V[],
    make: (v: MockVariation, id: string) => V['plans'][number],
  ) => {
    const seen = new Set<string>();
    for (const v of variations) {
      if (seen.has(v.service_id)) continue;
      seen.add(v.service_id);
      const all = variations.filter((x) => x.service_id === v.service_id);
      out.push({
        product,
        serviceId: v.service_id,
        plans: all.flatMap((x) => x.plans.map((p) => asMock(p as DataPlan | PricedPlan))),
        add: (variation, id) => v.plans.push(make(variation, id)),
      });
    }
  };
  group('data', db.catalogue.data, (v, id) => ({
    id,
    plan_id: v.code,
    name: v.name,
    wallet_price: v.amount,
  }));
  group('cabletv', db.catalogue.cabletv, (v, id) => ({
    id,
    plan_id: v.code,
    name: v.name,
    price: v.amount,
  }));
  group('education', db.catalogue.education, (v, id) => ({
    id,
    plan_id: v.code,
    name: v.name,
    price: v.amount,
  }));
  return out;
}

const cleanId = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');

/** One sync of every service, as the server's; records one audit entry. */
export function syncMockCatalogue(admin: UserRecord, request: Request): CatalogueSyncSummary {
  const at = now();
  const changes: string[] = [];
  const results: ServiceSync[] = services().map((service) => {
    const result: ServiceSync = {
      service_id: service.serviceId,
      product: service.product,
      provider: MOCK_PROVIDER,
      added: 0,
      repriced: 0,
      flagged: 0,
      restored: 0,
      failed: false,
      error: null,
    };
    const listing =
      db.catalogueSync.listings.get(service.serviceId) ?? seedListing(service.serviceId);
    if (listing === 'down' || listing.length === 0) {
      result.failed = true;
      result.error =
        listing === 'down'
          ? 'the provider could not be reached'
          : 'the provider listed no variations';
      changes.push(`${service.serviceId}: not synced (${result.error})`);
      return result;
    }
    const note = (code: string, what: string) =>
      changes.push(`${service.serviceId}/${code}: ${what}`);
    const codes = new Set(listing.map((v) => v.code));
    for (const v of listing) {
      const matched = service.plans.filter((p) => p.plan_id === v.code);
      if (matched.length === 0) {
        const id = `${cleanId(service.serviceId)}-${cleanId(v.code)}`;
        service.add(v, id);
        db.offSale.add(id);
        db.catalogueSync.plans.set(id, {
          cost: v.amount,
          provider: MOCK_PROVIDER,
          synced_at: at,
          sync_flag: 'new',
          offBySync: true,
        });
        result.added += 1;
        note(v.code, `new at ${nairaText(v.amount)} (off sale until priced)`);
        continue;
      }
      for (const plan of matched) {
        const record: PlanSyncRecord = db.catalogueSync.plans.get(plan.id) ?? {
          cost: null,
          provider: MOCK_PROVIDER,
          synced_at: at,
          sync_flag: null,
          offBySync: false,
        };
        if (record.cost !== null && record.cost !== v.amount) {
          result.repriced += 1;
          note(v.code, `cost ${nairaText(record.cost)} → ${nairaText(v.amount)}`);
        }
        record.cost = v.amount;
        record.synced_at = at;
        if (record.sync_flag === 'new') {
          plan.setPrice(v.amount);
        } else if (v.amount > plan.price()) {
          if (record.sync_flag !== 'price_above_ours') {
            record.sync_flag = 'price_above_ours';
            result.flagged += 1;
            note(
              v.code,
              `provider price ${nairaText(v.amount)} above ours ${nairaText(plan.price())}`,
            );
          }
          if (!db.offSale.has(plan.id)) {
            db.offSale.add(plan.id);
            record.offBySync = true;
          }
        } else {
          record.sync_flag = null;
          if (record.offBySync) {
            db.offSale.delete(plan.id);
            record.offBySync = false;
            result.restored += 1;
            note(v.code, 'back on sale');
          }
        }
        db.catalogueSync.plans.set(plan.id, record);
      }
    }
    for (const plan of service.plans) {
      if (codes.has(plan.plan_id)) continue;
      const record: PlanSyncRecord = db.catalogueSync.plans.get(plan.id) ?? {
        cost: null,
        provider: MOCK_PROVIDER,
        synced_at: at,
        sync_flag: null,
        offBySync: false,
      };
      record.synced_at = at;
      if (record.sync_flag !== 'not_at_provider') {
        record.sync_flag = 'not_at_provider';
        result.flagged += 1;
        note(plan.plan_id, 'no longer listed by the provider');
      }
      if (!db.offSale.has(plan.id)) {
        db.offSale.add(plan.id);
        record.offBySync = true;
      }
      db.catalogueSync.plans.set(plan.id, record);
    }
    return result;
  });
  const total = (key: 'added' | 'repriced' | 'flagged' | 'restored') =>
    results.reduce((sum, r) => sum + r[key], 0);
  const summary: CatalogueSyncSummary = {
    synced_at: at,
    services: results,
    added: total('added'),
    repriced: total('repriced'),
    flagged: total('flagged'),
    restored: total('restored'),
    failed: results.filter((r) => r.failed).length,
  };
  recordAudit(admin, request, {
    action: 'catalogue.sync',
    target_type: 'catalogue',
    target_id: 'catalogue',
    target_label: 'Catalogue sync (manual)',
    before: null,
    after: {
      added: summary.added,
      repriced: summary.repriced,
      flagged: summary.flagged,
      restored: summary.restored,
      failed: summary.failed,
      changes: changes.join('; ').slice(0, 2_000) || 'nothing changed',
    },
  });
  return summary;
}

/**
 * An admin edit against the sync (the server's `edited` rule): never under the provider's
 * cost; a price at or above it clears the price flag (and `new`) and puts back on sale a plan
 * the sync took off; an explicit on/off sale is the admin's.
 */
export function applyEditRule(
  planId: string,
  price: Kobo,
  body: { price?: Kobo; on_sale?: boolean },
): { putBack: boolean } {
  const record = db.catalogueSync.plans.get(planId);
  if (!record) return { putBack: false };
  const pricedNow = body.price !== undefined || body.on_sale === true;
  if (record.cost !== null && pricedNow && price < record.cost) {
    throw new MockApiError(
      'validation_error',
      CATALOGUE_MSG.priceBelowCost(nairaText(record.cost)),
    );
  }
  let putBack = false;
  if (body.on_sale !== undefined) record.offBySync = false;
  if (pricedNow && (record.sync_flag === 'price_above_ours' || record.sync_flag === 'new')) {
    record.sync_flag = null;
    putBack = record.offBySync && body.on_sale === undefined;
    record.offBySync = false;
  }
  return { putBack };
}
