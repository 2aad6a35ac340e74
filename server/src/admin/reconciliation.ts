/**
 * Reconciliation (ADR 0017): what an operator checks to sleep at night, shared by
 * `npm run reconcile` (server/src/reconcile.ts) and the admin overview's card
 * (GET /api/admin/reconciliation). Read-only: it reports, an admin acts.
 * - the ledger's invariants (every movement sums to zero, each balance equals its entries,
 *   no negative wallet, unbroken balance chains), and the aggregates the pages read (each
 *   account's running totals, the statement's lines, the counts) against a recount;
 * - purchases pending longer than PENDING_ALERT_HOURS (the requery worker flags them);
 * - recent card payments whose provider state disagrees with ours: charged but never
 *   credited, or credited but not charged;
 * - bank transfers the provider lists for the last week that we never recorded (ADR 0039:
 *   the poller should have credited them; a listing that fails is said, never "none");
 * - disputed purchases no owner has resolved: the provider's answer against how we settled
 *   them (ADR 0073).
 */
import { type PaymentMismatch, type Reconciliation, toNaira } from '@contract';
import { sql } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import type { AppContext } from '../context.ts';
import { checkInvariants, HELD_CREDITS_ACCOUNT } from '../wallet/ledger.ts';
import { checkAggregates } from '../platform/aggregates.ts';
import type { CardVerification } from '../providers/index.ts';
import { openDisputes } from '../purchases/disputes.ts';
import { creditable } from '../funding/payments.ts';
import { pendingAlertMs } from '../purchases/requery.ts';
import { providerTransfers, recordedTransferIds } from '../funding/transfers.ts';
import { reconcileWithdrawals } from '../payouts/withdrawals.ts';

/** Card payments of the last week are asked about at the provider… */
export const PAYMENTS_DAYS = 7;
/** …at most this many (the newest), a few at a time. */
const PAYMENTS_MAX = 200;
const PAYMENTS_PARALLEL = 4;
/** A payment this young may still be on the checkout page: not yet worth a look. */
const CHECKOUT_GRACE_MS = 15 * 60_000;
const STALE_MAX = 200;
const DAY_MS = 86_400_000;

export type ReconcileContext = Pick<AppContext, 'db' | 'providers' | 'config'>;

export async function reconcile(ctx: ReconcileContext, now = Date.now()): Promise<Reconciliation> {
  // The ledger's invariants, and every aggregate the pages read against a recount of its rows
  // (ADR 0020, 0069): a total that drifted from its ledger is a discrepancy too.
  const ledger = [...(await checkInvariants(ctx.db)), ...(await checkAggregates(ctx.db))];

  const alertMs = pendingAlertMs(ctx.config.env);
  const stale = await ctx.db
    .selectFrom('transactions')
    .innerJoin('users', 'users.id', 'transactions.user_id')
    .select([
      'transactions.id',
      'users.email',
      'transactions.product',
      'transactions.paid_amount',
      'transactions.provider',
      'transactions.created_at',
      'transactions.requery_attempts',
      'transactions.flagged_at',
    ])
    .where('transactions.status', '=', 'pending')
    // A withdrawal waiting for review is no stale purchase: reconcile checks payouts apart.
    .where('transactions.product', '<>', 'Withdrawal')
    .where('transactions.created_at', '<=', now - alertMs)
    .orderBy('transactions.created_at')
    .limit(STALE_MAX)
    .execute();

  const payments = await ctx.db
    .selectFrom('payments')
    .innerJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select('users.email')
    .where('payments.channel', '=', 'card')
    .where('payments.created_at', '>=', now - PAYMENTS_DAYS * DAY_MS)
    .where('payments.created_at', '<=', now - CHECKOUT_GRACE_MS)
    .orderBy('payments.created_at', 'desc')
    .limit(PAYMENTS_MAX)
    .execute();
  let unchecked = 0;
  const mismatches: Reconciliation['payment_mismatches'] = [];
  for (let i = 0; i < payments.length; i += PAYMENTS_PARALLEL) {
    await Promise.all(
      payments.slice(i, i + PAYMENTS_PARALLEL).map(async (p) => {
        let v: CardVerification;
        try {
          v = await ctx.providers.card.verify({
            txRef: p.tx_ref,
            transactionId: p.payment_reference ?? undefined,
          });
        } catch {
          unchecked++;
          return;
        }
        let problem: PaymentMismatch | undefined;
        const completed = p.status === 'completed';
        if (!completed && creditable(p, v)) problem = 'charged_not_credited';
        if (completed && (v.status === 'failed' || v.status === 'cancelled')) {
          problem = 'credited_not_charged';
        }
        // Completed here, but the provider cannot say: not confirmed either way.
        if (completed && v.status === 'pending') unchecked++;
        if (problem) {
          mismatches.push({
            t_id: p.tx_ref,
            user: p.email,
            amount: Number(p.amount),
            ours: p.status,
            provider: v.status,
            problem,
          });
        }
      }),
    );
  }

  const stalePurchases = stale.map((r) => ({
    transaction_id: r.id,
    user: r.email,
    product: r.product as Reconciliation['stale_purchases'][number]['product'],
    amount: Number(r.paid_amount),
    provider: r.provider,
    created_at: Number(r.created_at),
    requery_attempts: Number(r.requery_attempts),
    flagged: r.flagged_at !== null,
  }));
  const transfers = await checkTransfers(ctx.db);
  transfers.problems.push(...(await uncreditedTransfers(ctx, now)));
  const disputes = await openDisputes(ctx.db);
  // Every payout at Flutterwave is one withdrawal of ours and every paid withdrawal is a payout
  // there (ADR 0084).
  const withdrawalProblems = await reconcileWithdrawals(ctx).catch((err: Error) => [
    `payouts at the provider could not be listed (${err.message}): not checked`,
  ]);
  return {
    ok:
      ledger.length === 0 &&
      stalePurchases.length === 0 &&
      mismatches.length === 0 &&
      transfers.problems.length === 0 &&
      withdrawalProblems.length === 0 &&
      disputes.length === 0,
    checked_at: now,
    ledger,
    pending_alert_hours: alertMs / 3_600_000,
    stale_purchases: stalePurchases,
    payments_days: PAYMENTS_DAYS,
    payments_checked: payments.length,
    payments_unchecked: unchecked,
    payment_mismatches: mismatches.sort((a, b) => a.t_id.localeCompare(b.t_id)),
    held_transfers: transfers.held,
    transfer_problems: transfers.problems,
    withdrawal_problems: withdrawalProblems,
    open_disputes: disputes,
  };
}

/**
 * Bank transfers (ADR 0024): how many are held for an admin, and every credited or
 * assigned transfer whose payment is missing or whose wallet entry is not the payment's
 * credit (the ledger invariants already check that each funding movement balances). A credit
 * a wallet limit held entered the held-credits account instead of the wallet: that is its
 * wallet entry here.
 */
async function checkTransfers(db: Db): Promise<{ held: number; problems: string[] }> {
  const LIMIT = 50;
  const { held } = await db
    .selectFrom('bank_transfers')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where('status', '=', 'held')
    .executeTakeFirstOrThrow();
  const problems: string[] = [];
  const unpaid = await db
    .selectFrom('bank_transfers')
    .select(['provider_id', 'status'])
    .where('status', 'in', ['credited', 'assigned'])
    .where('payment_id', 'is', null)
    .limit(LIMIT)
    .execute();
  for (const t of unpaid)
    problems.push(`transfer ${t.provider_id} is ${t.status} but has no payment`);
  const wrong = await db
    .selectFrom('payments as p')
    .leftJoin('ledger_entries as e', (join) =>
      join
        .onRef('e.movement_id', '=', 'p.movement_id')
        .on((eb) =>
          eb.or([
            eb('e.account_id', '=', sql<string>`${sql.lit('wallet:')} || p.user_id`),
            // A credit held by a wallet limit went to the held account in its place (ADR 0058):
            // it stands for the wallet only when a held credit of this customer names it, for
            // its amount (a held credit renamed to someone else, or none at all, is reported).
            eb.and([
              eb('e.account_id', '=', HELD_CREDITS_ACCOUNT),
              eb.exists(
                eb
                  .selectFrom('held_credits as h')
                  .select(sql.lit(1).as('one'))
                  .whereRef('h.movement_id', '=', 'p.movement_id')
                  .whereRef('h.user_id', '=', 'p.user_id')
                  .whereRef('h.amount', '=', 'e.amount'),
              ),
            ]),
          ]),
        ),
    )
    .select(['p.tx_ref', 'p.credited', sql<number>`coalesce(sum(e.amount), 0)`.as('entered')])
    .where('p.channel', '=', 'bank_transfer')
    .groupBy(['p.tx_ref', 'p.credited'])
    .having(sql`coalesce(sum(e.amount), 0)`, '<>', sql`p.credited`)
    .limit(LIMIT)
    .execute();
  for (const p of wrong) {
    problems.push(`transfer payment ${p.tx_ref} credited ${p.credited}, wallet got ${p.entered}`);
  }
  return { held: Number(held), problems };
}

/** A transfer this young may have its webhook on the way: not yet worth a line. */
const TRANSFER_GRACE_MS = 15 * 60_000;

/**
 * Bank transfers into our accounts that the provider lists for the last PAYMENTS_DAYS days
 * and that we never recorded: money in our provider balance that no wallet got.
 */
async function uncreditedTransfers(ctx: ReconcileContext, now: number): Promise<string[]> {
  let listed;
  try {
    listed = await providerTransfers(ctx, { from: now - PAYMENTS_DAYS * DAY_MS, to: now + DAY_MS });
  } catch (err) {
    return [
      `bank transfers at the provider could not be listed (${(err as Error).message}): not checked`,
    ];
  }
  const candidates = listed.items.filter(
    (t) => t.createdAt === 0 || t.createdAt <= now - TRANSFER_GRACE_MS,
  );
  const recorded = await recordedTransferIds(
    ctx.db,
    candidates.map((t) => t.transactionId),
  );
  const naira = (kobo: number) =>
    `NGN ${toNaira(kobo).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;
  const when = (ms: number) =>
    ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) + ' UTC' : 'an unknown time';
  const out = candidates
    .filter((t) => !recorded.has(t.transactionId))
    .sort((a, b) => a.createdAt - b.createdAt)
    .map(
      (t) =>
        `transfer ${t.transactionId} of ${naira(t.amount)} into ${t.txRef} on ${when(t.createdAt)} ` +
        'is at the provider but not credited (the poller credits it, or see the server log)',
    );
  if (listed.truncated) {
    out.push(
      'bank transfers at the provider: too many to list at once, only the newest were checked',
    );
  }
  return out;
}
