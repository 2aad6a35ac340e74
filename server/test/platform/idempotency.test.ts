/**
 * An idempotency key is never freed once money moved. The browser resends the
 * same X-Request-Id after a 5xx (src/lib/swr.ts); before, a fault after the debit committed
 * (settle, reverse or the final read) freed the key and the retry debited the customer again.
 * Now the key is tied to the transaction in the debit's own DB transaction, and a retry answers
 * from that transaction's current state. Faults are injected in the database itself (a
 * trigger refusing to settle), and a crash is simulated by the rows it leaves behind.
 */
import { api } from '@contract';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { createKit, engines, PIN, type Kit } from '../helper.ts';

const LATER = () => Date.now() + 3_600_000;
const airtime = (ending: string) => ({
  pin: PIN,
  phone_number: `0803123${ending}`,
  amount: 1000,
});
/** MTN airtime ₦1,000 at 2 % off. */
const PRICE = 980_00;

describe.each(engines)('idempotency keys once money moved, on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    await breakSettling(false);
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  /** A database fault: any UPDATE that moves a transaction out of `pending` fails. */
  async function breakSettling(on: boolean) {
    const db = kit.app.ctx.db;
    if (engine === 'sqlite') {
      await sql`drop trigger if exists fault_settle`.execute(db);
      if (on) {
        await sql`create trigger fault_settle before update of status on transactions
          when old.status = 'pending' and new.status <> 'pending'
          begin select raise(abort, 'injected fault'); end`.execute(db);
      }
      return;
    }
    await sql`drop trigger if exists fault_settle on transactions`.execute(db);
    if (on) {
      await sql`create or replace function fault_settle() returns trigger language plpgsql as
        $$ begin raise exception 'injected fault'; end $$`.execute(db);
      await sql`create trigger fault_settle before update of status on transactions for each row
        when (old.status = 'pending' and new.status <> 'pending')
        execute function fault_settle()`.execute(db);
    }
  }

  async function purchasesOf(userId: string) {
    return kit.app.ctx.db
      .selectFrom('transactions')
      .select(['id', 'status'])
      .where('user_id', '=', userId)
      .execute();
  }

  it('a fault after the debit commits, then a retry with the same key: one debit', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    await breakSettling(true);
    const first = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'fault-after-debit',
    });
    // The debit committed, settling failed: the purchase is pending and the key is kept.
    expect([200, 500]).toContain(first.status);
    await breakSettling(false);
    const retry = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'fault-after-debit',
    });
    expect(retry.status).toBe(200);
    const rows = await purchasesOf(u.id);
    expect(rows).toHaveLength(1);
    expect(retry.body.message).toMatchObject({ transaction_id: rows[0]!.id, status: 'pending' });
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);
    // The requery settles it; a later retry answers its state now, still without a new debit.
    await runRequeryOnce(kit.app.ctx, { now: LATER() });
    const again = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'fault-after-debit',
    });
    expect(again.body.message).toMatchObject({
      transaction_id: rows[0]!.id,
      status: 'successful',
    });
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);
  });

  it('a fault while recording a failure: the retry moves no money, the refund comes once', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    await breakSettling(true);
    await kit.call(api.airtime, { token: u.token, body: airtime('0000'), requestId: 'fault-0000' });
    await breakSettling(false);
    const retry = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('0000'),
      requestId: 'fault-0000',
    });
    expect(retry.status).toBe(200);
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);
    // The requery hears "failed" and the purchase is reversed, once.
    await runRequeryOnce(kit.app.ctx, { now: LATER() });
    await runRequeryOnce(kit.app.ctx, { now: LATER() });
    expect((await purchasesOf(u.id))[0]!.status).toBe('reversed');
    expect(await kit.balance(u.id)).toBe(10_000_00);
  });

  it('a crash after the money moved but before the answer was stored: retries answer it', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const b = await kit.user();
    const share = { amount: 100, email: b.email, pin: PIN };
    const coupon = { product: 'AIRTIME', network_id: 'mtn', amount: 500, unit: 2, pin: PIN };
    const shared = await kit.call(api.share, { token: u.token, body: share, requestId: 'c-1' });
    const bought = await kit.call(api.buyCoupon, {
      token: u.token,
      body: coupon,
      requestId: 'c-2',
    });
    const bought2 = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('1111'),
      requestId: 'c-3',
    });
    expect([shared.status, bought.status, bought2.status]).toEqual([200, 200, 200]);
    const balance = await kit.balance(u.id);
    // What a process killed between the commit and storing the answer leaves: a key without
    // an answer (tied to its transaction).
    await kit.app.ctx.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, response: null })
      .where('user_id', '=', u.id)
      .execute();
    expect(await kit.call(api.share, { token: u.token, body: share, requestId: 'c-1' })).toEqual(
      shared,
    );
    const codes = await kit.call(api.buyCoupon, { token: u.token, body: coupon, requestId: 'c-2' });
    expect(codes.status).toBe(200);
    expect(codes.body.message.map((c: { coupon_code: string }) => c.coupon_code).sort()).toEqual(
      bought.body.message.map((c: { coupon_code: string }) => c.coupon_code).sort(),
    );
    const third = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('1111'),
      requestId: 'c-3',
    });
    expect(third.body.message.transaction_id).toBe(bought2.body.message.transaction_id);
    expect(await kit.balance(u.id)).toBe(balance);
    expect(await kit.balance(b.id)).toBe(100_00);
  });

  it('a crash before any money moved: a later retry with the same key runs it, once', async () => {
    const u = await kit.user();
    // The claim a process leaves when it dies before the debit: the key, no answer, no
    // transaction, two minutes old. (Made by a real request refused before any money moved,
    // then stripped of its answer, so it carries that request's own fingerprint.)
    const refused = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'died-early',
    });
    expect(refused.body.type).toBe('insufficient_funds');
    await kit.app.ctx.db
      .updateTable('idempotency_keys')
      .set({ status_code: null, response: null, created_at: Date.now() - 120_000 })
      .where('user_id', '=', u.id)
      .execute();
    await kit.fund(u.id, 10_000_00);
    const res = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'died-early',
    });
    expect(res.status).toBe(200);
    expect(res.body.message.status).toBe('successful');
    const replay = await kit.call(api.airtime, {
      token: u.token,
      body: airtime('5678'),
      requestId: 'died-early',
    });
    expect(replay).toEqual(res);
    expect(await purchasesOf(u.id)).toHaveLength(1);
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);
  });
});
