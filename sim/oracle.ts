/**
 * The oracle (ADR 0085): what must hold whatever the schedule did. After every step the cheap
 * check (the ledger's invariants: every movement sums to zero, each balance equals its entries,
 * no wallet below zero); at quiescence (the workers have run) all of these:
 * - every purchase reached exactly one final state (delivered, or failed and refunded) within
 *   QUIESCE_MS, debited once and refunded at most once, and only when it is `reversed`;
 * - the provider simulators' own records agree: delivered at the provider ⇔ charged and not
 *   refunded here, unless a dispute was recorded or an admin settled it by hand;
 * - each bank transfer sent is recorded once by its provider id, and credited by at most one
 *   movement (exactly one when credited or assigned; none while held);
 * - each card checkout paid is credited exactly once, one that failed or was cancelled never;
 * - each withdrawal reached exactly one final state (paid, failed, rejected), debited once with
 *   its whole total, and refunded in full exactly when it failed or was rejected, never when
 *   paid; the payouts simulator agrees (paid there ⇔ successful here);
 * - each coupon purchase debited once (its price, into the coupon liability) with its codes
 *   issued; each coupon redeemed at most once (a refunded redemption frees it), used exactly
 *   when one redemption stands, and the liability holds what the coupons were sold for less
 *   what standing redemptions took (ADR 0093);
 * - Flutterwave made at most one transfer under each reference (a withdrawal cut by a kill
 *   while its call was in flight is settled once, by the requery after the restart);
 * - one idempotency key ⇒ one effect (every answer to it names the same transaction);
 * - the aggregates the pages read agree with a recount, and the admin reconciliation
 *   (`GET /api/admin/reconciliation`) reports no ledger problem, card mismatch or transfer
 *   problem;
 * - every instance reports each customer's balance as the database holds it;
 * - each purchase took from the wallet the price it recorded (reprices run beside purchases);
 * - no wallet passed its level's daily spending or funding limit on any Lagos day (the
 *   held-credits account holding exactly the credits still held is a ledger invariant), and
 *   each referral commission
 *   was paid once and stands only while its purchase is delivered (`checkLimitsAndCommissions`,
 *   ADR 0096's addendum);
 * - every SMS the outbox marked sent is the one Termii received, and Termii received no other
 *   but a send a kill cut before its record (`checkSms`).
 */
import { api, commissionOf, providerCost, tierProductOf, type Product } from '@contract';
import { lagosDay } from '@contract/time';
import { checkInvariants, systemAccountId, walletAccountId } from '../server/src/wallet/ledger.ts';
import { readSettings } from '../server/src/growth/referrals.ts';
import { checkAggregates } from '../server/src/platform/aggregates.ts';
import { http, sleep } from '../server/test/processes.ts';
import type { World } from './world.ts';

/** Every purchase must reach its final state this soon after the last step (ADR 0038's minute). */
export const QUIESCE_MS = 150_000;

export interface Ledgerbook {
  cards: { txRef: string; who: number; outcome: string; amount: number }[];
  transfers: { id: string; who: number | null; amount: number; lost: boolean }[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  keyed: { rid: string; who: number; answers: { status: number; body: any }[] }[];
  /** Purchases an admin failed or delivered by hand (the provider may say otherwise). */
  adminSettled: Set<string>;
  serverErrors: string[];
  /**
   * Withdrawals whose instance was killed while their transfer call was in flight, after the
   * payouts simulator recorded the transfer (ADR 0093).
   */
  cutWithdrawals: string[];
}

/** Waits until nothing is pending or failed-awaiting-refund; answers the problem if never. */
/**
 * Quiescence moves the world's clock forward (ADR 0096): 2 s every 200 ms, ten times the real
 * rate, so the workers' back-offs and a provider's minute pass in seconds. A move of 2 s is
 * less than any lease or in-flight window the workers keep (a provider call is cut at 2 s of
 * real time), and the clock moves at most QUIESCE_CLOCK_MS in all, less than the 15 minutes an
 * access token lives (the oracle then signs in again all the same).
 */
export const QUIESCE_CLOCK_MS = 10 * 60_000;
const CLOCK_STEP_MS = 2_000;
const CLOCK_EVERY_MS = 200;

export async function quiesce(world: World): Promise<string[]> {
  const deadline = Date.now() + QUIESCE_MS;
  let moved = 0;
  for (;;) {
    const open = await world.dbh.db
      .selectFrom('transactions')
      .select(['id', 'status', 'product', 'requery_attempts'])
      .where('status', 'in', ['pending', 'failed'])
      .execute();
    if (open.length === 0) return [];
    if (Date.now() > deadline) {
      return open.map(
        (t) =>
          `purchase ${t.id} (${t.product}) still ${t.status} ${QUIESCE_MS / 1000} s after the last step, the clock moved ${moved / 1000} s on (${t.requery_attempts} requeries)`,
      );
    }
    if (moved < QUIESCE_CLOCK_MS) {
      world.clock.advance(CLOCK_STEP_MS);
      moved += CLOCK_STEP_MS;
    }
    await sleep(CLOCK_EVERY_MS);
  }
}

const num = (v: unknown) => Number(v ?? 0);

/**
 * The cheap check after every step for withdrawals (ADR 0084): one already final agrees with
 * Flutterwave's record (the payouts simulator's): paid here ⇔ SUCCESSFUL there. A pending one
 * is not judged until quiescence.
 */
export async function checkFinalWithdrawals(world: World): Promise<string[]> {
  const db = world.dbh.db;
  const final = await db
    .selectFrom('withdrawals')
    .select(['id', 'status'])
    .where('status', 'in', ['successful', 'failed', 'refunded'])
    .execute();
  if (final.length === 0) return [];
  const records = await db
    .selectFrom('kv_store')
    .select(['key', 'value'])
    .where('namespace', '=', 'sim-flutterwave-payouts')
    .where(
      'key',
      'in',
      final.map((w) => `payout:${w.id}`),
    )
    .execute();
  const there = new Map(
    records.map((r) => [
      r.key.slice('payout:'.length),
      (JSON.parse(r.value) as { status: string }).status,
    ]),
  );
  const problems: string[] = [];
  for (const w of final) {
    const theirs = there.get(w.id);
    if ((theirs === 'SUCCESSFUL') !== (w.status === 'successful')) {
      problems.push(
        `withdrawal ${w.id}: Flutterwave's transfer is ${theirs ?? 'unknown'}, ours is ${w.status}`,
      );
    }
  }
  return problems;
}

export async function checkAll(world: World, book: Ledgerbook): Promise<string[]> {
  const db = world.dbh.db;
  const problems: string[] = [
    ...(await checkInvariants(db)),
    ...(await checkAggregates(db)),
    ...(await checkLimitsAndCommissions(world)),
    ...(await checkSms(world)),
  ];

  // Purchases: one final state, one debit, a refund exactly when reversed.
  const moves = await db
    .selectFrom('movements')
    .select(['memo', 'kind', (eb) => eb.fn.countAll().as('n')])
    .where('kind', 'in', ['purchase', 'coupon_redemption', 'reversal'])
    .groupBy(['memo', 'kind'])
    .execute();
  // A coupon's redemption is a purchase paid from the coupon liability (its debit's kind).
  const moved = new Map(
    moves.map((m) => [
      `${m.kind === 'coupon_redemption' ? 'purchase' : m.kind}:${m.memo}`,
      num(m.n),
    ]),
  );
  // A purchase: anything a provider was asked for, or debited as a purchase.
  const debited = moves.filter((m) => m.kind !== 'reversal').map((m) => m.memo ?? '');
  const purchases = await db
    .selectFrom('transactions')
    .select(['id', 'status', 'provider', 'provider_request_id', 'amount_charged'])
    .where((eb) =>
      eb.or([
        eb('provider_request_id', 'is not', null),
        ...(debited.length > 0 ? [eb('id', 'in', debited)] : []),
      ]),
    )
    .execute();
  for (const p of purchases) {
    const debits = moved.get(`purchase:${p.id}`) ?? 0;
    const refunds = moved.get(`reversal:${p.id}`) ?? 0;
    if (!['successful', 'reversed'].includes(p.status)) {
      problems.push(`purchase ${p.id} ended ${p.status}, not delivered or refunded`);
    }
    if (debits !== 1) problems.push(`purchase ${p.id} debited ${debits} times`);
    if (refunds !== (p.status === 'reversed' ? 1 : 0)) {
      problems.push(`purchase ${p.id} (${p.status}) refunded ${refunds} times`);
    }
  }

  // What each purchase took from a wallet is the price it recorded (ADR 0096's addendum: the
  // schedule reprices plans while purchases run; which price a racing purchase gets is not
  // judged, only that it paid what it says).
  const charged = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('movements as m', 'm.id', 'e.movement_id')
    .innerJoin('transactions as t', 't.id', 'm.memo')
    .select(['t.id', 't.paid_amount', 'e.amount'])
    .where('m.kind', '=', 'purchase')
    .whereRef('e.account_id', '=', 't.paid_account')
    .where('t.provider_request_id', 'is not', null)
    .execute();
  for (const c of charged) {
    if (-num(c.amount) !== num(c.paid_amount)) {
      problems.push(
        `purchase ${c.id} recorded a price of ₦${num(c.paid_amount) / 100} but took ₦${-num(c.amount) / 100}`,
      );
    }
  }

  // The providers' own records (the simulators keep them in kv_store, by request id).
  const disputed = new Set(
    (await db.selectFrom('purchase_disputes').select('transaction_id').execute()).map(
      (d) => d.transaction_id,
    ),
  );
  const simRows = await db
    .selectFrom('kv_store')
    .select(['namespace', 'key', 'value'])
    .where('namespace', 'in', ['sim-vtpass', 'sim-flutterwave-bills'])
    .execute();
  const deliveredAt = new Map<string, boolean>();
  for (const row of simRows) {
    let v: Record<string, unknown>;
    try {
      v = JSON.parse(row.value) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (row.namespace === 'sim-vtpass' && typeof v.requestId === 'string' && 'fingerprint' in v) {
      deliveredAt.set(v.requestId, v.charged === true);
    } else if (row.namespace === 'sim-flutterwave-bills' && row.key.startsWith('bill:')) {
      deliveredAt.set(String(v.reference), v.status === 'successful');
    }
  }
  const ours = new Map(
    purchases.filter((p) => p.provider_request_id).map((p) => [p.provider_request_id!, p]),
  );
  for (const [requestId, delivered] of deliveredAt) {
    const p = ours.get(requestId);
    if (!p) {
      if (delivered)
        problems.push(`the provider delivered ${requestId}, which no purchase of ours names`);
      continue;
    }
    if (disputed.has(p.id) || book.adminSettled.has(p.id)) continue;
    const charged = p.status === 'successful';
    if (delivered !== charged) {
      problems.push(
        `purchase ${p.id}: the provider ${delivered ? 'delivered' : 'did not deliver'} it, ours is ${p.status}`,
      );
    }
  }
  // A withdrawal's debit is a `purchase` movement too (ADR 0084); its provider record is the
  // payouts simulator's, checked below.
  const withdrawalIds = new Set(
    (await db.selectFrom('withdrawals').select('id').execute()).map((w) => w.id),
  );
  for (const p of purchases) {
    if (withdrawalIds.has(p.id)) continue;
    if (p.status === 'successful' && !deliveredAt.has(p.provider_request_id ?? '')) {
      if (!disputed.has(p.id) && !book.adminSettled.has(p.id)) {
        problems.push(`purchase ${p.id} is successful but no provider has a record of it`);
      }
    }
  }

  // Bank transfers: recorded once by provider id, credited once (never while held).
  const fundings = await db
    .selectFrom('movements')
    .select(['memo', (eb) => eb.fn.countAll().as('n')])
    .where('kind', 'in', ['transfer_funding', 'card_funding'])
    .groupBy('memo')
    .execute();
  const funded = new Map(fundings.map((f) => [f.memo ?? '', num(f.n)]));
  const transfers = await db
    .selectFrom('bank_transfers')
    .select(['provider_id', 'status'])
    .execute();
  for (const t of book.transfers) {
    const rows = transfers.filter((r) => r.provider_id === t.id);
    if (rows.length !== 1) {
      problems.push(`bank transfer ${t.id} (₦${t.amount}) recorded ${rows.length} times`);
      continue;
    }
    const credits = funded.get(`TRF-${t.id}`) ?? 0;
    const want = rows[0]!.status === 'held' ? 0 : 1;
    if (credits !== want) {
      problems.push(`bank transfer ${t.id} (${rows[0]!.status}) credited ${credits} times`);
    }
    if (t.who === null && rows[0]!.status === 'credited') {
      problems.push(`bank transfer ${t.id} to nobody's account was credited to someone`);
    }
  }

  // Card checkouts: paid ⇒ credited once; failed or cancelled ⇒ never.
  for (const c of book.cards) {
    const credits = funded.get(c.txRef) ?? 0;
    const want = c.outcome === 'successful' ? 1 : 0;
    if (credits !== want) {
      problems.push(
        `card payment ${c.txRef} (${c.outcome}, ₦${c.amount}) credited ${credits} times`,
      );
    }
  }

  // Withdrawals (ADR 0084): one final state; the whole total debited once; refunded in full iff
  // it failed (or was rejected); Flutterwave's record (the payouts simulator's) agrees.
  const withdrawals = await db
    .selectFrom('withdrawals')
    .select(['id', 'user_id', 'status', 'total'])
    .execute();
  if (withdrawals.length > 0) {
    const legs = await db
      .selectFrom('ledger_entries')
      .innerJoin('movements', 'movements.id', 'ledger_entries.movement_id')
      .select([
        'movements.memo',
        'movements.kind',
        'ledger_entries.account_id',
        'ledger_entries.amount',
      ])
      .where(
        'movements.memo',
        'in',
        withdrawals.map((w) => w.id),
      )
      .where('movements.kind', 'in', ['purchase', 'reversal'])
      .execute();
    const payouts = new Map<string, string>();
    // Every transfer Flutterwave made, by its id, names our reference: one reference, one
    // transfer at most (no double send, whatever kill or retry came between; ADR 0093).
    const made = new Map<string, number>();
    for (const row of await db
      .selectFrom('kv_store')
      .select('value')
      .where('namespace', '=', 'sim-flutterwave-payouts')
      .where('key', 'like', 'payout-id:%')
      .execute()) {
      const reference = String(JSON.parse(row.value));
      made.set(reference, (made.get(reference) ?? 0) + 1);
    }
    for (const [reference, n] of made) {
      if (n > 1) problems.push(`Flutterwave made ${n} transfers under reference ${reference}`);
    }
    for (const id of book.cutWithdrawals) {
      if (!withdrawals.some((w) => w.id === id)) {
        problems.push(`withdrawal ${id}, cut by the kill, has no withdrawal row`);
      }
      if ((made.get(id) ?? 0) !== 1) {
        problems.push(
          `withdrawal ${id}, cut by the kill after Flutterwave recorded it, has ${made.get(id) ?? 0} transfers there`,
        );
      }
    }
    for (const row of await db
      .selectFrom('kv_store')
      .select(['key', 'value'])
      .where('namespace', '=', 'sim-flutterwave-payouts')
      .where('key', 'like', 'payout:%')
      .execute()) {
      try {
        const v = JSON.parse(row.value) as { reference?: string; status?: string };
        payouts.set(String(v.reference ?? row.key.slice('payout:'.length)), String(v.status));
      } catch {
        problems.push(`the payouts simulator's record ${row.key} is not JSON`);
      }
    }
    for (const w of withdrawals) {
      const wallet = walletAccountId(w.user_id);
      const mine = legs.filter((l) => l.memo === w.id && l.account_id === wallet);
      const debits = mine.filter((l) => l.kind === 'purchase');
      const refunds = mine.filter((l) => l.kind === 'reversal');
      const total = num(w.total);
      const failed = w.status === 'failed' || w.status === 'refunded';
      if (!['successful', 'failed', 'refunded'].includes(w.status)) {
        problems.push(`withdrawal ${w.id} ended ${w.status}, not paid, failed or rejected`);
      }
      if (debits.length !== 1 || num(debits[0]!.amount) !== -total) {
        problems.push(
          `withdrawal ${w.id} debited ${debits.length} times (${debits.map((d) => num(d.amount)).join(', ')} kobo; its total is ${total})`,
        );
      }
      const refunded = refunds.reduce((sum, r) => sum + num(r.amount), 0);
      if (refunds.length !== (failed ? 1 : 0) || refunded !== (failed ? total : 0)) {
        problems.push(
          `withdrawal ${w.id} (${w.status}) refunded ${refunds.length} times, ${refunded} of ${total} kobo`,
        );
      }
      const there = payouts.get(w.id);
      if ((there === 'SUCCESSFUL') !== (w.status === 'successful')) {
        problems.push(
          `withdrawal ${w.id}: Flutterwave's transfer is ${there ?? 'unknown'}, ours is ${w.status}`,
        );
      }
    }
    const ours = new Set(withdrawals.map((w) => w.id));
    for (const reference of payouts.keys()) {
      if (!ours.has(reference))
        problems.push(`Flutterwave paid out ${reference}, no withdrawal of ours`);
    }
  }

  // Coupons: each purchase one debit into the liability, its codes issued; each coupon's value
  // spent at most once (ADR 0093): of its redemptions at most one not refunded, none while it is
  // still valid, exactly one once it is used; the liability holds what coupons were sold for
  // less what redemptions not refunded took out of it.
  const couponTx = await db
    .selectFrom('transactions')
    .select(['id', 'movement_id', 'amount_charged', 'quantity'])
    .where('product', '=', 'Coupon')
    .execute();
  const couponMoves = await db
    .selectFrom('movements')
    .select('id')
    .where('kind', '=', 'coupon_purchase')
    .execute();
  if (couponMoves.length !== couponTx.length) {
    problems.push(`${couponMoves.length} coupon debits for ${couponTx.length} coupon purchases`);
  }
  const coupons = await db
    .selectFrom('coupons')
    .select(['sealed_code', 'is_valid', 'redeemed_by', 'unit_price'])
    .execute();
  const bought = couponTx.reduce((sum, t) => sum + num(t.quantity), 0);
  if (coupons.length !== bought)
    problems.push(`${coupons.length} coupons issued, ${bought} bought`);
  const redemptions = await db
    .selectFrom('transactions')
    .select(['id', 'user_id', 'status', 'coupon_code', 'paid_amount'])
    .where('paid_account', '=', systemAccountId('coupon_liability'))
    .execute();
  let redeemed = 0;
  for (const c of coupons) {
    const mine = redemptions.filter((r) => r.coupon_code === c.sealed_code);
    const live = mine.filter((r) => r.status !== 'reversed');
    const delivered = mine.filter((r) => r.status === 'successful');
    redeemed += live.reduce((sum, r) => sum + num(r.paid_amount), 0);
    const used = num(c.is_valid) === 0;
    if (live.length > 1 || delivered.length > 1) {
      problems.push(
        `a coupon was redeemed ${live.length} times (${delivered.length} delivered): ${live.map((r) => r.id).join(', ')}`,
      );
    } else if (used !== (live.length === 1)) {
      problems.push(
        `a coupon is ${used ? 'used' : 'still valid'} with ${live.length} redemption(s) not refunded`,
      );
    } else if (live[0] && live[0].user_id !== c.redeemed_by) {
      problems.push(`coupon redemption ${live[0].id} is not by the customer the coupon names`);
    }
  }
  const strays = redemptions.filter((r) => !coupons.some((c) => c.sealed_code === r.coupon_code));
  for (const r of strays) problems.push(`redemption ${r.id} names no coupon issued`);
  const liability = await db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', systemAccountId('coupon_liability'))
    .executeTakeFirst();
  const sold = couponTx.reduce((sum, t) => sum + num(t.amount_charged), 0);
  if (num(liability?.balance) !== sold - redeemed) {
    problems.push(
      `the coupon liability holds ${num(liability?.balance)} kobo: coupons sold ${sold}, redeemed ${redeemed}`,
    );
  }

  // Adjustments: money moved exactly when a second admin approved.
  const adjustments = await db
    .selectFrom('adjustments')
    .select(['id', 'status', 'movement_id'])
    .execute();
  for (const a of adjustments) {
    if ((a.status === 'approved') !== (a.movement_id !== null)) {
      problems.push(
        `adjustment ${a.id} is ${a.status} with${a.movement_id ? '' : 'out'} a movement`,
      );
    }
  }

  // One idempotency key, one effect.
  for (const k of book.keyed) {
    const ids = new Set(
      k.answers
        .filter((a) => a.status === 200)
        .map((a) => (a.body?.message?.transaction_id ?? a.body?.message?.id) as string | undefined),
    );
    if (ids.size > 1)
      problems.push(`x-request-id ${k.rid} made ${ids.size} purchases: ${[...ids].join(', ')}`);
    const made = await db
      .selectFrom('transactions')
      .select('id')
      .where('client_request_id', '=', k.rid)
      .execute();
    const keys = await db
      .selectFrom('idempotency_keys')
      .select('transaction_id')
      .where('request_id', '=', k.rid)
      .execute();
    const effects = new Set([...keys.map((r) => r.transaction_id).filter(Boolean)]);
    if (made.length > 1 || effects.size > 1) {
      problems.push(`x-request-id ${k.rid} has ${Math.max(made.length, effects.size)} effects`);
    }
  }

  // The admin's reconciliation, as an operator reads it.
  const rec = await http(world.base(0), 'GET', api.reconciliation.path, {
    token: world.adminToken,
  });
  if (rec.status !== 200) {
    problems.push(`reconciliation answered ${rec.status}`);
  } else {
    const r = rec.body.message;
    for (const p of r.ledger ?? []) problems.push(`reconciliation: ${p}`);
    for (const p of r.payment_mismatches ?? [])
      problems.push(`reconciliation: card ${JSON.stringify(p)}`);
    for (const p of r.transfer_problems ?? [])
      problems.push(`reconciliation: transfer ${JSON.stringify(p)}`);
    for (const p of r.stale_purchases ?? [])
      problems.push(`reconciliation: stale ${p.transaction_id}`);
  }

  // Every instance reports each customer's balance as the database holds it.
  for (const c of world.customers) {
    const row = await db
      .selectFrom('accounts')
      .select('balance')
      .where('id', '=', walletAccountId(c.id))
      .executeTakeFirstOrThrow();
    for (const [i, s] of world.servers.entries()) {
      const me = await http(s.base, 'GET', api.currentUser.path, { token: c.token });
      const naira = me.body?.message?.wallet_balance;
      if (Math.round(Number(naira) * 100) !== num(row.balance)) {
        problems.push(
          `instance #${i} shows ${c.email} ₦${naira}, the ledger holds ${num(row.balance) / 100}`,
        );
      }
    }
  }
  return problems;
}

/**
 * The wallets' limits, held credits and referral commissions (ADR 0096's addendum), recounted
 * from the ledger's entries and the rows that name them:
 * - per wallet and Lagos day, the spending (purchases, shares, coupons) less the refunds that
 *   day is at most the level's daily spending limit, and the funding that reached the wallet at
 *   most its daily funding limit (the ledger keeps the day's counters in the wallet's row; a
 *   recount from the entries is what they must agree with);
 * - each commission was paid once, by one movement into the referrer's wallet naming its
 *   purchase, stands only while its purchase is delivered and was taken back (at most what
 *   it paid) when the purchase was refunded; a delivered purchase paid from a referred
 *   customer's wallet earned its commission unless the referrer's day was capped; the expense
 *   account holds what was paid less what was taken back.
 */
/**
 * What counts against a wallet's limits, as ADR 0058 states it (kept here, not imported from the
 * ledger, so that a wrong list in the ledger is caught): money out of a purchase, a share or a
 * coupon bought is spending; money in by card, bank transfer, a share, an adjustment or a
 * released credit is funding; a refund (`reversal`) gives the day's spending back.
 */
const SPENDING = new Set(['purchase', 'share', 'coupon_purchase']);
const FUNDING = new Set([
  'card_funding',
  'transfer_funding',
  'share',
  'adjustment',
  'held_release',
]);

export async function checkLimitsAndCommissions(world: World): Promise<string[]> {
  const db = world.dbh.db;
  const problems: string[] = [];
  const ids = world.customers.map((c) => c.id);
  const wallets = new Map(ids.map((id) => [walletAccountId(id), id]));

  // Daily limits: each wallet's entries replayed in the order they were posted (the entry ids
  // follow the wallet row's lock), with ADR 0058's rule as the ledger applies it: a spend or a
  // funding counts on the later of its own Lagos day and the counters' day, a new day starts
  // both counters again, a refund gives back to its own day only. Every spend must fit the
  // day's spending limit, every funding the day's funding limit and the maximum balance, and
  // the replay must end where the wallet's counters are.
  const limits = new Map(
    (
      await db
        .selectFrom('users as u')
        .innerJoin('verification_limits as l', 'l.level', 'u.verification_level')
        .innerJoin('accounts as a', 'a.user_id', 'u.id')
        .select([
          'u.id',
          'u.verification_level',
          'u.referred_by',
          'l.daily_spending',
          'l.daily_funding',
          'l.max_balance',
          'a.limit_day',
          'a.day_out',
          'a.day_in',
        ])
        .where('a.kind', '=', 'wallet')
        .where('u.id', 'in', ids)
        .execute()
    ).map((l) => [l.id, l]),
  );
  const entries = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('movements as m', 'm.id', 'e.movement_id')
    .select(['e.account_id', 'e.amount', 'e.balance_after', 'm.kind', 'm.memo', 'm.created_at'])
    .where('e.account_id', 'in', [...wallets.keys()])
    .orderBy('e.id')
    .execute();
  const counters = new Map<string, { day: string | null; out: number; into: number }>();
  for (const e of entries) {
    const user = wallets.get(e.account_id)!;
    const l = limits.get(user)!;
    const c = counters.get(user) ?? { day: null, out: 0, into: 0 };
    counters.set(user, c);
    const amount = num(e.amount);
    const x = Math.abs(amount);
    const day = lagosDay(num(e.created_at));
    const spends = amount < 0 && SPENDING.has(e.kind);
    const funds = amount > 0 && FUNDING.has(e.kind);
    const refunds = amount > 0 && e.kind === 'reversal';
    if (!spends && !funds && !refunds) continue;
    if (c.day === null || day > c.day) Object.assign(c, { day, out: 0, into: 0 });
    const who = `c${ids.indexOf(user)} (level ${l.verification_level})`;
    if (spends) {
      c.out += x;
      if (l.daily_spending !== null && c.out > num(l.daily_spending)) {
        problems.push(
          `${who} spent ₦${c.out / 100} on ${c.day}, past the daily limit of ₦${num(l.daily_spending) / 100}`,
        );
      }
    } else if (funds) {
      c.into += x;
      if (l.daily_funding !== null && c.into > num(l.daily_funding)) {
        problems.push(
          `${who} was funded ₦${c.into / 100} on ${c.day}, past the daily limit of ₦${num(l.daily_funding) / 100}`,
        );
      }
      if (l.max_balance !== null && num(e.balance_after) > num(l.max_balance)) {
        problems.push(
          `${who} holds ₦${num(e.balance_after) / 100} after a ${e.kind}, past the maximum balance of ₦${num(l.max_balance) / 100}`,
        );
      }
    } else if (day === c.day) {
      c.out = c.out > x ? c.out - x : 0;
    }
  }
  for (const [user, c] of counters) {
    const l = limits.get(user)!;
    if (c.day === null) continue;
    const row = { day: l.limit_day, out: num(l.day_out), into: num(l.day_in) };
    if (row.day !== c.day || row.out !== c.out || row.into !== c.into) {
      problems.push(
        `c${ids.indexOf(user)}'s day counters are ${JSON.stringify(row)}, its entries make ${JSON.stringify(c)}`,
      );
    }
  }

  // Referral commissions.
  const commissions = await db.selectFrom('referral_commissions').selectAll().execute();
  const byPurchase = new Map<string, (typeof commissions)[number][]>();
  for (const c of commissions) {
    if (c.source !== 'purchase') continue;
    byPurchase.set(c.source_id, [...(byPurchase.get(c.source_id) ?? []), c]);
  }
  // The wallets' entries read above, and the users' rows read with their limits.
  const commissionLegs = entries.filter((e) => e.kind === 'commission');
  const referrerOf = new Map([...limits.values()].map((u) => [u.id, u.referred_by]));
  const settings = await readSettings(db);
  const bought = await db
    .selectFrom('transactions')
    .selectAll()
    .where('user_id', 'in', ids)
    .where('provider_request_id', 'is not', null)
    .execute();
  // What each referrer was paid per Lagos day, for the cap.
  const paidOnDay = new Map<string, number>();
  for (const c of commissions) {
    const key = `${c.referrer_id}|${lagosDay(num(c.created_at))}`;
    paidOnDay.set(key, (paidOnDay.get(key) ?? 0) + num(c.amount));
  }
  for (const t of bought) {
    const rows = byPurchase.get(t.id) ?? [];
    const referrer = referrerOf.get(t.user_id) ?? null;
    if (rows.length > 1) problems.push(`purchase ${t.id} has ${rows.length} commissions`);
    const row = rows[0];
    if (row) {
      if (row.referrer_id !== referrer) {
        problems.push(`purchase ${t.id}'s commission went to ${row.referrer_id}, not its referrer`);
      }
      const legs = commissionLegs.filter(
        (l) => l.memo === t.id && l.account_id === walletAccountId(row.referrer_id),
      );
      const ins = legs.filter((l) => num(l.amount) > 0);
      const outs = legs.filter((l) => num(l.amount) < 0);
      if (row.movement_id === null || ins.length !== 1 || num(ins[0]!.amount) !== num(row.amount)) {
        problems.push(
          `purchase ${t.id}'s commission of ₦${num(row.amount) / 100} was paid by ${ins.length} movement(s) of ₦${ins.map((l) => num(l.amount) / 100).join(', ')}`,
        );
      }
      const back = -outs.reduce((s, l) => s + num(l.amount), 0);
      if (t.status === 'successful' && (row.reversed_at !== null || outs.length > 0)) {
        problems.push(`purchase ${t.id} is delivered but its commission was taken back`);
      }
      if (t.status === 'reversed') {
        if (row.reversed_at === null) {
          problems.push(`purchase ${t.id} was refunded but its commission stands`);
        } else if (back !== num(row.clawed_back) || back > num(row.amount) || outs.length > 1) {
          problems.push(
            `purchase ${t.id}'s commission of ₦${num(row.amount) / 100} was taken back as ₦${back / 100} in ${outs.length} movement(s), recorded ₦${num(row.clawed_back) / 100}`,
          );
        }
      }
    }
    // Delivered, from the buyer's own wallet, with a referrer: a commission was due.
    if (
      !row &&
      referrer &&
      t.status === 'successful' &&
      t.direction === 'debit' &&
      t.paid_account === walletAccountId(t.user_id) &&
      num(t.paid_amount) > 0
    ) {
      const product = tierProductOf(t.product as Product);
      const due = commissionOf(
        settings.rates[product],
        num(t.paid_amount),
        providerCost(product, num(t.value)),
      );
      const key = `${referrer}|${lagosDay(num(t.updated_at))}`;
      if (due > 0 && (paidOnDay.get(key) ?? 0) < settings.daily_cap) {
        problems.push(
          `purchase ${t.id} (${t.product}, delivered) earned its buyer's referrer no commission (₦${due / 100} due)`,
        );
      }
    }
  }
  const expense = await db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', systemAccountId('referral_expense'))
    .executeTakeFirst();
  const net = commissions.reduce(
    (s, c) => s + (c.movement_id ? num(c.amount) : 0) - num(c.clawed_back),
    0,
  );
  if (-num(expense?.balance) !== net) {
    problems.push(
      `the referral expense account holds ₦${num(expense?.balance) / 100}, commissions paid less taken back ₦${net / 100}`,
    );
  }
  return problems;
}

/**
 * The SMS queue after kills (ADR 0079's guarantee, which the schedule never breaks: it injects
 * no Termii fault): every SMS the outbox marked sent names the message Termii received, to the
 * same number with the same text, and Termii received nothing else but a message whose send a
 * kill cut before its record (its row left `sending`, or `failed` as "outcome unknown"). A
 * worker that sent one event twice, or a restart that sent again what it had sent, shows here.
 */
export async function checkSms(world: World): Promise<string[]> {
  const db = world.dbh.db;
  const problems: string[] = [];
  const rows = await db
    .selectFrom('sms_outbox')
    .select(['event_key', 'to_number', 'body', 'status', 'provider_message_id'])
    .execute();
  const received = (
    await db
      .selectFrom('kv_store')
      .select('value')
      .where('namespace', '=', 'sim-termii')
      .where('key', 'like', 'msg:%')
      .execute()
  ).map((r) => JSON.parse(r.value) as { message_id: string; to: string; sms: string });
  const atTermii = new Map(received.map((m) => [m.message_id, m]));
  const named = new Set<string>();
  for (const r of rows.filter((x) => x.status === 'sent')) {
    const m = r.provider_message_id ? atTermii.get(r.provider_message_id) : undefined;
    if (!m || m.to !== r.to_number || m.sms !== r.body) {
      problems.push(`SMS ${r.event_key} is marked sent, but Termii holds no such message`);
      continue;
    }
    named.add(m.message_id);
  }
  const cut = rows.filter((x) => x.status === 'sending' || x.status === 'failed');
  for (const m of received) {
    if (named.has(m.message_id)) continue;
    const i = cut.findIndex((x) => x.to_number === m.to && x.body === m.sms);
    if (i < 0) {
      problems.push(`Termii received an SMS to ${m.to} that no SMS of ours sent: "${m.sms}"`);
    } else {
      cut.splice(i, 1); // one cut send per row
    }
  }
  return problems;
}
