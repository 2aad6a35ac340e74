/**
 * Reconciliation (ADR 0017): the admin API and `npm run reconcile` report a healthy
 * database as all good, and find discrepancies planted directly in the database: a balance
 * that does not match its entries, a movement that does not sum to zero, a purchase pending
 * for over PENDING_ALERT_HOURS, a card payment the provider charged but we never credited,
 * one we credited that the provider says failed, and a refunded purchase the provider says it
 * delivered, not yet resolved (ADR 0073). The script exits 1 on any of them.
 */
import { spawn } from 'node:child_process';
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletAccountId } from '../../src/wallet/ledger.ts';
import {
  adminLogin,
  alterCheckoutSession,
  chooseAtCheckout,
  createKit,
  engines,
  loseWebhooks,
  PIN,
  WEBHOOK_HASH,
  type Kit,
} from '../helper.ts';
import { ROOT, serverEnv } from '../processes.ts';

const HOUR = 3_600_000;

/** Runs `npm run reconcile` (with `args`) on the kit's database. */
function runReconcile(kit: Kit, args: string[] = []) {
  const url = kit.engine === 'sqlite' ? `file:${kit.config.databaseUrl}` : kit.config.databaseUrl;
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn('npm', ['run', '-s', 'reconcile', '--', ...args], {
      cwd: ROOT,
      env: serverEnv(0, { DATABASE_URL: url, DATA_DIR: kit.config.dataDir }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

describe.each(engines)('reconciliation on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(async () => kit.close());

  const report = async () => {
    const res = await kit.call(api.reconciliation, { token: admin });
    expect(res.status).toBe(200);
    return res.body.message;
  };

  /** A card payment through the sandbox checkout, made to look an hour old. */
  async function payment(outcome: 'successful' | 'failed', verify: boolean) {
    const u = await kit.user();
    const init = await kit.call(api.initiatePayment, { token: u.token, body: { amount: 2_000 } });
    const txRef = decodeURIComponent(new URL(init.body.message).pathname.split('/').pop()!);
    // The simulator's webhook settles the payment during Pay: lost, it is never verified here.
    const restore = verify ? undefined : loseWebhooks(kit);
    try {
      await chooseAtCheckout(kit, txRef, outcome);
    } finally {
      restore?.();
    }
    if (verify) {
      await kit.call(api.paymentWebhook, {
        headers: { 'verif-hash': WEBHOOK_HASH },
        body: { data: { tx_ref: txRef } },
      });
    }
    const hourAgo = Date.now() - HOUR;
    const row = await kit.app.ctx.db
      .updateTable('payments')
      .set({ created_at: hourAgo })
      .where('tx_ref', '=', txRef)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Nothing in the app moves a payment's time; a failed attempt's statement line copied it
    // when it was written, so the line is aged with it.
    await kit.app.ctx.db
      .updateTable('statement_lines')
      .set({ created_at: hourAgo })
      .where('src', '=', 'attempt')
      .where('ref', '=', row.id)
      .execute();
    return { u, txRef };
  }

  it('a healthy database is all good; only admins may ask', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031231111', amount: 500 },
    });
    await payment('successful', true);
    await payment('failed', true);
    const r = await report();
    expect(r).toMatchObject({
      ok: true,
      ledger: [],
      stale_purchases: [],
      payment_mismatches: [],
      pending_alert_hours: 24,
      payments_days: 7,
      payments_checked: 2,
      payments_unchecked: 0,
    });
    expect((await kit.call(api.reconciliation, { token: u.token })).status).toBe(403);
  });

  // Runs the reconcile script twice, each a Node process compiling the server's TypeScript on
  // start (seconds each on a busy machine), hence the longer timeout.
  it('finds every kind of discrepancy planted in the database', { timeout: 120_000 }, async () => {
    const db = kit.app.ctx.db;
    // A stale purchase: pending (1111 waits for a requery) for 25 hours.
    const u = await kit.user({ funds: 10_000_00 });
    const bought = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031231111', amount: 1000 },
    });
    const staleId = bought.body.message.transaction_id;
    await db
      .updateTable('transactions')
      .set({ created_at: Date.now() - 25 * HOUR })
      .where('id', '=', staleId)
      .execute();
    // Charged by the provider, never verified here.
    const charged = await payment('successful', false);
    // Credited here; then the provider's record says the charge failed.
    const credited = await payment('successful', true);
    const restore = await alterCheckoutSession(kit, credited.txRef, { status: 'failed' });
    // Refunded (…0000 fails at once), then the provider said it delivered: an open dispute.
    const refunded = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 500 },
    });
    const disputedId = refunded.body.message.transaction_id;
    expect(
      (
        await db
          .selectFrom('transactions')
          .select('status')
          .where('id', '=', disputedId)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe('reversed');
    await db
      .insertInto('purchase_disputes')
      .values({
        transaction_id: disputedId,
        ours: 'refunded',
        provider_says: 'delivered',
        provider_code: '000 delivered',
        provider_message: 'TRANSACTION SUCCESSFUL',
        source: 'callback',
        seen_at: Date.now(),
      })
      .execute();
    // A wallet balance that no longer matches its entries.
    await db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', 100) }))
      .where('id', '=', walletAccountId(u.id))
      .execute();

    const r = await report();
    expect(r.ok).toBe(false);
    expect(r.ledger).toEqual([expect.stringContaining(walletAccountId(u.id))]);
    expect(r.stale_purchases).toEqual([
      expect.objectContaining({
        transaction_id: staleId,
        user: u.email,
        product: 'Airtime',
        amount: 980,
        flagged: false,
      }),
    ]);
    expect(r.payment_mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          t_id: charged.txRef,
          ours: 'pending',
          provider: 'successful',
          problem: 'charged_not_credited',
          amount: 2_000,
        }),
        expect.objectContaining({
          t_id: credited.txRef,
          ours: 'completed',
          provider: 'failed',
          problem: 'credited_not_charged',
        }),
      ]),
    );
    expect(r.payment_mismatches).toHaveLength(2);
    expect(r.open_disputes).toEqual([
      expect.objectContaining({
        transaction_id: disputedId,
        user: u.email,
        product: 'Airtime',
        ours: 'refunded',
        provider_says: 'delivered',
        provider_code: '000 delivered',
      }),
    ]);

    // The script finds them too, and says so with its exit code.
    const found = await runReconcile(kit);
    expect(found.code, found.out).toBe(1);
    expect(found.out).toContain('DISCREPANCIES FOUND');
    expect(found.out).toContain(walletAccountId(u.id));
    expect(found.out).toContain(staleId);
    expect(found.out).toContain(charged.txRef);
    expect(found.out).toContain(credited.txRef);
    expect(found.out).toContain('Disputed purchases');
    expect(found.out).toMatch(
      new RegExp(`${disputedId} Airtime .*provider says delivered \\(000 delivered\\)`),
    );

    // Put right: the balance, the purchase settled, the payments resolved.
    await db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '-', 100) }))
      .where('id', '=', walletAccountId(u.id))
      .execute();
    await db
      .updateTable('transactions')
      .set({ status: 'successful' })
      .where('id', '=', staleId)
      .execute();
    await kit.call(api.verifyPayment, {
      token: charged.u.token,
      body: { status: 'x', tx_ref: charged.txRef },
    });
    await restore();
    const resolved = await kit.call(api.resolveDispute, {
      token: admin,
      body: { id: disputedId, resolution: 'kept', note: 'VTpass confirmed it never delivered.' },
    });
    expect(resolved.status).toBe(200);
    expect((await report()).ok).toBe(true);
    const clean = await runReconcile(kit, ['--json']);
    expect(clean.code, clean.out).toBe(0);
    expect(JSON.parse(clean.out)).toMatchObject({ ok: true, ledger: [] });
  });

  it('a movement that does not sum to zero and a broken balance chain are ledger problems', async () => {
    const db = kit.app.ctx.db;
    const u = await kit.user({ funds: 1_000_00 });
    await kit.fund(u.id, 500_00);
    const [first, second] = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account_id', '=', walletAccountId(u.id))
      .orderBy('id')
      .execute();
    // One kobo more on the first credit (its movement no longer sums to zero), and the second
    // entry moved by ₦7 (it no longer continues from the first).
    const shift = async (id: number, by: { amount?: number; both?: number }) => {
      // Relative to the entries as first read.
      const e = [first, second].find((x) => x!.id === id)!;
      await db
        .updateTable('ledger_entries')
        .set({
          amount: Number(e.amount) + (by.amount ?? 0),
          balance_before: Number(e.balance_before) + (by.both ?? 0),
          balance_after: Number(e.balance_after) + (by.amount ?? 0) + (by.both ?? 0),
        })
        .where('id', '=', id)
        .execute();
    };
    await shift(first!.id, { amount: 1 });
    await shift(second!.id, { both: 7_00 });
    const r = await report();
    expect(r.ok).toBe(false);
    const text = r.ledger.join('\n');
    expect(text).toContain(`movement ${first!.movement_id} sums to 1`);
    expect(text).toContain(
      `entry ${second!.id} starts at ${Number(second!.balance_before) + 7_00}`,
    );
    // Put back as they were.
    await shift(first!.id, {});
    await shift(second!.id, {});
    expect((await report()).ledger).toEqual([]);
  });
});
