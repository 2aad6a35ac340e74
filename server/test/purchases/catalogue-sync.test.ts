/**
 * The catalogue comes from the provider (ADR 0044) and the plan price floor
 *. The providers are the kit's own with their `listVariations` answered by
 * the test: by default the seed's plans at the seed's prices (a sync then changes nothing but
 * the costs), else a price rise, a new variation, a variation gone, a failure.
 */
import {
  api,
  CATALOGUE_MSG,
  nairaText,
  NAIRA,
  type CatalogueSyncSummary,
  type DataVariation,
} from '@contract';
import { CABLETV, DATA, EDUCATION } from '@contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCatalogueSyncInterval } from '../../src/config.ts';
import type { Variation } from '../../src/providers/types.ts';
import { syncCatalogue } from '../../src/purchases/catalogue-sync.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';
import { waitFor } from '../processes.ts';

/** What the provider lists for a data variation of the seed, at our prices, changed by `change`. */
const listing = (
  variation: DataVariation,
  change: (list: Variation[]) => Variation[] = (l) => l,
): Variation[] =>
  change(variation.plans.map((p) => ({ code: p.plan_id, name: p.name, amount: p.wallet_price })));

/** The seed's plans of any service at the seed's prices. */
const seedListing = (serviceId: string): Variation[] => [
  ...DATA.filter((d) => d.service_id === serviceId).flatMap((d) => listing(d)),
  ...[...CABLETV, ...EDUCATION]
    .filter((b) => b.service_id === serviceId)
    .flatMap((b) => b.plans.map((p) => ({ code: p.plan_id, name: p.name, amount: p.price }))),
];

const dataVariation = (serviceId: string) => {
  const v = DATA.find((d) => d.service_id === serviceId);
  if (!v) throw new Error(`no ${serviceId} in the seed`);
  return v;
};

describe.each(engines)('catalogue sync on %s', (engine) => {
  let kit: Kit;
  /** Per service id: what the provider lists, or the error it fails with. */
  const answers = new Map<string, Variation[] | Error>();
  /** Per service id: awaited before the provider answers (holds two syncs at one point). */
  const gates = new Map<string, () => Promise<void>>();

  beforeAll(async () => {
    kit = await createKit(engine);
    const { providers } = kit.app.ctx;
    for (const provider of new Set([providers.vt, providers.flutterwave])) {
      provider.listVariations = async (serviceId) => {
        await gates.get(serviceId)?.();
        const answer = answers.get(serviceId);
        if (answer instanceof Error) throw answer;
        return answer ?? seedListing(serviceId);
      };
    }
  });
  afterAll(async () => {
    await kit.close();
  });

  const providerOf = (serviceId: string) =>
    kit.app.ctx.providers.forProduct('data', serviceId).name;
  const admin = async () => (await kit.user({ admin: true })).token;
  const syncNow = async (token: string): Promise<CatalogueSyncSummary> => {
    const res = await kit.call(api.syncCatalogue, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.message;
  };
  const serviceOf = (summary: CatalogueSyncSummary, serviceId: string) =>
    summary.services.find((s) => s.service_id === serviceId);
  /** A data plan as the admin catalogue shows it (naira on the wire). */
  const adminPlan = async (token: string, serviceId: string, id: string) => {
    const res = await kit.call(api.products, { token });
    const variation = res.body.message.data.find(
      (v: { service_id: string }) => v.service_id === serviceId,
    );
    return variation.plans.find((p: { id: string }) => p.id === id);
  };
  const planRows = (variationId: string) =>
    kit.app.ctx.db
      .selectFrom('data_plans')
      .selectAll()
      .where('variation_id', '=', variationId)
      .orderBy('id')
      .execute();

  it('a provider price above ours takes the plan off sale; a price at or above the cost puts it back', async () => {
    const token = await admin();
    const variation = dataVariation('glo-data');
    const plan = variation.plans[0]!;
    const cost = plan.wallet_price + 100 * NAIRA;
    answers.set(
      'glo-data',
      listing(variation, (l) =>
        l.map((v) => (v.code === plan.plan_id ? { ...v, amount: cost } : v)),
      ),
    );

    const summary = await syncNow(token);
    expect(serviceOf(summary, 'glo-data')).toMatchObject({
      provider: providerOf('glo-data'),
      flagged: 1,
      added: 0,
      failed: false,
    });
    expect(await adminPlan(token, 'glo-data', plan.id)).toMatchObject({
      on_sale: false,
      sync_flag: 'price_above_ours',
      cost: cost / NAIRA,
      provider: providerOf('glo-data'),
      wallet_price: plan.wallet_price / NAIRA,
    });
    // Customers cannot buy it meanwhile.
    const buyer = await kit.user({ funds: 10_000_00 });
    const bought = await kit.call(api.data, {
      token: buyer.token,
      body: {
        pin: PIN,
        service_id: 'glo-data',
        plan_id: plan.plan_id,
        phone_number: '08051234567',
      },
    });
    expect(bought.status).toBe(404);
    expect(await kit.balance(buyer.id)).toBe(10_000_00);

    // The floor: under the provider's cost is refused with the contract's sentence, nothing changes.
    const edit = { name: variation.name, plan_id: plan.plan_id };
    const below = await kit.call(api.editProduct, {
      token,
      body: { ...edit, price: cost / NAIRA - 1 },
    });
    expect(below.status).toBe(400);
    expect(below.body.msg).toBe(CATALOGUE_MSG.priceBelowCost(nairaText(cost)));
    const backOnSale = await kit.call(api.editProduct, { token, body: { ...edit, on_sale: true } });
    expect(backOnSale.body.msg).toBe(CATALOGUE_MSG.priceBelowCost(nairaText(cost)));
    expect(await adminPlan(token, 'glo-data', plan.id)).toMatchObject({
      on_sale: false,
      wallet_price: plan.wallet_price / NAIRA,
    });

    // At the cost: back on sale, flag cleared; the next sync leaves it so.
    const repriced = await kit.call(api.editProduct, {
      token,
      body: { ...edit, price: cost / NAIRA },
    });
    expect(repriced.status).toBe(200);
    expect(await adminPlan(token, 'glo-data', plan.id)).toMatchObject({
      on_sale: true,
      sync_flag: null,
      wallet_price: cost / NAIRA,
    });
    const again = await syncNow(token);
    expect(serviceOf(again, 'glo-data')).toMatchObject({ flagged: 0, restored: 0, repriced: 0 });
    expect((await adminPlan(token, 'glo-data', plan.id)).on_sale).toBe(true);

    // Each run is in the audit log, with what changed; the price edit shows its kobo fields.
    const audit = await kit.call(api.auditLog, {
      token,
      query: { action: 'catalogue.sync', limit: '100' },
    });
    const first = audit.body.message.at(-1);
    expect(first).toMatchObject({
      action: 'catalogue.sync',
      target_label: 'Catalogue sync (manual)',
    });
    expect(first.after.flagged).toBeGreaterThanOrEqual(1);
    expect(first.after.changes).toContain(`glo-data/${plan.plan_id}: provider price`);
  });

  it('a plan an admin took off sale stays off when the provider price falls back', async () => {
    const token = await admin();
    const variation = dataVariation('glo-data');
    const plan = variation.plans[1]!;
    const edit = { name: variation.name, plan_id: plan.plan_id };
    expect(
      (await kit.call(api.editProduct, { token, body: { ...edit, on_sale: false } })).status,
    ).toBe(200);
    answers.set(
      'glo-data',
      listing(variation, (l) =>
        l.map((v) => (v.code === plan.plan_id ? { ...v, amount: v.amount + 1 } : v)),
      ),
    );
    await syncNow(token);
    expect((await adminPlan(token, 'glo-data', plan.id)).sync_flag).toBe('price_above_ours');
    answers.set('glo-data', listing(variation));
    const back = await syncNow(token);
    expect(serviceOf(back, 'glo-data')?.restored).toBe(0);
    expect(await adminPlan(token, 'glo-data', plan.id)).toMatchObject({
      on_sale: false,
      sync_flag: null,
    });
    answers.delete('glo-data');
  });

  it('a variation we do not sell appears off sale, flagged new, under a stable id; pricing it puts it on sale', async () => {
    const token = await admin();
    const variation = dataVariation('airtel-data');
    const extra = { code: 'test-airtel-5gb', name: 'Test 5GB - 30 days', amount: 1_500 * NAIRA };
    answers.set(
      'airtel-data',
      listing(variation, (l) => [...l, extra]),
    );
    const summary = await syncNow(token);
    expect(serviceOf(summary, 'airtel-data')).toMatchObject({ added: 1, flagged: 0 });
    const id = 'airtel-data-test-airtel-5gb';
    expect(await adminPlan(token, 'airtel-data', id)).toMatchObject({
      plan_id: extra.code,
      name: extra.name,
      wallet_price: 1_500,
      cost: 1_500,
      on_sale: false,
      sync_flag: 'new',
    });
    // Idempotent: the next run finds it by its code.
    const again = await syncNow(token);
    expect(serviceOf(again, 'airtel-data')).toMatchObject({ added: 0, flagged: 0, repriced: 0 });
    expect((await planRows(variation.id)).filter((p) => p.plan_id === extra.code)).toHaveLength(1);
    // An admin's price (at or above the cost) puts it on sale.
    const priced = await kit.call(api.editProduct, {
      token,
      body: { name: variation.name, plan_id: extra.code, price: 1_600 },
    });
    expect(priced.status).toBe(200);
    expect(await adminPlan(token, 'airtel-data', id)).toMatchObject({
      on_sale: true,
      sync_flag: null,
      wallet_price: 1_600,
    });
    answers.delete('airtel-data');
  });

  it('a variation the provider no longer lists is flagged and taken off sale, and comes back when listed again', async () => {
    const token = await admin();
    const variation = dataVariation('etisalat-data');
    const gone = variation.plans.at(-1)!;
    answers.set(
      'etisalat-data',
      listing(variation, (l) => l.filter((v) => v.code !== gone.plan_id)),
    );
    const summary = await syncNow(token);
    expect(serviceOf(summary, 'etisalat-data')).toMatchObject({ flagged: 1, added: 0 });
    expect(await adminPlan(token, 'etisalat-data', gone.id)).toMatchObject({
      on_sale: false,
      sync_flag: 'not_at_provider',
    });
    answers.set('etisalat-data', listing(variation));
    const back = await syncNow(token);
    expect(serviceOf(back, 'etisalat-data')).toMatchObject({ restored: 1, flagged: 0 });
    expect(await adminPlan(token, 'etisalat-data', gone.id)).toMatchObject({
      on_sale: true,
      sync_flag: null,
    });
    answers.delete('etisalat-data');
  });

  it('a coupon of a plan still redeems after a sync (plan ids never change)', async () => {
    const token = await admin();
    const buyer = await kit.user({ funds: 10_000_00 });
    const redeemer = await kit.user({ funds: 0 });
    const variation = dataVariation('mtn-data');
    const plan = variation.plans[0]!;
    const bought = await kit.call(api.buyCoupon, {
      token: buyer.token,
      body: { product: 'DATA-REGULAR', unit: 1, pin: PIN, plan_id: plan.plan_id },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    const code = bought.body.message[0].coupon_code;
    const before = (await planRows(variation.id)).map((p) => p.id);
    // The provider's price fell, and it sells one more: our plans keep their ids.
    answers.set(
      'mtn-data',
      listing(variation, (l) => [
        ...l.map((v) => (v.code === plan.plan_id ? { ...v, amount: v.amount - 50 * NAIRA } : v)),
        { code: 'test-mtn-weekend', name: 'Weekend 9GB - 2 days', amount: 1_200 * NAIRA },
      ]),
    );
    await syncNow(token);
    const after = (await planRows(variation.id)).map((p) => p.id);
    expect(after).toEqual(expect.arrayContaining(before));
    expect(after).toHaveLength(before.length + 1);
    const redeemed = await kit.call(api.data, {
      token: redeemer.token,
      body: {
        pin: PIN,
        service_id: 'mtn-data',
        plan_id: plan.plan_id,
        phone_number: '08031234567',
        coupon_code: code,
      },
    });
    expect(redeemed.status, JSON.stringify(redeemed.body)).toBe(200);
    expect(redeemed.body.message).toMatchObject({ status: 'successful', amountCharged: 0 });
    answers.delete('mtn-data');
  });

  it('two syncs at once change the same as one', async () => {
    const variation = dataVariation('smile-direct');
    const plan = variation.plans[0]!;
    answers.set(
      'smile-direct',
      listing(variation, (l) => [
        ...l.map((v) => (v.code === plan.plan_id ? { ...v, amount: v.amount + NAIRA } : v)),
        { code: 'smile-new-plan', name: 'New plan', amount: 2_000 * NAIRA },
      ]),
    );
    // Both runs have the provider's answer before either writes: their transactions for the
    // service start together (no timing involved).
    let asked = 0;
    let bothAsked!: () => void;
    const together = new Promise<void>((resolve) => (bothAsked = resolve));
    gates.set('smile-direct', async () => {
      asked += 1;
      if (asked === 2) bothAsked();
      await together;
    });
    const [a, b] = await Promise.all([syncCatalogue(kit.app.ctx), syncCatalogue(kit.app.ctx)]);
    gates.delete('smile-direct');
    const sum = (key: 'added' | 'flagged') =>
      (serviceOf(a, 'smile-direct')?.[key] ?? 0) + (serviceOf(b, 'smile-direct')?.[key] ?? 0);
    expect(sum('added')).toBe(1);
    expect(sum('flagged')).toBe(1);
    expect(serviceOf(a, 'smile-direct')?.failed || serviceOf(b, 'smile-direct')?.failed).toBe(
      false,
    );
    const rows = await planRows(variation.id);
    expect(rows.filter((r) => r.plan_id === 'smile-new-plan')).toHaveLength(1);
    expect(rows.find((r) => r.id === plan.id)).toMatchObject({
      on_sale: 0,
      sync_flag: 'price_above_ours',
      cost: plan.wallet_price + NAIRA,
    });
    answers.delete('smile-direct');
  });

  it('a provider that fails, or lists nothing, leaves its service untouched and is reported', async () => {
    const token = await admin();
    const variation = dataVariation('spectranet');
    const before = await planRows(variation.id);
    answers.set('spectranet', new Error('VTpass: timeout after 30000 ms'));
    const summary = await syncNow(token);
    expect(serviceOf(summary, 'spectranet')).toMatchObject({
      failed: true,
      error: 'VTpass: timeout after 30000 ms',
      added: 0,
      flagged: 0,
    });
    expect(summary.failed).toBe(1);
    expect(await planRows(variation.id)).toEqual(before);
    // Every other service was synced all the same.
    expect(summary.services.filter((s) => s.failed).map((s) => s.service_id)).toEqual([
      'spectranet',
    ]);
    answers.set('spectranet', []);
    const empty = await syncNow(token);
    expect(serviceOf(empty, 'spectranet')).toMatchObject({ failed: true });
    expect(await planRows(variation.id)).toEqual(before);
    answers.delete('spectranet');
  });

  it('"Sync now" is for admins only, and rate limited', async () => {
    expect((await kit.call(api.syncCatalogue, {})).status).toBe(401);
    const customer = await kit.user();
    expect((await kit.call(api.syncCatalogue, { token: customer.token })).status).toBe(403);
    const token = await admin();
    const max = kit.config.limits.routes.syncCatalogue![0]!.max;
    for (let i = 0; i < max; i++) {
      expect((await kit.call(api.syncCatalogue, { token })).status).toBe(200);
    }
    const refused = await kit.call(api.syncCatalogue, { token });
    expect(refused.status).toBe(429);
    expect(refused.body.type).toBe('rate_limited');
  });
});

describe.each(engines)('the automatic sync on %s', (engine) => {
  it('runs at start in the background when the schedule is on, and leaves the kit alone otherwise', async () => {
    const quiet = await createKit(engine);
    try {
      const unsynced = await quiet.app.ctx.db
        .selectFrom('data_plans')
        .select('id')
        .where('synced_at', 'is not', null)
        .execute();
      expect(unsynced).toEqual([]);
    } finally {
      await quiet.close();
    }
    const kit = await createKit(engine, { config: { workers: true, catalogueSyncMs: 3_600_000 } });
    try {
      // The start run goes on in the background (a shutdown ends it early: worker.ts): wait
      // until it has written what it found. The sandbox's plans get their cost; had every
      // provider failed, the run says so in the audit log.
      const found = async () => {
        const synced = await kit.app.ctx.db
          .selectFrom('data_plans')
          .select(['id', 'provider'])
          .where('synced_at', 'is not', null)
          .execute();
        const reported = await kit.app.ctx.db
          .selectFrom('audit_log')
          .select('id')
          .where('action', '=', 'catalogue.sync')
          .execute();
        return synced.length + reported.length > 0 ? synced : undefined;
      };
      const synced = await waitFor('the start sync to write what it found', found);
      for (const p of synced) expect(p.provider).toBeTruthy();
    } finally {
      await kit.close();
    }
  });
});

describe('CATALOGUE_SYNC_INTERVAL_MS', () => {
  it('defaults to 6 hours; 0 is off; anything else is a number of milliseconds in range', () => {
    expect(parseCatalogueSyncInterval(undefined)).toBe(6 * 3_600_000);
    expect(parseCatalogueSyncInterval(' ')).toBe(6 * 3_600_000);
    expect(parseCatalogueSyncInterval('0')).toBe(0);
    expect(parseCatalogueSyncInterval('600000')).toBe(600_000);
    for (const bad of ['59999', '1h', '-1', '604800001', '1e9']) {
      expect(() => parseCatalogueSyncInterval(bad), bad).toThrow(/CATALOGUE_SYNC_INTERVAL_MS/);
    }
  });
});
