import { api } from '@contract';
import { describe, expect, it } from 'vitest';
import { freezeClock, SEED_NOW } from './clock';
import { DEMO_CUSTOMER, FRIEND_CUSTOMER } from './fixtures/users';
import { ok } from './test-client';
import { balanceOf, loginAs, setupMockServer } from './test-setup';

setupMockServer();

/** The mocks answer the wallet statement as the server does (ADR 0045). */
describe('wallet statement (mock)', () => {
  it('lists fundings, purchases, refunds and shares, each balance after continuing the last', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    const all = await ok(api.myTransactions, { token, query: { limit: 100 } });
    // A card payment that failed or was cancelled moved nothing: no balance of its own.
    const lines = all.message.filter(
      (l) => !(l.kind === 'card_funding' && (l.status === 'failed' || l.status === 'cancelled')),
    );
    expect(lines[0]!.balance_after).toBe(balanceOf(DEMO_CUSTOMER.id));
    for (let i = 0; i + 1 < lines.length; i++) {
      expect(lines[i]!.balance_before, lines[i]!.transaction_id).toBe(lines[i + 1]!.balance_after);
    }
    const kinds = new Set(lines.map((l) => l.kind));
    for (const kind of ['card_funding', 'purchase', 'share_out', 'coupon'] as const) {
      expect(kinds.has(kind), kind).toBe(true);
    }
    const funding = (await ok(api.myTransactions, { token, query: { kind: 'card_funding' } }))
      .message[0]!;
    expect(funding).toMatchObject({ product: 'Funding', direction: 'credit', amountCharged: 0 });
    expect(funding.value - funding.amount!).toBe(funding.stamp_duty! + funding.fee!);
  });

  it('a failed purchase refunded: the purchase names its refund, the refund its purchase', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    const bought = await ok(api.airtime, {
      token,
      body: { pin: DEMO_CUSTOMER.pin, phone_number: '08031230000', amount: 500 },
    });
    const id = bought.message.transaction_id;
    const before = await ok(api.myTransactions, { token, query: { q: id } });
    expect(before.message.map((l) => [l.kind, l.status])).toEqual([['purchase', 'failed']]);
    const admin = await loginAs('admin@example.com');
    await ok(api.reverse, { token: admin, body: { userId: DEMO_CUSTOMER.id, transactionId: id } });
    const after = (await ok(api.myTransactions, { token, query: { q: id } })).message;
    expect(after.map((l) => [l.kind, l.direction, l.status])).toEqual([
      ['refund', 'credit', 'reversed'],
      ['purchase', 'debit', 'reversed'],
    ]);
    expect(after[0]).toMatchObject({ refund_of: id, amount: bought.message.amountCharged });
    expect(after[1]!.refund).toEqual({ amount: bought.message.amountCharged, date: SEED_NOW });
    const me = (await ok(api.currentUser, { token })).message;
    expect(me.transactions[0]).toMatchObject({ kind: 'refund', refund_of: id });
    expect(me.spent_total).toBeGreaterThan(0);
    expect(me.received_total).toBeGreaterThan(0);
  });

  it('a card payment that failed is a line that moved no money, with its reference', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs();
    const failed = (
      await ok(api.myTransactions, { token, query: { kind: 'card_funding', status: 'failed' } })
    ).message;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      product: 'Funding',
      direction: 'credit',
      status: 'failed',
      amount: 0,
      balance_before: 0,
      balance_after: 0,
      value: 5_000_00,
    });
    expect(failed[0]!.reference).toBeTruthy();
  });

  it('a received share names its sender', async () => {
    freezeClock(SEED_NOW);
    const token = await loginAs(FRIEND_CUSTOMER.email);
    const shares = (await ok(api.myTransactions, { token, query: { kind: 'share_in' } })).message;
    expect(shares.length).toBeGreaterThan(0);
    expect(shares[0]).toMatchObject({ direction: 'credit', counterparty: DEMO_CUSTOMER.email });
    expect(shares[0]!.counterparty_name).toBeTruthy();
  });
});
