/**
 * Four eyes on every admin action that moves, releases or redirects money (ADR 0070), tried as
 * a dishonest employee would: one admin crediting a customer again and again, assigning a held
 * transfer to their own wallet, approving a credit made out to them, releasing held credits by
 * a level change, reversing above the threshold. Each is either instant within the owner-set
 * daily totals, or waits for a second admin who is neither its maker nor the customer.
 */
import { randomUUID } from 'node:crypto';
import {
  ADJUSTMENT_MSG,
  api,
  FOUR_EYES_MSG,
  ROLE_MSG,
  TRANSFER_MSG,
  waitReasonText,
  waitsForApproval,
  type AdminRole,
} from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PIN, createKit, engines, type Kit, type TestUser } from '../helper.ts';

/** ₦50,000: the approval threshold; the default daily totals are ₦50,000 and ₦200,000. */
const THRESHOLD = 5_000_000;
const LIMITS = { approval_above: THRESHOLD, maker_daily: 20_000_000, customer_daily: 5_000_000 };
let refs = 0;
const ref = () => `FE-${++refs}`;

describe.each(engines)('four eyes on %s', (engine) => {
  let kit: Kit;
  let owner: TestUser;
  let finance: TestUser;
  let finance2: TestUser;
  let support: TestUser;

  const admin = (role: AdminRole) => kit.user({ role });

  beforeAll(async () => {
    kit = await createKit(engine, { env: { AUTO_REVERSE_FAILED: '0' } });
    owner = await admin('owner');
    finance = await admin('finance');
    finance2 = await admin('finance');
    support = await admin('support');
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  const credit = (by: TestUser, email: string, naira: number) =>
    kit.call(api.createAdjustment, {
      token: by.token,
      body: {
        email,
        direction: 'credit',
        amount: naira,
        reason: 'Cash paid at the Ikeja office',
        reference: ref(),
      },
    });

  /** A transfer to nobody's account, held (as the webhook leaves one). */
  async function heldTransfer(kobo: number): Promise<string> {
    const id = randomUUID();
    const now = Date.now();
    await kit.app.ctx.db
      .insertInto('bank_transfers')
      .values({
        id,
        provider_id: `FE${++refs}`,
        tx_ref: null,
        account_number: '9900000000',
        sender: 'Lost Sender, Zenith',
        amount: kobo,
        status: 'held',
        user_id: null,
        payment_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // The money came in: the ledger holds it where a held transfer waits.
    return id;
  }

  const approvals = async (by: TestUser) =>
    (
      await kit.call(api.approvals, {
        token: by.token,
        query: { status: 'pending', limit: '100' },
      })
    ).body;

  it('one admin crediting one customer ₦50,000 three times: the first moves, the rest wait', async () => {
    const c = await kit.user();
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await credit(finance, c.email, 50_000));
    expect(made.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(made.map((r) => r.body.message.status)).toEqual(['approved', 'pending', 'pending']);
    expect(made[1]!.body.message.why).toBe('customer_daily');
    expect(await kit.balance(c.id)).toBe(5_000_000);
    // Another finance admin approves one; the maker cannot.
    const waiting = made[1]!.body.message.id;
    const self = await kit.call(api.approveAdjustment, {
      token: finance.token,
      body: { id: waiting },
    });
    expect(self).toMatchObject({ status: 403, body: { msg: ADJUSTMENT_MSG.selfApproval } });
    const ok = await kit.call(api.approveAdjustment, {
      token: finance2.token,
      body: { id: waiting },
    });
    expect(ok.status).toBe(200);
    expect(await kit.balance(c.id)).toBe(10_000_000);
    // The list names why the last one waits, and what the maker has left today.
    const list = await kit.call(api.adjustments, {
      token: finance.token,
      query: { status: 'pending', limit: '100' },
    });
    // Naira on the wire; who else may approve: owners and finance, never oneself or support.
    expect(list.body.four_eyes).toMatchObject({
      approval_above: 50_000,
      maker_daily: 200_000,
      customer_daily: 50_000,
      maker_used: 50_000,
      maker_left: 150_000,
    });
    const approvers = list.body.four_eyes.approvers.map((a: { email: string }) => a.email);
    expect(approvers).toEqual(expect.arrayContaining([owner.email, finance2.email]));
    expect(approvers).not.toContain(finance.email);
    expect(approvers).not.toContain(support.email);
  });

  it('twenty parallel instant credits never pass the customer’s or the maker’s daily total', async () => {
    const one = await kit.user();
    const maker = await admin('finance');
    const sameCustomer = await Promise.all(
      Array.from({ length: 20 }, () => credit(maker, one.email, 10_000)),
    );
    const applied = sameCustomer.filter((r) => r.body.message?.status === 'approved');
    expect(sameCustomer.every((r) => r.status === 200)).toBe(true);
    expect(applied).toHaveLength(5); // ₦50,000 a day for one customer
    expect(await kit.balance(one.id)).toBe(5_000_000);

    const maker2 = await admin('finance');
    const customers = await Promise.all(Array.from({ length: 20 }, () => kit.user()));
    const many = await Promise.all(customers.map((c) => credit(maker2, c.email, 20_000)));
    expect(many.filter((r) => r.body.message?.status === 'approved')).toHaveLength(10);
    const waiting = many.filter((r) => r.body.message?.status === 'pending');
    expect(waiting).toHaveLength(10);
    expect(waiting[0]!.body.message.why).toBe('maker_daily');
    const moved = await Promise.all(customers.map((c) => kit.balance(c.id)));
    expect(moved.reduce((a, b) => a + b, 0)).toBe(20_000_000);
  });

  it('nobody approves a credit made out to them (the beneficiary is never the checker)', async () => {
    // The owner credits the finance admin's own wallet above the threshold: it waits.
    const made = await credit(owner, finance.email, 60_000);
    expect(made.body.message.status).toBe('pending');
    const res = await kit.call(api.approveAdjustment, {
      token: finance.token,
      body: { id: made.body.message.id },
    });
    expect(res).toMatchObject({ status: 403, body: { msg: FOUR_EYES_MSG.beneficiaryApproval } });
    expect(await kit.balance(finance.id)).toBe(0);
    await kit.call(api.rejectAdjustment, {
      token: owner.token,
      body: { id: made.body.message.id },
    });
  });

  it('a held transfer: never to one’s own wallet; above the threshold a second admin approves', async () => {
    const own = await heldTransfer(20_000_00);
    const mine = await kit.call(api.assignTransfer, {
      token: finance.token,
      body: { id: own, email: finance.email },
    });
    expect(mine).toMatchObject({ status: 403, body: { msg: FOUR_EYES_MSG.ownWallet } });
    expect(await kit.balance(finance.id)).toBe(0);

    const c = await kit.user();
    const big = await heldTransfer(200_000_00);
    const asked = await kit.call(api.assignTransfer, {
      token: finance.token,
      body: { id: big, email: c.email },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(waitsForApproval(waitReasonText('above_threshold', LIMITS)));
    expect(await kit.balance(c.id)).toBe(0);
    // Asked again, or assigned elsewhere meanwhile: already waiting.
    const again = await kit.call(api.assignTransfer, {
      token: finance2.token,
      body: { id: big, email: c.email },
    });
    expect(again).toMatchObject({ status: 409, body: { msg: FOUR_EYES_MSG.alreadyWaiting } });
    const held = await kit.call(api.heldTransfers, {
      token: finance.token,
      query: { limit: '100' },
    });
    expect(held.body.message.find((t: { id: string }) => t.id === big)).toMatchObject({
      status: 'held',
      awaiting: { customer: c.email, maker: finance.email, why: 'above_threshold' },
    });

    const waiting = (await approvals(finance2)).message.find(
      (a: { kind: string; summary: string }) => a.kind === 'transfer.assign',
    );
    expect(waiting).toMatchObject({ user: c.email, amount: 200_000, maker: finance.email });
    const self = await kit.call(api.approveApproval, {
      token: finance.token,
      body: { id: waiting.id },
    });
    expect(self).toMatchObject({ status: 403, body: { msg: FOUR_EYES_MSG.selfApproval } });
    // Support may not approve money at all (its role lacks the permission).
    const bySupport = await kit.call(api.approveApproval, {
      token: support.token,
      body: { id: waiting.id },
    });
    expect(bySupport).toMatchObject({ status: 403, body: { msg: ROLE_MSG.notAllowed('support') } });
    const twice = await Promise.all([
      kit.call(api.approveApproval, { token: finance2.token, body: { id: waiting.id } }),
      kit.call(api.approveApproval, { token: owner.token, body: { id: waiting.id } }),
    ]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await kit.balance(c.id)).toBeGreaterThan(199_000_00);
    const after = await kit.call(api.heldTransfers, {
      token: finance.token,
      query: { limit: '100' },
    });
    expect(after.body.message.find((t: { id: string }) => t.id === big)).toMatchObject({
      status: 'assigned',
      assigned_to: c.email,
      awaiting: null,
    });
    const already = await kit.call(api.assignTransfer, {
      token: finance.token,
      body: { id: big, email: c.email },
    });
    expect(already).toMatchObject({ status: 409, body: { msg: TRANSFER_MSG.alreadyAssigned } });
  });

  it('a level rise that releases held credits waits; the approver releases them', async () => {
    const c = await kit.user({ level: 1 });
    const maker = await admin('finance');
    // Level 1 takes ₦50,000 a day: a second instant credit the same day is held, not lost.
    // (Another admin credits, so the maker's own totals stay free.)
    await credit(owner, c.email, 50_000);
    const second = await credit(owner, c.email, 40_000);
    expect(second.body.message.status).toBe('pending');
    await kit.call(api.approveAdjustment, {
      token: finance2.token,
      body: { id: second.body.message.id },
    });
    expect(await kit.balance(c.id)).toBe(5_000_000);
    const raise = await kit.call(api.setUserLevel, {
      token: maker.token,
      body: { user_id: c.id, level: 3 },
    });
    expect(raise.status).toBe(200);
    // ₦40,000 held: within the threshold, but past the customer's ₦50,000 of today.
    expect(raise.body.waits).toBe(waitsForApproval(waitReasonText('customer_daily', LIMITS)));
    expect(raise.body.message.level).toBe(1);
    expect(await kit.balance(c.id)).toBe(5_000_000);
    const waiting = (await approvals(finance2)).message.find(
      (a: { kind: string; user: string }) => a.kind === 'verification.level' && a.user === c.email,
    );
    const ok = await kit.call(api.approveApproval, {
      token: finance2.token,
      body: { id: waiting.id },
    });
    expect(ok).toMatchObject({ status: 200, body: { message: FOUR_EYES_MSG.approved } });
    expect(await kit.balance(c.id)).toBe(9_000_000);
    const v = await kit.call(api.userVerification, {
      token: owner.token,
      query: { user_id: c.id },
    });
    expect(v.body.message.level).toBe(3);
  });

  it('a level drop or a changed account cannot release held credits past the rules', async () => {
    // A customer at level 2 with ₦120,000 held: the rise waits; the maker withdraws it, makes
    // level 1 limitless (nobody there holds credits: instant), then drops the customer to it.
    const c = await kit.user({ level: 2 });
    await kit.app.ctx.db
      .updateTable('users')
      .set({ verification_level: 2 })
      .where('id', '=', c.id)
      .execute();
    const maker = await admin('finance');
    const heldCredit = async (kobo: number) => {
      const made = await credit(owner, c.email, kobo / 100);
      if (made.body.message.status === 'pending') {
        await kit.call(api.approveAdjustment, {
          token: finance2.token,
          body: { id: made.body.message.id },
        });
      }
    };
    // Level 2 takes ₦200,000 a day: ₦200,000 in, then ₦120,000 held.
    for (let i = 0; i < 4; i++) await heldCredit(5_000_000);
    await heldCredit(5_000_000);
    await heldCredit(5_000_000);
    await heldCredit(2_000_000);
    const held = async () =>
      (
        await kit.app.ctx.db
          .selectFrom('held_credits')
          .select('status')
          .where('user_id', '=', c.id)
          .execute()
      ).map((h) => h.status);
    expect(await held()).toEqual(['held', 'held', 'held']);
    const balance = await kit.balance(c.id);

    const before = await kit.call(api.verificationLimits, { token: owner.token });
    const level1 = before.body.message.find((l: { level: number }) => l.level === 1);
    const open = await kit.call(api.setVerificationLimits, {
      token: maker.token,
      body: { level: 1, max_balance: null, daily_funding: null, daily_spending: null },
    });
    expect(open.body.waits).toBeNull();
    const drop = await kit.call(api.setUserLevel, {
      token: maker.token,
      body: { user_id: c.id, level: 1 },
    });
    expect(drop.body.waits).toBe(waitsForApproval(waitReasonText('above_threshold', LIMITS)));
    expect(await held()).toEqual(['held', 'held', 'held']);
    expect(await kit.balance(c.id)).toBe(balance);

    // Another credit is held meanwhile: the request no longer matches what the approver sees.
    await heldCredit(1_000_000);
    const waiting = (await approvals(owner)).message.find(
      (a: { kind: string; user: string }) => a.kind === 'verification.level' && a.user === c.email,
    );
    const stale = await kit.call(api.approveApproval, {
      token: owner.token,
      body: { id: waiting.id },
    });
    expect(stale).toMatchObject({ status: 409, body: { msg: FOUR_EYES_MSG.changedMeanwhile } });
    expect(await kit.balance(c.id)).toBe(balance);
    await kit.call(api.rejectApproval, { token: maker.token, body: { id: waiting.id } });
    await kit.call(api.setVerificationLimits, { token: owner.token, body: level1 });
  });

  it('a limit rise that would release held credits waits for a second admin', async () => {
    const c = await kit.user({ level: 1 });
    await credit(owner, c.email, 50_000);
    const more = await credit(owner, c.email, 10_000);
    await kit.call(api.approveAdjustment, {
      token: finance2.token,
      body: { id: more.body.message.id },
    });
    const held = () =>
      kit.app.ctx.db
        .selectFrom('held_credits')
        .select('status')
        .where('user_id', '=', c.id)
        .execute();
    expect((await held()).map((h) => h.status)).toEqual(['held']);
    const body = { level: 1, max_balance: 300_000, daily_funding: 100_000, daily_spending: 50_000 };
    const asked = await kit.call(api.setVerificationLimits, { token: finance.token, body });
    expect(asked.body.waits).toBe(waitsForApproval(waitReasonText('releases_held', LIMITS)));
    expect(asked.body.message.find((l: { level: number }) => l.level === 1).daily_funding).toBe(
      50_000,
    );
    const waiting = (await approvals(owner)).message.find(
      (a: { kind: string }) => a.kind === 'verification.limits',
    );
    expect(
      (await kit.call(api.approveApproval, { token: finance.token, body: { id: waiting.id } }))
        .status,
    ).toBe(403);
    const ok = await kit.call(api.approveApproval, {
      token: owner.token,
      body: { id: waiting.id },
    });
    expect(ok.status).toBe(200);
    expect((await held()).map((h) => h.status)).toEqual(['released']);
    // Put level 1 back for the other tests (a fall releases nothing: instant).
    const back = await kit.call(api.setVerificationLimits, {
      token: finance.token,
      body: { level: 1, max_balance: 300_000, daily_funding: 50_000, daily_spending: 50_000 },
    });
    expect(back.body.waits).toBeNull();
  });

  it('a reversal: never of one’s own purchase; above the threshold it waits', async () => {
    // An admin's own failed purchase: another admin must reverse it.
    await kit.fund(finance2.id, 100_000_00);
    const buy = (who: TestUser, amount: number) =>
      kit.call(api.airtime, {
        token: who.token,
        body: { pin: PIN, phone_number: '08031230000', amount },
      });
    const own = await buy(finance2, 1_000);
    expect(own.body.message.status).toBe('failed');
    const body = { userId: finance2.id, transactionId: own.body.message.transaction_id };
    const mine = await kit.call(api.reverse, { token: finance2.token, body });
    expect(mine).toMatchObject({ status: 403, body: { msg: FOUR_EYES_MSG.ownWallet } });
    expect((await kit.call(api.reverse, { token: finance.token, body })).status).toBe(200);

    const c = await kit.user({ funds: 100_000_00 });
    const big = await buy(c, 60_000);
    expect(big.body.message.status).toBe('failed');
    const before = await kit.balance(c.id);
    const bigBody = { userId: c.id, transactionId: big.body.message.transaction_id };
    const asked = await kit.call(api.reverse, { token: finance.token, body: bigBody });
    expect(asked.body.message).toBe(waitsForApproval(waitReasonText('above_threshold', LIMITS)));
    expect(await kit.balance(c.id)).toBe(before);
    const waiting = (await approvals(owner)).message.find(
      (a: { kind: string; user: string }) => a.kind === 'transaction.reverse' && a.user === c.email,
    );
    expect(
      (await kit.call(api.approveApproval, { token: owner.token, body: { id: waiting.id } }))
        .status,
    ).toBe(200);
    expect(await kit.balance(c.id)).toBe(before + waiting.amount * 100);
  });

  it('only an owner sets the daily totals, audited; the maker may withdraw a request', async () => {
    const refused = await kit.call(api.setFourEyes, {
      token: finance.token,
      body: { maker_daily: 1_000_000, customer_daily: 1_000_000 },
    });
    expect(refused.status).toBe(403);
    const bad = await kit.call(api.setFourEyes, {
      token: owner.token,
      body: { maker_daily: -1, customer_daily: 1 },
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: FOUR_EYES_MSG.dailyInvalid } });
    const set = await kit.call(api.setFourEyes, {
      token: owner.token,
      body: { maker_daily: 300_000, customer_daily: 0 },
    });
    expect(set.body.message).toMatchObject({ maker_daily: 300_000, customer_daily: 0 });
    const audit = await kit.call(api.auditLog, {
      token: owner.token,
      query: { action: 'fourEyes.settings' },
    });
    expect(audit.body.message[0]).toMatchObject({
      admin: owner.email,
      before: { maker_daily_kobo: 20_000_000, customer_daily_kobo: 5_000_000 },
      after: { maker_daily_kobo: 30_000_000, customer_daily_kobo: 0 },
    });
    // With ₦0 a customer, every transfer assignment waits; its maker withdraws it.
    const c = await kit.user();
    const t = await heldTransfer(1_000_00);
    const asked = await kit.call(api.assignTransfer, {
      token: finance.token,
      body: { id: t, email: c.email },
    });
    expect(asked.body.message).toBe(
      waitsForApproval(
        waitReasonText('customer_daily', { ...LIMITS, maker_daily: 30_000_000, customer_daily: 0 }),
      ),
    );
    const waiting = (await approvals(finance)).message.find(
      (a: { kind: string; user: string }) => a.kind === 'transfer.assign' && a.user === c.email,
    );
    const withdrawn = await kit.call(api.rejectApproval, {
      token: finance.token,
      body: { id: waiting.id },
    });
    expect(withdrawn).toMatchObject({ status: 200, body: { message: FOUR_EYES_MSG.rejected } });
    expect(await kit.balance(c.id)).toBe(0);
    await kit.call(api.setFourEyes, {
      token: owner.token,
      body: { maker_daily: 200_000, customer_daily: 50_000 },
    });
  });
});
