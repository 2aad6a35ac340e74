/**
 * Manual wallet adjustments with a second approver (ADR 0050): up to the
 * threshold the money moves at once; above it the adjustment waits for another admin, who
 * approves (the money moves once, however many approve together) or rejects (nothing moves);
 * the maker cannot approve their own; a debit never takes a wallet below zero, at creation or
 * at approval; the same reference answers the first adjustment; every step is in the audit
 * log; the customer's statement shows the line with its reason; the ledger stays balanced.
 */
import { ADJUSTMENT_MSG, adjustmentBelowZero, api, SERVER_MSG } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseAdjustmentApproval } from '../../src/config.ts';
import { systemBalance } from '../../src/wallet/ledger.ts';
import { createKit, engines, type Kit, type TestUser } from '../helper.ts';

/** The kit's threshold: ₦50,000 (the default), set here so the test says it. */
const THRESHOLD = 5_000_000;
let refs = 0;
const ref = () => `ADJ-${++refs}`;

describe.each(engines)('manual adjustments on %s', (engine) => {
  let kit: Kit;
  let maker: TestUser;
  let checker: TestUser;

  beforeAll(async () => {
    kit = await createKit(engine, { env: { ADJUSTMENT_APPROVAL_KOBO: String(THRESHOLD) } });
    maker = await kit.user({ admin: true, email: 'maker@paybills.local' });
    checker = await kit.user({ admin: true, email: 'checker@paybills.local' });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
  });

  const customer = (funds = 0) => kit.user({ funds, name: 'Bola Adeyemi' });

  /** Makes an adjustment (amount in naira on the wire) as `by`. */
  const create = (
    who: TestUser,
    body: { direction?: 'credit' | 'debit'; amount: number; reason?: string; reference?: string },
    by = maker,
  ) =>
    kit.call(api.createAdjustment, {
      token: by.token,
      body: {
        email: who.email,
        direction: body.direction ?? 'credit',
        amount: body.amount,
        reason: body.reason ?? 'Cash paid at the Ikeja office',
        reference: body.reference ?? ref(),
      },
    });
  const approve = (id: string, by = checker) =>
    kit.call(api.approveAdjustment, { token: by.token, body: { id } });
  const reject = (id: string, by = checker) =>
    kit.call(api.rejectAdjustment, { token: by.token, body: { id } });
  const audit = async (id: string) =>
    (
      await kit.call(api.auditLog, {
        token: checker.token,
        query: { target: id, limit: '50' },
      })
    ).body.message as { action: string; admin: string; after: Record<string, unknown> }[];
  const adjustmentsBalance = () => systemBalance(kit.app.ctx.db, 'adjustments');

  it('credits at once up to the threshold, from the adjustments account, audited', async () => {
    const u = await customer();
    const before = await adjustmentsBalance();
    const res = await create(u, { amount: 50_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toMatchObject({
      status: 'approved',
      user: u.email,
      user_name: 'Bola Adeyemi',
      direction: 'credit',
      amount: 50_000,
      maker: maker.email,
      checker: null,
    });
    expect(await kit.balance(u.id)).toBe(THRESHOLD);
    expect(await adjustmentsBalance()).toBe(before - THRESHOLD);
    const entries = await audit(res.body.message.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'adjustment.create',
      admin: maker.email,
      after: { status: 'approved', amount_kobo: THRESHOLD, direction: 'credit' },
    });
  });

  it('above the threshold waits for a second admin; the maker cannot approve it', async () => {
    const u = await customer();
    const res = await create(u, { amount: 50_000.01 });
    expect(res.status).toBe(200);
    const id = res.body.message.id as string;
    expect(res.body.message.status).toBe('pending');
    expect(await kit.balance(u.id)).toBe(0);

    const own = await approve(id, maker);
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(ADJUSTMENT_MSG.selfApproval);
    expect(await kit.balance(u.id)).toBe(0);

    const pending = await kit.call(api.adjustments, {
      token: checker.token,
      query: { status: 'pending' },
    });
    expect(pending.body.approval_above).toBe(50_000);
    expect(pending.body.message.map((a: { id: string }) => a.id)).toContain(id);

    const ok = await approve(id);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.message).toBe(ADJUSTMENT_MSG.approved);
    expect(await kit.balance(u.id)).toBe(THRESHOLD + 1);
    expect((await approve(id)).status).toBe(409);

    const entries = await audit(id);
    expect(entries.map((e) => [e.action, e.admin]).sort()).toEqual([
      ['adjustment.approve', checker.email],
      ['adjustment.create', maker.email],
    ]);
    const approved = await kit.call(api.adjustments, {
      token: checker.token,
      query: { status: 'approved' },
    });
    expect(approved.body.message.find((a: { id: string }) => a.id === id)).toMatchObject({
      checker: checker.email,
      status: 'approved',
    });
  });

  it('a rejected adjustment moves nothing and cannot be approved after', async () => {
    const u = await customer();
    const before = await adjustmentsBalance();
    const { body } = await create(u, { amount: 80_000 });
    const res = await reject(body.message.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ADJUSTMENT_MSG.rejected);
    expect((await approve(body.message.id)).body.msg).toBe(ADJUSTMENT_MSG.alreadyDecided);
    expect(await kit.balance(u.id)).toBe(0);
    expect(await adjustmentsBalance()).toBe(before);
    expect((await audit(body.message.id)).map((e) => e.action).sort()).toEqual([
      'adjustment.create',
      'adjustment.reject',
    ]);
  });

  it('twenty parallel approvals move the money once', async () => {
    const u = await customer();
    const { body } = await create(u, { amount: 100_000 });
    const admins = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        kit.user({ admin: true, email: `checker${i}-${engine}@paybills.local` }),
      ),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => approve(body.message.id, admins[i % admins.length])),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await kit.balance(u.id)).toBe(10_000_000);
    const moves = await kit.app.ctx.db
      .selectFrom('movements')
      .select('id')
      .where('memo', '=', body.message.reference)
      .execute();
    expect(moves).toHaveLength(1);
    expect(
      (await audit(body.message.id)).filter((e) => e.action === 'adjustment.approve'),
    ).toHaveLength(1);
    const report = await kit.call(api.reconciliation, { token: checker.token });
    expect(report.body.message.ledger).toEqual([]);
  });

  it('a debit never takes the wallet below zero, at creation or at approval', async () => {
    const u = await customer(1_000_00);
    const small = await create(u, { direction: 'debit', amount: 1_000.01 });
    expect(small.status).toBe(422);
    expect(small.body.msg).toBe(adjustmentBelowZero(1_000_00));

    const rich = await customer(100_000_00);
    const big = await create(rich, { direction: 'debit', amount: 100_000.01 });
    expect(big.status).toBe(422);
    expect(big.body.msg).toBe(adjustmentBelowZero(100_000_00));

    // Affordable when made; the customer spends meanwhile; the approval is refused.
    const later = await create(rich, { direction: 'debit', amount: 90_000 });
    expect(later.body.message.status).toBe('pending');
    await kit.fund(rich.id, -20_000_00);
    const refused = await approve(later.body.message.id);
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(adjustmentBelowZero(80_000_00));
    expect(await kit.balance(rich.id)).toBe(80_000_00);
    expect(await kit.balance(u.id)).toBe(1_000_00);
    // Still pending (a checker may reject it), and nothing but its creation was audited.
    const list = await kit.call(api.adjustments, {
      token: checker.token,
      query: { status: 'pending' },
    });
    expect(list.body.message.map((a: { id: string }) => a.id)).toContain(later.body.message.id);
    expect((await audit(later.body.message.id)).map((e) => e.action)).toEqual([
      'adjustment.create',
    ]);

    const fine = await create(rich, { direction: 'debit', amount: 30_000 });
    expect(fine.body.message.status).toBe('approved');
    expect(await kit.balance(rich.id)).toBe(50_000_00);
  });

  it('the same reference answers the first adjustment; another adjustment under it is refused', async () => {
    const u = await customer();
    const reference = ref();
    const first = await create(u, { amount: 100, reference });
    const again = await create(u, { amount: 100, reference });
    expect(again.status).toBe(200);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await kit.balance(u.id)).toBe(100_00);
    const other = await create(u, { amount: 200, reference });
    expect(other.status).toBe(409);
    expect(other.body.msg).toBe(ADJUSTMENT_MSG.referenceTaken);
    expect(await kit.balance(u.id)).toBe(100_00);
  });

  it('refuses bad input, an unknown customer, the own wallet and a customer caller; nothing moves', async () => {
    const u = await customer();
    const bad = [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.005 },
      { amount: 10_000_001 },
      { amount: 10, reason: '' },
      { amount: 10, reason: 'x'.repeat(201) },
      { amount: 10, reference: '' },
      { amount: 10, reference: 'R'.repeat(65) },
      { amount: 10, reference: 'has spaces' },
    ];
    for (const body of bad) {
      const res = await create(u, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const unknown = await kit.call(api.createAdjustment, {
      token: maker.token,
      body: {
        email: 'nobody@x.ng',
        direction: 'credit',
        amount: 10,
        reason: 'x',
        reference: ref(),
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(SERVER_MSG.userNotFound);
    const own = await create(maker, { amount: 10 });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(ADJUSTMENT_MSG.ownWallet);
    const byCustomer = await create(u, { amount: 10 }, u);
    expect(byCustomer.status).toBe(403);
    expect(await kit.balance(u.id)).toBe(0);
    expect(await kit.balance(maker.id)).toBe(0);
  });

  it("the customer's statement shows the adjustment with its reason and reference", async () => {
    const u = await customer(1_000_00);
    await create(u, {
      amount: 250,
      reason: 'Refund of a double card charge',
      reference: 'TICKET-77',
    });
    const debit = await create(u, {
      direction: 'debit',
      amount: 60_000,
      reason: 'Bank reversed the transfer',
    });
    expect(debit.status, JSON.stringify(debit.body)).toBe(422);
    await kit.fund(u.id, 100_000_00);
    const pending = await create(u, {
      direction: 'debit',
      amount: 60_000,
      reason: 'Bank reversed the transfer',
    });
    await approve(pending.body.message.id);
    const res = await kit.call(api.myTransactions, {
      token: u.token,
      query: { kind: 'adjustment' },
    });
    expect(res.status).toBe(200);
    // The kit's own funding is a movement of no known kind: an adjustment line with no reason.
    const lines = (res.body.message as { reason?: string }[]).filter((l) => l.reason);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: 'adjustment',
      product: 'Adjustment',
      direction: 'debit',
      amount: 60_000,
      reason: 'Bank reversed the transfer',
      balance_after: 41_250,
    });
    expect(lines[1]).toMatchObject({
      kind: 'adjustment',
      direction: 'credit',
      amount: 250,
      reason: 'Refund of a double card charge',
      reference: 'TICKET-77',
      balance_after: 1_250,
    });
    const found = await kit.call(api.myTransactions, { token: u.token, query: { q: 'TICKET-77' } });
    expect(found.body.message).toHaveLength(1);
  });
});

describe('ADJUSTMENT_APPROVAL_KOBO', () => {
  it('defaults to ₦50,000, takes 0 (always approve) and refuses what is not kobo', () => {
    expect(parseAdjustmentApproval(undefined)).toBe(5_000_000);
    expect(parseAdjustmentApproval(' ')).toBe(5_000_000);
    expect(parseAdjustmentApproval('0')).toBe(0);
    expect(parseAdjustmentApproval('100000')).toBe(100_000);
    for (const bad of ['-1', '1.5', '50k', '1000000001', '9'.repeat(40)]) {
      expect(() => parseAdjustmentApproval(bad), bad).toThrow(/ADJUSTMENT_APPROVAL_KOBO/);
    }
  });
});
