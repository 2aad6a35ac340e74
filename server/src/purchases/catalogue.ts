/**
 * The product catalogue in the database, seeded once from contract/catalogue.ts (decisions §9).
 * Prices live on the plan rows so an admin edit applies to later purchases; a purchase copies
 * the charged price into its transaction, so history keeps what was paid.
 */
import { CATALOGUE } from '@contract/catalogue';
import { cleanPlanName } from '@contract/plan-names';
import {
  CATALOGUE_MSG,
  nairaText,
  type BillVariation,
  type DataVariation,
  type ElectricityVariation,
  type Network,
  type SyncFlag,
} from '@contract';
import type { Db } from '../platform/db/index.ts';
import { ApiError } from '../platform/http/errors.ts';

/**
 * Inserts the catalogue when the database has none, inside the caller's write transaction
 * (the start-up seed, run by one process at a time: platform/db/index.ts `exclusive`).
 */
export async function seedCatalogue(trx: Db, now = Date.now()): Promise<boolean> {
  const { count } = await trx
    .selectFrom('networks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  if (Number(count) > 0) return false;
  for (const [i, n] of CATALOGUE.networks.entries()) {
    await trx
      .insertInto('networks')
      .values({ ...n, sort: i })
      .execute();
  }
  for (const [i, v] of CATALOGUE.data.entries()) {
    await trx
      .insertInto('data_variations')
      .values({
        id: v.id,
        name: v.name,
        network_id: v.network_id,
        service_id: v.service_id,
        requires_account_id: v.requires_account_id ? 1 : 0,
        sort: i,
      })
      .execute();
    for (const [j, p] of v.plans.entries()) {
      await trx
        .insertInto('data_plans')
        .values({
          id: p.id,
          variation_id: v.id,
          plan_id: p.plan_id,
          name: p.name,
          wallet_price: p.wallet_price,
          on_sale: p.on_sale === false ? 0 : 1,
          sort: j,
          updated_at: now,
        })
        .execute();
    }
  }
  const bills: [BillVariation[], 'cabletv' | 'education'][] = [
    [CATALOGUE.cabletv, 'cabletv'],
    [CATALOGUE.education, 'education'],
  ];
  for (const [list, kind] of bills) {
    for (const [i, v] of list.entries()) {
      await trx
        .insertInto('bill_variations')
        .values({
          id: v.id,
          kind,
          name: v.name,
          service_id: v.service_id,
          convenience_fee: v.wallet_convinience_fee,
          sort: i,
        })
        .execute();
      for (const [j, p] of v.plans.entries()) {
        await trx
          .insertInto('bill_plans')
          .values({
            id: p.id,
            variation_id: v.id,
            plan_id: p.plan_id,
            name: p.name,
            price: p.price,
            on_sale: p.on_sale === false ? 0 : 1,
            sort: j,
            updated_at: now,
          })
          .execute();
      }
    }
  }
  for (const [i, e] of CATALOGUE.electricity.entries()) {
    await trx
      .insertInto('electricity_variations')
      .values({
        id: e.id,
        name: e.name,
        service_id: e.service_id,
        variation_code: e.variation_code,
        fee_percent: e.wallet_convinience_fee,
        sort: i,
      })
      .execute();
  }
  return true;
}

/** What the last sync learnt of a plan (ADR 0044): the admin catalogue only, never customers'. */
function syncFields(p: {
  cost: number | null;
  provider: string | null;
  synced_at: number | null;
  sync_flag: string | null;
}) {
  return {
    cost: p.cost === null ? null : Number(p.cost),
    provider: p.provider,
    synced_at: p.synced_at === null ? null : Number(p.synced_at),
    sync_flag: p.sync_flag as SyncFlag | null,
  };
}

export async function networks(db: Db): Promise<Network[]> {
  const rows = await db.selectFrom('networks').selectAll().orderBy('sort').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    service_id: r.service_id,
    wallet_percent_off: Number(r.wallet_percent_off),
  }));
}

export async function dataVariations(db: Db, admin = false): Promise<DataVariation[]> {
  const [vars, plans] = await Promise.all([
    db.selectFrom('data_variations').selectAll().orderBy('sort').execute(),
    db.selectFrom('data_plans').selectAll().orderBy('sort').execute(),
  ]);
  return vars.map((v) => ({
    id: v.id,
    name: v.name,
    network_id: v.network_id,
    service_id: v.service_id,
    requires_account_id: Number(v.requires_account_id) === 1,
    plans: plans
      .filter((p) => p.variation_id === v.id)
      .map((p) => ({
        id: p.id,
        plan_id: p.plan_id,
        name: admin ? p.name : cleanPlanName(p.name),
        wallet_price: Number(p.wallet_price),
        on_sale: Number(p.on_sale) === 1,
        ...(admin ? syncFields(p) : {}),
      })),
  }));
}

export async function billVariations(
  db: Db,
  kind: 'cabletv' | 'education',
  admin = false,
): Promise<BillVariation[]> {
  const vars = await db
    .selectFrom('bill_variations')
    .selectAll()
    .where('kind', '=', kind)
    .orderBy('sort')
    .execute();
  const plans = await db
    .selectFrom('bill_plans')
    .innerJoin('bill_variations', 'bill_variations.id', 'bill_plans.variation_id')
    .selectAll('bill_plans')
    .where('bill_variations.kind', '=', kind)
    .orderBy('bill_plans.sort')
    .execute();
  return vars.map((v) => ({
    id: v.id,
    name: v.name,
    service_id: v.service_id,
    wallet_convinience_fee: Number(v.convenience_fee),
    plans: plans
      .filter((p) => p.variation_id === v.id)
      .map((p) => ({
        id: p.id,
        plan_id: p.plan_id,
        name: admin ? p.name : cleanPlanName(p.name),
        price: Number(p.price),
        on_sale: Number(p.on_sale) === 1,
        ...(admin ? syncFields(p) : {}),
      })),
  }));
}

export async function electricityVariations(db: Db): Promise<ElectricityVariation[]> {
  const rows = await db.selectFrom('electricity_variations').selectAll().orderBy('sort').execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    service_id: r.service_id,
    variation_code: r.variation_code,
    wallet_convinience_fee: Number(r.fee_percent),
  }));
}

/** `GET /api/product/all` (admin): the whole catalogue, off-sale plans included. */
export async function wholeCatalogue(db: Db) {
  const [n, d, c, e, ed] = await Promise.all([
    networks(db),
    dataVariations(db, true),
    billVariations(db, 'cabletv', true),
    electricityVariations(db),
    billVariations(db, 'education', true),
  ]);
  return { networks: n, data: d, cabletv: c, electricity: e, education: ed };
}

/** A plan's editable fields, as the audit log records them before and after a change. */
export interface PlanSnapshot {
  [key: string]: string | number | boolean | null;
  name: string;
  price_kobo: number;
  on_sale: boolean;
}

/** A plan row as an edit reads it, from either plan table (price in kobo). */
interface EditedRow {
  id: string;
  name: string;
  price: number;
  on_sale: number;
  cost: number | null;
  sync_flag: string | null;
  sync_off_sale: number;
}

/**
 * The plan's new state, or a refusal: never a price under the provider's cost,
 * whether set now or by putting a plan back on sale. A price at or above the cost clears the
 * sync's price flag (and `new`), and puts back on sale a plan the sync took off (ADR 0044); a
 * plan the provider no longer lists keeps its flag until a sync sees it again. An explicit
 * on/off sale is the admin's: the sync never undoes it.
 */
function edited(
  row: EditedRow,
  body: { plan?: string; price?: number; on_sale?: boolean },
): { after: PlanSnapshot; flag: string | null; syncOffSale: number } {
  const before = snapshotOf(row);
  const cost = row.cost === null ? null : Number(row.cost);
  const price = body.price ?? before.price_kobo;
  const pricedNow = body.price !== undefined || body.on_sale === true;
  if (cost !== null && pricedNow && price < cost) {
    throw new ApiError('validation_error', CATALOGUE_MSG.priceBelowCost(nairaText(cost)));
  }
  let onSale = body.on_sale ?? before.on_sale;
  let flag = row.sync_flag;
  let syncOffSale = body.on_sale === undefined ? Number(row.sync_off_sale) : 0;
  if (pricedNow && (flag === 'price_above_ours' || flag === 'new')) {
    flag = null;
    if (syncOffSale === 1 && body.on_sale === undefined) onSale = true;
    syncOffSale = 0;
  }
  return {
    after: { name: body.plan ?? before.name, price_kobo: price, on_sale: onSale },
    flag,
    syncOffSale,
  };
}

/**
 * Renames, reprices or takes off sale a data, cable or education plan (decisions §9).
 * Purchases copy the charged price into their transaction, so only later purchases see the
 * change. Answers the plan's id, label and fields before and after (for the audit log), or
 * `null` when no plan matches. Run it inside the caller's transaction so the audit entry
 * commits with it.
 */
export async function editPlan(
  db: Db,
  body: { name: string; plan_id: string; plan?: string; price?: number; on_sale?: boolean },
): Promise<{ id: string; label: string; before: PlanSnapshot; after: PlanSnapshot } | null> {
  const now = Date.now();
  const name = body.name.toLowerCase();
  const dataVar = (await db.selectFrom('data_variations').select(['id', 'name']).execute()).filter(
    (v) => v.name.toLowerCase() === name,
  );
  for (const v of dataVar) {
    const plan = await db
      .selectFrom('data_plans')
      .select([
        'id',
        'name',
        'wallet_price as price',
        'on_sale',
        'cost',
        'sync_flag',
        'sync_off_sale',
      ])
      .where('variation_id', '=', v.id)
      .where((eb) => eb.or([eb('plan_id', '=', body.plan_id), eb('id', '=', body.plan_id)]))
      .executeTakeFirst();
    if (!plan) continue;
    const before = snapshotOf(plan);
    const { after, flag, syncOffSale } = edited(plan, body);
    await db
      .updateTable('data_plans')
      .set({
        name: after.name,
        wallet_price: after.price_kobo,
        on_sale: after.on_sale ? 1 : 0,
        sync_flag: flag,
        sync_off_sale: syncOffSale,
        updated_at: now,
      })
      .where('id', '=', plan.id)
      .execute();
    return { id: plan.id, label: `${v.name} ${plan.name}`, before, after };
  }
  const bills = (
    await db
      .selectFrom('bill_variations')
      .select(['id', 'name'])
      .where('kind', 'in', ['cabletv', 'education'])
      .execute()
  ).filter((v) => v.name.toLowerCase() === name);
  for (const v of bills) {
    const plan = await db
      .selectFrom('bill_plans')
      .select(['id', 'name', 'price', 'on_sale', 'cost', 'sync_flag', 'sync_off_sale'])
      .where('variation_id', '=', v.id)
      .where((eb) => eb.or([eb('plan_id', '=', body.plan_id), eb('id', '=', body.plan_id)]))
      .executeTakeFirst();
    if (!plan) continue;
    const before = snapshotOf(plan);
    const { after, flag, syncOffSale } = edited(plan, body);
    await db
      .updateTable('bill_plans')
      .set({
        name: after.name,
        price: after.price_kobo,
        on_sale: after.on_sale ? 1 : 0,
        sync_flag: flag,
        sync_off_sale: syncOffSale,
        updated_at: now,
      })
      .where('id', '=', plan.id)
      .execute();
    return { id: plan.id, label: `${v.name} ${plan.name}`, before, after };
  }
  return null;
}

const snapshotOf = (row: EditedRow): PlanSnapshot => ({
  name: row.name,
  price_kobo: Number(row.price),
  on_sale: Number(row.on_sale) === 1,
});
