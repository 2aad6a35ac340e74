/**
 * Held credits told truthfully (ADR 0076), on SQLite and PostgreSQL: a card payment a level's
 * daily funding limit held answers `held` (why, the level, its limit) to the return from the
 * checkout, is a History line that moved nothing (not in the balance or the totals), and once
 * released is a card funding line linked to its payment (its reference), not an adjustment; a
 * card payment whose credit can never fit the level is refused before the checkout; the admin
 * overview's "Payments" counts completed card payments whose money reached the wallet, no bank
 * transfer and no held credit; the audit log tells a customer's own action from an admin's.
 */
import { api, fundingCheck, fundingCredit } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../../src/admin/audit.ts';
import {
  adminLogin,
  chooseAtCheckout,
  createKit,
  engines,
  type Kit,
  type TestUser,
} from '../helper.ts';

describe.each(engines)('held credits told truthfully (%s)', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(async () => kit.close());

  /** A card payment of ₦`amount` paid at the sandbox checkout: its tx_ref and return params. */
  async function payByCard(u: TestUser, amount: number) {
    const init = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount },
      headers: { host: 'shop.test' },
    });
    expect(init.status).toBe(200);
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    const { params } = await chooseAtCheckout(kit, txRef, 'successful');
    return { txRef, params };
  }

  /** The first page of the customer's History (amounts in naira, as on the wire). */
  const history = async (u: TestUser) => {
    const { body } = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '1', limit: '20' },
    });
    return { items: body.message, total: body.total };
  };

  const cardPayments = async () =>
    (await kit.call(api.adminOverview, { token: admin })).body.message as {
      payments_count: number;
      payments_amount: number;
    };

  it('a held card payment says held, is a History line that moved nothing, and once released is linked to its payment', async () => {
    const before = await cardPayments();
    const u = await kit.user({ level: 1 });
    // ₦15,000 reaches the wallet (₦14,950 after stamp duty): ₦35,050 left of today's ₦50,000.
    const first = await payByCard(u, 15_000);
    expect((await kit.call(api.verifyPayment, { token: u.token, body: first.params })).status).toBe(
      200,
    );
    // ₦40,000 (₦39,950) would pass it: held.
    const second = await payByCard(u, 40_000);
    const res = await kit.call(api.verifyPayment, { token: u.token, body: second.params });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'completed',
      credited: 39_950,
      held: { status: 'held', reason: 'daily_funding', level: 1, limit: 50_000 },
    });
    // The first payment's answer says nothing held.
    const again = await kit.call(api.verifyPayment, { token: u.token, body: first.params });
    expect(again.body.message.held).toBeUndefined();
    expect(await kit.balance(u.id)).toBe(14_950_00);

    const page = await history(u);
    expect(page.total).toBe(2);
    const [heldLine, funded] = page.items;
    expect(heldLine).toMatchObject({
      kind: 'card_funding',
      product: 'Funding',
      direction: 'credit',
      amount: 0,
      value: 40_000,
      stamp_duty: 50,
      reference: second.txRef,
      held: { status: 'held', reason: 'daily_funding', released_at: null },
    });
    expect(funded).toMatchObject({ kind: 'card_funding', amount: 14_950 });
    expect(funded.held).toBeUndefined();
    // Not in the overview's totals: only what reached the wallet.
    const me = (await kit.call(api.currentUser, { token: u.token })).body.message;
    expect(me.wallet_balance).toBe(14_950);
    expect(me.received_total).toBe(14_950);
    // The admin overview counts the card payment that reached the wallet, not the held one.
    expect(await cardPayments()).toMatchObject({
      payments_count: before.payments_count + 1,
      payments_amount: before.payments_amount + 15_000,
    });
    // A search by its reference finds the held line.
    const found = await kit.call(api.myTransactions, {
      token: u.token,
      query: { page: '1', limit: '20', q: second.txRef },
    });
    expect(found.body.message.map((t: { held?: unknown }) => t.held)).toEqual([
      expect.objectContaining({ status: 'held' }),
    ]);

    // Level 2 (₦200,000 a day) lets it in: released once, as a card funding of its payment.
    expect(
      (await kit.call(api.setUserLevel, { token: admin, body: { user_id: u.id, level: 2 } }))
        .status,
    ).toBe(200);
    expect(await kit.balance(u.id)).toBe(14_950_00 + 39_950_00);
    const after = await history(u);
    expect(after.total).toBe(2);
    const [released] = after.items;
    const payment = await kit.app.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('tx_ref', '=', second.txRef)
      .executeTakeFirstOrThrow();
    expect(released).toMatchObject({
      transaction_id: payment.id,
      kind: 'card_funding',
      product: 'Funding',
      status: 'successful',
      direction: 'credit',
      amount: 39_950,
      value: 40_000,
      reference: second.txRef,
      balance_before: 14_950,
      balance_after: 54_900,
      held: { status: 'released', reason: 'daily_funding' },
    });
    expect(released.held.released_at).toBeGreaterThanOrEqual(released.held.held_at);
    expect(after.items.some((t: { product: string }) => t.product === 'Adjustment')).toBe(false);
    // The verify answer now says it was released; the overview counts it.
    const settled = await kit.call(api.verifyPayment, { token: u.token, body: second.params });
    expect(settled.body.message.held).toMatchObject({ status: 'released' });
    expect(await cardPayments()).toMatchObject({
      payments_count: before.payments_count + 2,
      payments_amount: before.payments_amount + 55_000,
    });
    expect(await kit.invariants()).toEqual([]);
  });

  it('a card payment whose credit can never fit the level is refused before the checkout, with the limit and what raises it', async () => {
    const u = await kit.user({ level: 1 });
    const res = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 60_000 },
      headers: { host: 'shop.test' },
    });
    expect(res).toEqual({
      status: 422,
      body: {
        type: 'limit_exceeded',
        msg: '₦60,000 is more than your daily funding limit of ₦50,000 for level 1. Verify your BVN or NIN in Settings to raise it.',
      },
    });
    const none = await kit.app.ctx.db
      .selectFrom('payments')
      .select('id')
      .where('user_id', '=', u.id)
      .execute();
    expect(none).toEqual([]);
    // ₦50,000 pays ₦49,950 in: it fits the level (a warning in the dialog, never a refusal).
    expect(fundingCredit(50_000_00)).toBeLessThanOrEqual(50_000_00);
    const ok = await kit.call(api.initiatePayment, {
      token: u.token,
      body: { amount: 50_000 },
      headers: { host: 'shop.test' },
    });
    expect(ok.status).toBe(200);
  });

  it('a bank transfer is no card payment: the overview does not count it', async () => {
    const before = await cardPayments();
    const u = await kit.user({ level: 3 });
    const now = Date.now();
    await kit.app.ctx.db
      .insertInto('payments')
      .values({
        id: `bt-${u.id}`,
        tx_ref: `BT-${u.id}`,
        user_id: u.id,
        amount: 20_000_00,
        credited: 19_950_00,
        status: 'completed',
        channel: 'bank_transfer',
        payment_reference: null,
        movement_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const after = await cardPayments();
    expect([after.payments_count, after.payments_amount]).toEqual([
      before.payments_count,
      before.payments_amount,
    ]);
    expect(await kit.invariants()).toEqual([]);
  });

  it("the audit log labels a customer's own action as the customer's, and the system's as the system's", async () => {
    const u = await kit.user({ level: 1 });
    const req = { headers: {}, ip: '127.0.0.1' };
    const entry = {
      action: 'verification.level' as const,
      targetType: 'user' as const,
      targetId: u.id,
      targetLabel: u.email,
      before: { level: 1 },
      after: { level: 2, by: 'bvn' },
    };
    await recordAudit(
      kit.app.ctx.db,
      { admin: { id: u.id, email: u.email }, req, kind: 'customer' },
      entry,
    );
    const list = await kit.call(api.auditLog, {
      token: admin,
      query: { page: '1', limit: '10', target: u.id },
    });
    expect(list.status).toBe(200);
    expect(list.body.message).toEqual([
      expect.objectContaining({ admin: u.email, actor_kind: 'customer' }),
    ]);
    // An entry written before the actor's kind was kept: told by the actor's account.
    const old = await kit.user({ level: 1 });
    await kit.app.ctx.db
      .insertInto('audit_log')
      .values({
        id: `old-${old.id}`,
        admin_id: old.id,
        admin_email: old.email,
        actor_kind: null,
        action: 'verification.level',
        target_type: 'user',
        target_id: old.id,
        target_label: old.email,
        before_json: null,
        after_json: null,
        request_id: null,
        ip: null,
        created_at: Date.now(),
      })
      .execute();
    const older = await kit.call(api.auditLog, {
      token: admin,
      query: { page: '1', limit: '10', target: old.id },
    });
    expect(older.body.message[0].actor_kind).toBe('customer');
    // An admin's own action stays an admin's.
    expect(
      (await kit.call(api.setUserLevel, { token: admin, body: { user_id: old.id, level: 2 } }))
        .status,
    ).toBe(200);
    const mixed = await kit.call(api.auditLog, {
      token: admin,
      query: { page: '1', limit: '10', target: old.id },
    });
    expect(mixed.body.message.map((e: { actor_kind: string }) => e.actor_kind)).toEqual([
      'admin',
      'customer',
    ]);
  });
});

describe('fundingCheck: what Fund Wallet warns of and refuses (ADR 0076)', () => {
  const level1 = {
    level: 1 as const,
    limits: {
      level: 1 as const,
      max_balance: 300_000_00,
      daily_funding: 50_000_00,
      daily_spending: 50_000_00,
    },
    funded_today: 15_000_00,
    balance: 14_950_00,
    card_fee_payer: 'business' as const,
  };
  it('warns, with the limit, what is left today and how it is released, when it would be held', () => {
    expect(fundingCheck(40_000_00, level1)).toEqual({
      kind: 'held',
      reason: 'daily_funding',
      message:
        '₦40,000 would pass your daily funding limit of ₦50,000 for level 1 (₦35,000 left today): it would be held, not added to your balance. It is added after midnight, when a new day’s limit starts, or at once when you verify your BVN or NIN in Settings.',
    });
  });
  it('warns past the maximum balance', () => {
    expect(fundingCheck(20_000_00, { ...level1, funded_today: 0, balance: 290_000_00 })).toEqual({
      kind: 'held',
      reason: 'balance',
      message:
        '₦20,000 would take your balance past the level 1 maximum of ₦300,000: it would be held, not added to your balance. It is added after midnight once your balance has room for it, or at once when you verify your BVN or NIN in Settings.',
    });
  });
  it('refuses what can never fit, naming the limit and what raises it', () => {
    expect(fundingCheck(60_000_00, level1).kind).toBe('never');
    expect(
      fundingCheck(400_000_00, {
        ...level1,
        level: 2,
        limits: {
          level: 2,
          max_balance: 300_000_00,
          daily_funding: 500_000_00,
          daily_spending: null,
        },
      }),
    ).toEqual({
      kind: 'never',
      reason: 'balance',
      message:
        '₦400,000 is more than the level 2 maximum balance of ₦300,000. Ask our team for a review in Settings to raise it.',
    });
  });
  it('lets an amount that fits through', () => {
    expect(fundingCheck(5_000_00, level1)).toEqual({ kind: 'ok' });
  });
});
