/**
 * The purchase's answer budget (ADR 0075): a purchase waits for its provider at most
 * PURCHASE_ANSWER_MS, then answers the customer with the purchase as it stands (pending). The
 * provider call goes on in the background and settles the purchase through the same settlement
 * (guarded: once), or the requery worker does; the retry of its X-Request-Id answers the same
 * purchase; the shutdown waits for it. The fake provider answers only when the test says, so no
 * assertion depends on a clock: the budget (50 ms here) always runs out first.
 */
import { api } from '@contract';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCapacity, settledInBackground } from '../../src/platform/capacity.ts';
import type { ProviderOutcome, PurchaseRequest } from '../../src/providers/index.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

const FUNDS = 10_000_00;
/** ₦100 of airtime at the sandbox's 2 % off (as purchases.test.ts). */
const PAID = 98_00;

describe('PURCHASE_ANSWER_MS', () => {
  it('defaults to the contract’s answer budget; a bad value names the setting', () => {
    expect(parseCapacity({}).purchaseAnswerMs).toBe(5_000);
    expect(parseCapacity({ PURCHASE_ANSWER_MS: '50' }).purchaseAnswerMs).toBe(50);
    for (const bad of ['0', '-1', 'soon', '300001']) {
      expect(() => parseCapacity({ PURCHASE_ANSWER_MS: bad })).toThrow(
        /^PURCHASE_ANSWER_MS must be a whole number from 1 to 300000/,
      );
    }
  });
});

describe.each(engines)('a slow provider answers within the budget (%s)', (engine) => {
  let kit: Kit | undefined;
  afterEach(async () => {
    await kit?.close();
    kit = undefined;
  });

  /** A kit whose VTpass simulator answers each purchase only when `answer` is called. */
  async function heldProvider() {
    kit = await createKit(engine, { env: { PURCHASE_ANSWER_MS: '50' } });
    const vt = kit.app.ctx.providers.byName('sandbox-vt')!;
    const calls: PurchaseRequest[] = [];
    let answer!: (outcome: ProviderOutcome) => void;
    vt.purchase = (request: PurchaseRequest) => {
      calls.push(request);
      return new Promise<ProviderOutcome>((resolve) => (answer = resolve));
    };
    const u = await kit.user({ funds: FUNDS });
    const buy = (requestId?: string) =>
      kit!.call(api.airtime, {
        token: u.token,
        body: { pin: PIN, phone_number: '08031235678', amount: 100 },
        requestId,
      });
    const status = async (id: string) =>
      (
        await kit!.app.ctx.db
          .selectFrom('transactions')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;
    const refunds = async (id: string) =>
      (
        await kit!.app.ctx.db
          .selectFrom('movements')
          .select('id')
          .where('kind', '=', 'reversal')
          .where('memo', 'like', `%${id}%`)
          .execute()
      ).length;
    return { kit, u, calls, answer: (o: ProviderOutcome) => answer(o), buy, status, refunds };
  }

  it('answers pending while the provider works; its answer then delivers it, once', async () => {
    const t = await heldProvider();
    const res = await t.buy('slow-1');
    expect(res.status).toBe(200);
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.transaction_id as string;
    // Debited once, already: the money is with the provider's float while it works.
    expect(await t.kit.balance(t.u.id)).toBe(FUNDS - PAID);
    // A retry of the same request answers the same purchase and sends nothing again.
    const again = await t.buy('slow-1');
    expect(again.body.message.transaction_id).toBe(id);
    expect(t.calls).toHaveLength(1);

    t.answer({ status: 'successful', message: 'TRANSACTION SUCCESSFUL' });
    await settledInBackground(t.kit.app.ctx.config);
    expect(await t.status(id)).toBe('successful');
    expect(await t.kit.balance(t.u.id)).toBe(FUNDS - PAID);
    // They were answered pending: the delivery is news, told in their notices (as the requery's).
    const notices = await t.kit.app.ctx.db
      .selectFrom('notices')
      .select(['kind', 'transaction_id'])
      .where('user_id', '=', t.u.id)
      .execute();
    expect(notices).toEqual([{ kind: 'purchased', transaction_id: id }]);
    // The requery worker, later, finds nothing left to ask about.
    expect(await runRequeryOnce(t.kit.app.ctx, { now: Date.now() + 3_600_000 })).toBe(0);
    expect(await t.kit.invariants()).toEqual([]);
  });

  it('a provider that fails it after the answer: failed and refunded, once', async () => {
    const t = await heldProvider();
    const res = await t.buy();
    expect(res.body.message.status).toBe('pending');
    const id = res.body.message.transaction_id as string;
    t.answer({ status: 'failed', message: 'TRANSACTION FAILED' });
    await settledInBackground(t.kit.app.ctx.config);
    expect(await t.status(id)).toBe('reversed');
    expect(await t.refunds(id)).toBe(1);
    expect(await t.kit.balance(t.u.id)).toBe(FUNDS);
    expect(await runRequeryOnce(t.kit.app.ctx, { now: Date.now() + 3_600_000 })).toBe(0);
    expect(await t.refunds(id)).toBe(1);
    expect(await t.kit.invariants()).toEqual([]);
  });

  it('the requery settles it first (as after a crash): the late answer changes nothing', async () => {
    const t = await heldProvider();
    const res = await t.buy();
    const id = res.body.message.transaction_id as string;
    // The simulator's requery of this request says failed: refunded by the worker.
    const vt = t.kit.app.ctx.providers.byName('sandbox-vt')!;
    vt.requery = async () => ({ status: 'failed', message: 'TRANSACTION FAILED' });
    expect(await runRequeryOnce(t.kit.app.ctx, { now: Date.now() + 3_600_000 })).toBe(1);
    expect(await t.status(id)).toBe('reversed');
    // The call still in flight then says delivered: guarded, nothing moves twice.
    t.answer({ status: 'successful', message: 'TRANSACTION SUCCESSFUL' });
    await settledInBackground(t.kit.app.ctx.config);
    expect(await t.status(id)).toBe('reversed');
    expect(await t.refunds(id)).toBe(1);
    expect(await t.kit.balance(t.u.id)).toBe(FUNDS);
    expect(await t.kit.invariants()).toEqual([]);
  });

  it('a provider that answers within the budget is answered as before', async () => {
    kit = await createKit(engine, { env: { PURCHASE_ANSWER_MS: '300000' } });
    const u = await kit.user({ funds: FUNDS });
    const res = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 100 },
    });
    expect(res.body.message.status).toBe('successful');
  });
});
