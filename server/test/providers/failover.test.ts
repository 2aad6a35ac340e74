/**
 * Provider failover, circuit breaker and float alerts (ADR 0052), on SQLite and
 * PostgreSQL: a definite refusal moves a purchase to the next provider of the admin's order
 * under the same record and charge; a timeout never does; a fallback that does not sell the
 * plan (or sells it above our price) is skipped; the breaker opens after N refusals in a row,
 * is seen by a second instance on the same database, lets one try through after the cooldown
 * (a fake clock) and closes on a good answer; a float below its threshold e-mails every admin
 * once per crossing.
 */
import { api } from '@contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { syncCatalogue } from '../../src/purchases/catalogue-sync.ts';
import { pollFloats } from '../../src/providers/failover.ts';
import { adminLogin, createKit, engines, PIN, type Kit, type TestUser } from '../helper.ts';

/** MTN airtime ₦1,000 at 2 % off: ₦980 charged. */
const AIRTIME_COST = 980_00;
const airtimeBody = (phone = '08031234567') => ({ pin: PIN, phone_number: phone, amount: 1000 });

describe.each(engines)('failover on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  let now = 1_800_000_000_000;
  const clock = () => now;

  beforeAll(async () => {
    kit = await createKit(engine, {
      config: { clock },
      // Two refusals (or unanswered calls) in a row pause a provider.
      env: {
        PROVIDER_BREAKER_FAILURES: '2',
        PROVIDER_BREAKER_COOLDOWN_MS: '60000',
      },
    });
    admin = await adminLogin(kit);
  });
  afterAll(() => kit.close());

  const setRoute = (key: string, providers: string[]) =>
    kit.call(api.setProviderRoute, { token: admin, body: { key, providers } });
  const fault = (provider: string, kind: string, count = 1) =>
    kit.call(api.devProviderFault, { body: { provider, fault: kind, count } });
  const record = (id: string) =>
    kit.app.ctx.db
      .selectFrom('transactions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const tried = async (id: string) =>
    (
      JSON.parse((await record(id)).providers_tried as string) as {
        provider: string;
        result: string;
      }[]
    ).map((t) => `${t.provider}:${t.result}`);
  const health = async (app?: FastifyInstance) => {
    const res = app
      ? await app.inject({
          method: 'GET',
          url: api.adminProviders.path,
          headers: { authorization: `Bearer ${admin}` },
        })
      : undefined;
    const body = res ? res.json() : (await kit.call(api.adminProviders, { token: admin })).body;
    return body.message.providers as { provider: string; state: string; failures: number }[];
  };
  const vtState = async (app?: FastifyInstance) =>
    (await health(app)).find((p) => p.provider === 'vtpass')!.state;

  it('an admin sets the order (audited); a bad order is refused and changes nothing', async () => {
    const bad = await setRoute('education', ['vtpass', 'flutterwave']);
    expect(bad.status).toBe(400);
    const twice = await setRoute('airtime', ['vtpass', 'vtpass']);
    expect(twice.status).toBe(400);
    const unknown = await setRoute('no-such-thing', ['vtpass']);
    expect(unknown.status).toBe(404);
    const res = await setRoute('airtime', ['vtpass', 'flutterwave']);
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      key: 'airtime',
      providers: ['vtpass', 'flutterwave'],
      is_default: false,
    });
    const audit = await kit.call(api.auditLog, {
      token: admin,
      query: { action: 'provider.route' },
    });
    expect(audit.body.message).toHaveLength(1);
    expect(audit.body.message[0].after).toEqual({ providers: 'vtpass → flutterwave' });
  });

  it('a definite refusal moves the purchase to the next provider, charged once', async () => {
    const user = await kit.user({ funds: 5_000_00 });
    expect((await fault('vtpass', 'refuse')).status).toBe(200);
    const requestId = 'failover-refusal-1';
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: airtimeBody(),
      requestId,
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const row = await record(id);
    expect(row.status).toBe('successful');
    expect(row.provider).toBe('sandbox-flutterwave');
    expect(await tried(id)).toEqual(['sandbox-vt:refused', 'sandbox-flutterwave:sent']);
    expect(await kit.balance(user.id)).toBe(5_000_00 - AIRTIME_COST);
    // The same idempotency key answers the same purchase: nothing is bought or charged again.
    const again = await kit.call(api.airtime, {
      token: user.token,
      body: airtimeBody(),
      requestId,
    });
    expect(again.body.message.transaction_id).toBe(id);
    expect(await kit.balance(user.id)).toBe(5_000_00 - AIRTIME_COST);
    const purchases = await kit.app.ctx.db
      .selectFrom('transactions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(purchases).toHaveLength(1);
    expect(await kit.invariants()).toEqual([]);
  });

  it('a timeout never moves: the purchase stays pending with the provider that has it', async () => {
    const user = await kit.user({ funds: 10_000_00 });
    // A delivery first: VTpass's count of refusals in a row starts again from nothing.
    await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect((await health()).find((p) => p.provider === 'vtpass')!.failures).toBe(0);
    // The sandbox's "3333": the call gets no answer (the connection drops, as a timeout
    // would leave it: in instant mode the simulator cannot wait out the adapter's timer).
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: airtimeBody('08031233333'),
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const row = await record(id);
    expect(row.status).toBe('pending');
    expect(row.provider).toBe('sandbox-vt');
    expect(await tried(id)).toEqual(['sandbox-vt:sent']);
    const calls = await kit.app.ctx.db
      .selectFrom('provider_calls')
      .select(['provider', 'outcome'])
      .where('created_at', '=', now)
      .execute();
    expect(calls.filter((c) => c.provider === 'sandbox-flutterwave')).toHaveLength(1);
    expect(calls.filter((c) => c.outcome === 'timeout')).toEqual([
      { provider: 'sandbox-vt', outcome: 'timeout' },
    ]);
    expect(await kit.balance(user.id)).toBe(10_000_00 - 2 * AIRTIME_COST);
    // A timeout counts towards the breaker (one so far: still closed); a delivery resets it.
    expect((await health()).find((p) => p.provider === 'vtpass')!.failures).toBe(1);
    await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect((await health()).find((p) => p.provider === 'vtpass')!.failures).toBe(0);
  });

  it('a fallback that does not sell the plan, or sells it above our price, is skipped', async () => {
    const plan = { service_id: 'mtn-data', plan_id: 'mtn-data-2-5gb-2d' };
    const { plan_id: code } = await kit.app.ctx.db
      .selectFrom('data_plans')
      .select('plan_id')
      .where('id', '=', plan.plan_id)
      .executeTakeFirstOrThrow();
    expect((await setRoute('mtn-data', ['vtpass', 'flutterwave'])).status).toBe(200);
    // The sync lists both providers' plans (the second float's simulator sells this one, under
    // an item code of its own matched to ours).
    await syncCatalogue(kit.app.ctx);
    const listed = () =>
      kit.app.ctx.db
        .selectFrom('provider_plans')
        .select('cost')
        .where('provider', '=', 'sandbox-flutterwave')
        .where('service_id', '=', plan.service_id)
        .where('plan_code', '=', code as string);
    expect(await listed().executeTakeFirst()).toBeDefined();
    const user = await kit.user({ funds: 5_000_00 });
    const buy = async () => {
      await fault('vtpass', 'refuse');
      const res = await kit.call(api.data, {
        token: user.token,
        body: { pin: PIN, ...plan, phone_number: '08031234567' },
      });
      expect(res.status).toBe(200);
      return res.body.message.transaction_id as string;
    };

    // Sold above our price there (₦600): skipped; the refusal stands and is refunded.
    await kit.app.ctx.db
      .updateTable('provider_plans')
      .set({ cost: 600_01 })
      .where('provider', '=', 'sandbox-flutterwave')
      .where('service_id', '=', plan.service_id)
      .where('plan_code', '=', code as string)
      .execute();
    const dear = await buy();
    expect((await record(dear)).status).toBe('reversed');
    expect(await tried(dear)).toEqual(['sandbox-vt:refused', 'sandbox-flutterwave:above_price']);

    // Not listed there: skipped the same way.
    await kit.app.ctx.db
      .deleteFrom('provider_plans')
      .where('provider', '=', 'sandbox-flutterwave')
      .where('service_id', '=', plan.service_id)
      .where('plan_code', '=', code as string)
      .execute();
    const unsold = await buy();
    expect((await record(unsold)).status).toBe('reversed');
    expect(await tried(unsold)).toEqual(['sandbox-vt:refused', 'sandbox-flutterwave:not_sold']);
    expect(await kit.balance(user.id)).toBe(5_000_00);
    expect(await kit.invariants()).toEqual([]);
    // Both refusals in a row paused VTpass: closed again for the next test by a delivery after
    // the cooldown.
    now += 60_000;
    await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect(await vtState()).toBe('closed');
  });

  it("a fallback is sent the plan under its own code (the sync's match), not ours", async () => {
    // Our MTN 1.5GB - 30 days is VTpass's `mtn-100mb-1000`; the second float's simulator sells
    // it as its own item `SIMIT-MTN-DATA-05` and refuses our code (as Flutterwave would).
    const plan = { service_id: 'mtn-data', plan_id: 'mtn-data-1-5gb-30d' };
    const ours = 'mtn-100mb-1000';
    expect((await setRoute('mtn-data', ['vtpass', 'flutterwave'])).status).toBe(200);
    await syncCatalogue(kit.app.ctx);
    const mapped = await kit.app.ctx.db
      .selectFrom('provider_plans')
      .select(['code', 'cost'])
      .where('provider', '=', 'sandbox-flutterwave')
      .where('service_id', '=', plan.service_id)
      .where('plan_code', '=', ours)
      .executeTakeFirstOrThrow();
    expect(mapped).toEqual({ code: 'SIMIT-MTN-DATA-05', cost: 1_000_00 });
    // MD142 (the changelog's "MTN 200 MB DATA BUNDLE") states no validity, our 200 MB plan
    // does (2 days): unmatched, never guessed, so not sold there; the sync counts it.
    const md142 = await kit.app.ctx.db
      .selectFrom('provider_plans')
      .select('plan_code')
      .where('provider', '=', 'sandbox-flutterwave')
      .where('service_id', '=', plan.service_id)
      .where('code', '=', 'MD142')
      .executeTakeFirstOrThrow();
    expect(md142.plan_code).toBeNull();
    const audit = await kit.app.ctx.db
      .selectFrom('audit_log')
      .select('after_json')
      .where('action', '=', 'catalogue.sync')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const after = JSON.parse(audit.after_json as string) as Record<string, unknown>;
    expect(after.unmatched).toBeGreaterThanOrEqual(1);
    expect(after.unmatched_items).toContain('mtn-data/sandbox-flutterwave: 1 of 16');
    // Our code at Flutterwave is a refusal: what the purchase would meet without the match.
    const direct = await kit.app.ctx.providers.byTarget('flutterwave').purchase({
      requestId: 'failover-own-code-direct',
      product: 'data',
      serviceId: plan.service_id,
      variationCode: ours,
      amount: 1_000_00,
      phone: '08031234567',
    });
    expect(direct).toMatchObject({ status: 'failed', message: 'Invalid item code' });

    const user = await kit.user({ funds: 5_000_00 });
    await fault('vtpass', 'refuse');
    const res = await kit.call(api.data, {
      token: user.token,
      body: { pin: PIN, ...plan, phone_number: '08031234567' },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const row = await record(id);
    expect(row.status).toBe('successful');
    expect(row.provider).toBe('sandbox-flutterwave');
    expect(await tried(id)).toEqual(['sandbox-vt:refused', 'sandbox-flutterwave:sent']);
    // The simulator kept the bill under the item it was sent.
    const bill = await kit.app.ctx.db
      .selectFrom('kv_store')
      .select('value')
      .where('namespace', '=', 'sim-flutterwave-bills')
      .where('key', '=', `bill:${row.provider_request_id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(bill.value)).toMatchObject({
      billerCode: 'BIL108',
      itemCode: 'SIMIT-MTN-DATA-05',
    });
    // Charged once, at our price.
    expect(await kit.balance(user.id)).toBe(5_000_00 - 1_000_00);
    expect(await kit.invariants()).toEqual([]);
    // VTpass refused once: a delivery closes the count again for the next test.
    await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect((await health()).find((p) => p.provider === 'vtpass')!.failures).toBe(0);
  });

  it('a first provider with codes of its own: the sync keeps our plans on sale, the purchase sends its item', async () => {
    expect((await setRoute('glo-data', ['flutterwave'])).status).toBe(200);
    const summary = await syncCatalogue(kit.app.ctx);
    const glo = summary.services.find((s) => s.service_id === 'glo-data')!;
    // Every item is one of our plans by size and validity: none added, none flagged.
    expect(glo).toMatchObject({ provider: 'sandbox-flutterwave', added: 0, flagged: 0 });
    const plans = await kit.app.ctx.db
      .selectFrom('data_plans')
      .select(['plan_id', 'on_sale', 'sync_flag'])
      .where('variation_id', '=', 'glo-data')
      .execute();
    expect(plans.filter((p) => Number(p.on_sale) !== 1 || p.sync_flag !== null)).toEqual([]);
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.data, {
      token: user.token,
      body: {
        pin: PIN,
        service_id: 'glo-data',
        plan_id: 'glo-data-5-8gb-30d',
        phone_number: '08051234567',
      },
    });
    expect(res.status).toBe(200);
    const row = await record(res.body.message.transaction_id as string);
    expect(row).toMatchObject({ status: 'successful', provider: 'sandbox-flutterwave' });
    const bill = await kit.app.ctx.db
      .selectFrom('kv_store')
      .select('value')
      .where('namespace', '=', 'sim-flutterwave-bills')
      .where('key', '=', `bill:${row.provider_request_id}`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(bill.value)).toMatchObject({ itemCode: 'SIMIT-GLO-DATA-05' });
    // Back to VTpass: the next sync finds our codes there again.
    expect((await setRoute('glo-data', ['vtpass'])).status).toBe(200);
    const back = await syncCatalogue(kit.app.ctx);
    expect(back.services.find((s) => s.service_id === 'glo-data')).toMatchObject({
      added: 0,
      flagged: 0,
    });
  });

  it('the breaker opens after N refusals, is shared by two instances, half-opens after the cooldown', async () => {
    const other = await buildApp({ config: kit.config, logger: false });
    try {
      const user = await kit.user({ funds: 20_000_00 });
      const buyOn = async (app: FastifyInstance, u: TestUser) => {
        const res = await app.inject({
          method: 'POST',
          url: api.airtime.path,
          headers: { authorization: `Bearer ${u.token}` },
          payload: airtimeBody(),
        });
        expect(res.statusCode).toBe(200);
        return res.json().message.transaction_id as string;
      };

      // Two refusals in a row on this instance: both fail over, and VTpass is paused.
      await fault('vtpass', 'refuse', 2);
      await buyOn(kit.app, user);
      expect(await vtState()).toBe('closed');
      await buyOn(kit.app, user);
      expect(await vtState()).toBe('open');

      // The other instance sees it through the database: VTpass is skipped, not called.
      expect(await vtState(other)).toBe('open');
      const skipped = await buyOn(other, user);
      expect(await tried(skipped)).toEqual(['sandbox-vt:paused', 'sandbox-flutterwave:sent']);
      expect(await record(skipped)).toMatchObject({ status: 'successful' });

      // After the cooldown one try goes through; it is refused, so VTpass is paused again at
      // once (not after N more).
      now += 60_000;
      expect(await vtState(other)).toBe('half_open');
      await fault('vtpass', 'refuse');
      const probe = await buyOn(kit.app, user);
      expect(await tried(probe)).toEqual(['sandbox-vt:refused', 'sandbox-flutterwave:sent']);
      expect(await vtState(other)).toBe('open');
      now += 30_000;
      expect(await vtState()).toBe('open');

      // Past the cooldown again, the other instance's try is answered: closed for everyone.
      now += 30_000;
      const good = await buyOn(other, user);
      expect(await tried(good)).toEqual(['sandbox-vt:sent']);
      expect((await record(good)).provider).toBe('sandbox-vt');
      expect(await vtState()).toBe('closed');
      expect(await kit.balance(user.id)).toBe(20_000_00 - 5 * AIRTIME_COST);
      expect(await kit.invariants()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refusals never pause the only provider of an order: failing numbers cannot stop sales', async () => {
    // An attacker's (or a clumsy customer's) refused purchases cost them nothing (refunded);
    // if they paused the only provider, everyone's sales would stop for the cooldown.
    expect((await setRoute('airtime', ['vtpass'])).status).toBe(200);
    const user = await kit.user({ funds: 5_000_00 });
    await fault('vtpass', 'refuse', 3);
    for (let i = 0; i < 3; i++) {
      const refused = await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
      expect(refused.body.message.status).toBe('reversed');
    }
    expect(await vtState()).toBe('closed');
    const sold = await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect(sold.status).toBe(200);
    expect(sold.body.message.status).toBe('successful');
    expect(await kit.balance(user.id)).toBe(5_000_00 - AIRTIME_COST);
  });

  it('when every provider of the order is paused, the purchase is refused before money moves', async () => {
    expect((await setRoute('airtime', ['vtpass'])).status).toBe(200);
    const user = await kit.user({ funds: 5_000_00 });
    // Two unanswered calls in a row (the sandbox drops the connection for numbers ending
    // 3333): both stay pending, charged, and VTpass is paused.
    await kit.call(api.airtime, { token: user.token, body: airtimeBody('08031233333') });
    await kit.call(api.airtime, { token: user.token, body: airtimeBody('08031233333') });
    expect(await vtState()).toBe('open');
    const held = 5_000_00 - 2 * AIRTIME_COST;
    expect(await kit.balance(user.id)).toBe(held);
    const res = await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect(res.status).toBe(502);
    expect(await kit.balance(user.id)).toBe(held);
    now += 60_000;
    const after = await kit.call(api.airtime, { token: user.token, body: airtimeBody() });
    expect(after.status).toBe(200);
    expect(await vtState()).toBe('closed');
  });

  it('a float below its threshold e-mails every admin once per crossing', async () => {
    const lowMails = async () =>
      (await kit.mail(kit.config.adminEmail)).filter((m) =>
        m.subject.startsWith('VTpass float low'),
      );
    const threshold = (kobo: number | null) =>
      kit.call(api.setFloatThreshold, {
        token: admin,
        body: { provider: 'vtpass', threshold: kobo },
      });
    const bad = await threshold(-1);
    expect(bad.status).toBe(400);
    // The simulated VTpass wallet opens at ₦2,500,000: an alert under ₦3,000,000 is crossed.
    const set = await threshold(3_000_000_00);
    expect(set.status).toBe(200);
    expect(set.body.message.threshold).toBe(3_000_000_00);
    await pollFloats(kit.app.ctx);
    await pollFloats(kit.app.ctx);
    expect(await lowMails()).toHaveLength(1);
    const [vt] = (await health()).filter((p) => p.provider === 'vtpass');
    expect(vt).toMatchObject({ below_threshold: true });

    // Back above (the threshold lowered): reset; below again: one more mail.
    await threshold(1_00);
    await pollFloats(kit.app.ctx);
    expect(await lowMails()).toHaveLength(1);
    await threshold(3_000_000_00);
    await pollFloats(kit.app.ctx);
    await pollFloats(kit.app.ctx);
    expect(await lowMails()).toHaveLength(2);
    const audit = await kit.call(api.auditLog, {
      token: admin,
      query: { action: 'provider.threshold' },
    });
    expect(audit.body.message.length).toBe(3);
  });
});
