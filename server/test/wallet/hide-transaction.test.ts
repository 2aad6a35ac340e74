/**
 * Hiding a line from the history (ADR 0074): a successful or pending purchase is refused with
 * the contract's sentence (409), a failed one only once its money is back; a refunded one
 * leaves the history with its refund, and the overview's totals, the statement's sums and the
 * admin's list are the same before and after.
 */
import { api, SERVER_MSG } from '@contract';
import { HISTORY_MSG } from '@contract/messages/history';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminLogin, createKit, engines, PIN, type Kit } from '../helper.ts';

const airtime = (end: string) => ({ pin: PIN, phone_number: `0803123${end}`, amount: 1000 });

type Line = {
  transaction_id: string;
  direction: 'debit' | 'credit';
  amount: number;
  balance_after: number;
  kind: string;
  refund_of?: string;
};

async function statement(kit: Kit, token: string) {
  const res = await kit.call(api.myTransactions, { token, query: { limit: '100' } });
  const lines = res.body.message as Line[];
  return {
    ids: lines.map((l) => l.transaction_id),
    refunds: lines.filter((l) => l.kind === 'refund').map((l) => l.refund_of),
    // What the lines add up to, and the balance after the newest.
    net: lines.reduce((s, l) => s + (l.direction === 'credit' ? l.amount : -l.amount), 0),
    newest: lines[0]?.balance_after,
  };
}

async function overview(kit: Kit, token: string) {
  const me = (await kit.call(api.currentUser, { token })).body.message;
  return {
    transactions_count: me.transactions_count,
    successful_total: me.successful_total,
    spent_total: me.spent_total,
    received_total: me.received_total,
    wallet_balance: me.wallet_balance,
  };
}

describe.each(engines)('hiding from the history on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  const hide = (token: string, id: string) =>
    kit.call(api.deleteTransaction, { token, params: { id } });

  it('refuses a successful or a pending purchase with its sentence, changing nothing', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const done = (await kit.call(api.airtime, { token: u.token, body: airtime('5678') })).body
      .message;
    const pending = (await kit.call(api.airtime, { token: u.token, body: airtime('1111') })).body
      .message;
    expect(done.status).toBe('successful');
    expect(pending.status).toBe('pending');
    const before = await statement(kit, u.token);
    for (const id of [done.transaction_id, pending.transaction_id]) {
      expect(await hide(u.token, id)).toEqual({
        status: 409,
        body: { type: 'conflict', msg: HISTORY_MSG.keepsMoney },
      });
    }
    expect(await statement(kit, u.token)).toEqual(before);
  });

  it('hides a refunded purchase and its refund; totals, sums and the admin list unchanged', async () => {
    const admin = await adminLogin(kit);
    const u = await kit.user({ funds: 10_000_00 });
    await kit.call(api.airtime, { token: u.token, body: airtime('5678') });
    const failed = (await kit.call(api.airtime, { token: u.token, body: airtime('0000') })).body
      .message;
    expect(failed.status).toBe('reversed');
    const id = failed.transaction_id as string;
    const before = { overview: await overview(kit, u.token), lines: await statement(kit, u.token) };
    expect(before.lines.ids).toContain(id);
    expect(before.lines.refunds).toContain(id);
    const adminBefore = (await kit.call(api.transactions, { token: admin, query: { q: u.email } }))
      .body.total;

    expect(await hide(u.token, id)).toEqual({
      status: 200,
      body: { message: HISTORY_MSG.hidden },
    });

    const after = { overview: await overview(kit, u.token), lines: await statement(kit, u.token) };
    expect(after.lines.ids).not.toContain(id);
    expect(after.lines.refunds).not.toContain(id);
    // The overview's figures are the same, and the statement adds up to the same balance.
    expect(after.overview).toEqual(before.overview);
    expect(after.lines.net).toBe(before.lines.net);
    expect(after.lines.newest).toBe(before.lines.newest);
    // Naira on the wire, kobo in the ledger.
    expect(Math.round(after.lines.net * 100)).toBe(await kit.balance(u.id));
    // The admin still sees it.
    const adminAfter = await kit.call(api.transactions, { token: admin, query: { q: u.email } });
    expect(adminAfter.body.total).toBe(adminBefore);
    expect(
      adminAfter.body.message.some((t: { transaction_id: string }) => t.transaction_id === id),
    ).toBe(true);
    // Once hidden it is gone for its owner; another customer never finds it.
    expect((await hide(u.token, id)).status).toBe(404);
    const other = await kit.user();
    expect(await hide(other.token, id)).toEqual({
      status: 404,
      body: { type: 'not_found', msg: SERVER_MSG.transactionNotFound },
    });
  });
});

describe.each(engines)('hiding a failed purchase without auto refund on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { env: { AUTO_REVERSE_FAILED: '0' } });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  it('waits for the refund: refused while the money is held, hidden once it is back', async () => {
    const admin = await adminLogin(kit);
    const u = await kit.user({ funds: 10_000_00 });
    const failed = (await kit.call(api.airtime, { token: u.token, body: airtime('0000') })).body
      .message;
    expect(failed.status).toBe('failed');
    const id = failed.transaction_id as string;
    const hide = () => kit.call(api.deleteTransaction, { token: u.token, params: { id } });
    expect(await hide()).toEqual({
      status: 409,
      body: { type: 'conflict', msg: HISTORY_MSG.waitingForRefund },
    });
    const reversed = await kit.call(api.reverse, {
      token: admin,
      body: { userId: u.id, transactionId: id },
    });
    expect(reversed.status).toBe(200);
    const before = await overview(kit, u.token);
    expect((await hide()).body).toEqual({ message: HISTORY_MSG.hidden });
    expect(await overview(kit, u.token)).toEqual(before);
  });
});
