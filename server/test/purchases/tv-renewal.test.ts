/**
 * Renewing a TV card's current bouquet (ADR 0077), on SQLite and PostgreSQL, against the
 * VTpass simulator through the live adapter: the smart-card check answers the current bouquet
 * matched to our plan and the renewal's value in kobo (the provider's Renewal_Amount plus the
 * plan's margin), never the provider's own amount; a renewal is sent as `subscription_type:
 * renew` with that amount and no variation code, charged exactly what was shown, and refused
 * (nothing moved) when the amount or the bouquet is no longer the one shown.
 */
import { api, TV_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PurchaseRequest } from '../../src/providers/index.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

/** VTpass's dstv page lists DStv Yanga at ₦2,565 (the simulator's Renewal_Amount for it). */
const RENEWAL = 2_565_00;
/** Our catalogue: DStv Yanga ₦6,000, convenience fee ₦100. */
const PRICE = 6_000_00;
const FEE = 100_00;

describe.each(engines)('TV renewals on %s', (engine) => {
  let kit: Kit;
  /** A smart card the simulator says is on DStv Yanga. */
  let card: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    const provider = kit.app.ctx.providers.forProduct('cabletv', 'dstv');
    for (let i = 100; i < 2_000 && !card; i += 1) {
      const number = `70212${String(i).padStart(5, '0')}`;
      const found = await provider.verifyCustomer({ serviceId: 'dstv', customerNumber: number });
      if (found?.current_bouquet === 'DStv Yanga N2,565') card = number;
    }
    expect(card).toBeDefined();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  const setCost = (cost: number | null) =>
    kit.app.ctx.db
      .updateTable('bill_plans')
      .set({ cost })
      .where('plan_id', '=', 'dstv-yanga')
      .execute();

  const verify = (token: string) =>
    kit.call(api.verifyCustomer, {
      token,
      body: { service_id: 'dstv', customer_number: card },
    });

  it('the check answers the current bouquet and its renewal at cost before a sync', async () => {
    await setCost(null);
    const u = await kit.user();
    const res = await verify(u.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      current_bouquet: 'DStv Yanga N2,565',
      // On the wire in naira: the plan's own price, the renewal at the provider's amount.
      renewal: { plan_id: 'dstv-yanga', name: 'DStv Yanga', price: PRICE / 100, amount: 2_565 },
    });
    expect(res.body.message).not.toHaveProperty('renewalAmount');
  });

  it('the renewal carries the plan margin once the sync knows its cost', async () => {
    await setCost(5_500_00);
    const u = await kit.user();
    const res = await verify(u.token);
    expect(res.body.message.renewal).toMatchObject({ amount: (RENEWAL + 500_00) / 100 });
  });

  it('offers no renewal when two plans on sale have the bouquet name (which margin?)', async () => {
    await setCost(5_500_00);
    const yanga = await kit.app.ctx.db
      .selectFrom('bill_plans')
      .selectAll()
      .where('plan_id', '=', 'dstv-yanga')
      .executeTakeFirstOrThrow();
    await kit.app.ctx.db
      .insertInto('bill_plans')
      .values({
        id: `${yanga.id}-twin`,
        variation_id: yanga.variation_id,
        plan_id: 'dstv-yanga-twin',
        name: yanga.name,
        price: yanga.price + 1_000_00,
        sort: yanga.sort + 1,
        updated_at: yanga.updated_at,
        cost: 1_000_00,
        provider: yanga.provider,
        synced_at: yanga.synced_at,
        sync_flag: null,
      })
      .execute();
    try {
      const u = await kit.user();
      const res = await verify(u.token);
      expect(res.status).toBe(200);
      expect(res.body.message.current_bouquet).toBe('DStv Yanga N2,565');
      expect(res.body.message).not.toHaveProperty('renewal');
    } finally {
      await kit.app.ctx.db
        .deleteFrom('bill_plans')
        .where('plan_id', '=', 'dstv-yanga-twin')
        .execute();
    }
  });

  it('renews: subscription_type renew, the renewal amount, charged what was shown', async () => {
    await setCost(5_500_00);
    const u = await kit.user({ funds: 10_000_00 });
    const provider = kit.app.ctx.providers.forProduct('cabletv', 'dstv');
    const sent: PurchaseRequest[] = [];
    const purchase = provider.purchase.bind(provider);
    vi.spyOn(provider, 'purchase').mockImplementation((req) => {
      sent.push(req);
      return purchase(req);
    });
    const shown = (RENEWAL + 500_00) / 100;
    const res = await kit.call(api.cabletv, {
      token: u.token,
      body: {
        pin: PIN,
        service_id: 'dstv',
        plan_id: 'dstv-yanga',
        smart_card_number: card,
        subscription_type: 'renew',
        renewal_amount: shown,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'successful',
      value: shown,
      amountCharged: shown + FEE / 100,
      balance_after: (10_000_00 - (RENEWAL + 500_00 + FEE)) / 100,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      serviceId: 'dstv',
      billersCode: card,
      subscriptionType: 'renew',
      amount: RENEWAL,
    });
    expect(sent[0]).not.toHaveProperty('variationCode');
  });

  it('refuses a renewal whose amount or bouquet is not the one shown; nothing moves', async () => {
    await setCost(null);
    const u = await kit.user({ funds: 10_000_00 });
    const body = {
      pin: PIN,
      service_id: 'dstv',
      plan_id: 'dstv-yanga',
      smart_card_number: card,
      subscription_type: 'renew',
      renewal_amount: 2_565,
    };
    const stale = await kit.call(api.cabletv, {
      token: u.token,
      body: { ...body, renewal_amount: 2_000 },
    });
    expect(stale).toMatchObject({ status: 400, body: { msg: TV_MSG.renewalChanged } });
    const missing = await kit.call(api.cabletv, {
      token: u.token,
      body: { ...body, renewal_amount: undefined },
    });
    expect(missing).toMatchObject({ status: 400, body: { msg: TV_MSG.renewalChanged } });
    const other = await kit.call(api.cabletv, {
      token: u.token,
      body: { ...body, plan_id: 'dstv-padi' },
    });
    expect(other).toMatchObject({ status: 400, body: { msg: TV_MSG.bouquetChanged } });
    expect(await kit.balance(u.id)).toBe(10_000_00);
  });

  it('changing bouquet still sends subscription_type change with the plan code', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const provider = kit.app.ctx.providers.forProduct('cabletv', 'dstv');
    const sent: PurchaseRequest[] = [];
    const purchase = provider.purchase.bind(provider);
    vi.spyOn(provider, 'purchase').mockImplementation((req) => {
      sent.push(req);
      return purchase(req);
    });
    const res = await kit.call(api.cabletv, {
      token: u.token,
      body: { pin: PIN, service_id: 'dstv', plan_id: 'dstv-padi', smart_card_number: card },
    });
    expect(res.body.message).toMatchObject({ status: 'successful', amountCharged: 4_500 });
    expect(sent[0]).toMatchObject({ subscriptionType: 'change', variationCode: 'dstv-padi' });
  });

  it('offers no renewal for a service VTpass documents none for', async () => {
    const u = await kit.user();
    const res = await kit.call(api.verifyCustomer, {
      token: u.token,
      body: { service_id: 'startimes', customer_number: card },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).not.toHaveProperty('renewal');
  });
});
