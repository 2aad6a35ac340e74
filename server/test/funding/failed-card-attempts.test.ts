/**
 * Failed and cancelled card attempts told in History (ADR 0076, migration 0034), on SQLite and
 * PostgreSQL: a card payment that failed (the customer paid nothing) or was cancelled at the
 * checkout is a History line "Card funding" with its status that moved no money (amount 0, no
 * balance before or after, its reference), never in the balance or the totals; the statement's
 * recount agrees.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseAtCheckout, createKit, engines, type Kit, type TestUser } from '../helper.ts';

describe.each(engines)('failed and cancelled card attempts (%s)', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(async () => kit.close());

  /** A card checkout of ₦`amount` answered `outcome`, and the return verified. */
  async function attempt(u: TestUser, amount: number, outcome: 'failed' | 'cancelled') {
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount },
      headers: { host: 'shop.test' },
    });
    expect(init.status).toBe(200);
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, outcome);
    await kit.call(api.verifyPayment, { token: u.token, body: params });
    return txRef;
  }

  it('a failed and a cancelled card payment are lines that moved no money', async () => {
    const u = await kit.user();
    const before = (
      await kit.call(api.myTransactions, {
        token: u.token,
        query: { page: '1', limit: '20' },
      })
    ).body.total as number;
    const failed = await attempt(u, 2_000, 'failed');
    const cancelled = await attempt(u, 3_000, 'cancelled');

    const { body } = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '1', limit: '20' },
    });
    expect(body.total).toBe(before + 2);
    const [second, first] = body.message;
    const line = { kind: 'card_funding', product: 'Funding', direction: 'credit', amount: 0 };
    expect(second).toMatchObject({
      ...line,
      status: 'cancelled',
      value: 3_000,
      reference: cancelled,
      balance_before: 0,
      balance_after: 0,
    });
    expect(first).toMatchObject({ ...line, status: 'failed', value: 2_000, reference: failed });
    expect(second.held).toBeUndefined();

    // Nothing moved: the balance and the totals are what they were.
    expect(await kit.balance(u.id)).toBe(0);
    const me = (await kit.call(api.currentUser, { token: u.token })).body.message;
    expect(me.wallet_balance).toBe(0);
    expect(me.received_total).toBe(0);

    // The status filter finds each.
    const onlyFailed = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '1', limit: '20', status: 'failed' },
    });
    expect(onlyFailed.body.message.map((t: { reference?: string }) => t.reference)).toEqual([
      failed,
    ]);
    // A search by the payment's reference (as the bank or the checkout shows it) finds it.
    const found = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '1', limit: '20', q: cancelled },
    });
    expect(found.body.total).toBe(1);
    expect(found.body.message).toMatchObject([
      { ...line, status: 'cancelled', reference: cancelled },
    ]);
    // Nobody else's search finds it.
    const other = await kit.user();
    const theirs = await kit.call(api.myTransactions, {
      token: other.token,
      query: { page: '1', limit: '20', q: cancelled },
    });
    expect(theirs.body.total).toBe(0);
    expect(await kit.invariants()).toEqual([]);
  });
});
