/**
 * Referral commissions (ADR 0056). A customer who signed up with another's code
 * earns that referrer a commission on every purchase of theirs that succeeds:
 *
 * - `earnCommission` runs inside the transaction of the guarded `pending → successful` change
 *   (the same call that queues the purchase mail, ADR 0047), so a requery and a webhook racing
 *   on one purchase pay once, a purchase that fails pays nothing, and the `(source, source_id)`
 *   key claimed first makes a second run a no-op all the same;
 * - `reverseCommission` runs inside `refundWithin` (every refund of a purchase): the commission
 *   is taken back, at most what the referrer's wallet holds then (a wallet never goes negative;
 *   the rest stays an expense);
 * - `firstFundingBonus` runs in the transaction that credits a funding, and pays only on the
 *   friend's first funding ever; `heldFundingBonus` when that first funding was held by a
 *   wallet limit and is released (ADR 0056, 0058).
 *
 * Money moves through the ledger between `referral_expense` and the referrer's wallet. Limits
 * against farming (ADR 0056): nothing when referrer and friend share an e-mail or a phone
 * (normalised), nothing to a blocked referrer or an admin, a daily cap per referrer, and a
 * commission never above our margin on the purchase.
 */
import { randomUUID } from 'node:crypto';
import {
  commissionOf,
  DEFAULT_COMMISSION_RATES,
  DEFAULT_FIRST_FUNDING_BONUS,
  DEFAULT_REFERRAL_DAILY_CAP,
  normalEmail,
  normalPhone,
  providerCost,
  REFERRAL_BONUS_MIN_FUNDING,
  REFERRAL_MSG,
  type ReferralSettingsBody,
  tierProductOf,
  type CommissionRates,
  type Kobo,
  type Product,
  type ReferralEarning,
  type ReferralSettings,
  type ReferralSummary,
  type TierProduct,
} from '@contract';
import { lagosDay, lagosDayStart, LAGOS_OFFSET_MS } from '@contract/time';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import type { TransactionsTable, UserRow } from '../platform/db/schema.ts';
import { postMovement, systemAccountId, walletAccountId } from '../wallet/ledger.ts';
import { ApiError } from '../platform/http/errors.ts';
import { DAY_MS } from '../../migrations/0005-history-aggregates.ts';
import { recordAudit, type Actor } from '../admin/audit.ts';
import { customerMail } from '../notifications/customer-mail.ts';
import { userTotals } from '../platform/aggregates.ts';
import { paged, type PageQuery } from '../platform/paging.ts';

type TxRow = Selectable<TransactionsTable>;

const EXPENSE = systemAccountId('referral_expense');

/** The settings in force: the admin's row, or the contract's defaults. */
export async function readSettings(db: Db): Promise<ReferralSettings> {
  const row = await db
    .selectFrom('referral_settings')
    .selectAll()
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) {
    return {
      rates: DEFAULT_COMMISSION_RATES,
      first_funding_bonus: DEFAULT_FIRST_FUNDING_BONUS,
      daily_cap: DEFAULT_REFERRAL_DAILY_CAP,
      updated_at: null,
    };
  }
  return {
    rates: parseRates(row.rates),
    first_funding_bonus: Number(row.first_funding_bonus),
    daily_cap: Number(row.daily_cap),
    updated_at: Number(row.updated_at),
  };
}

/** Stored as basis points (the contract's output form); a product missing keeps its default. */
const StoredRates = z.record(
  z.string(),
  z.object({ basis: z.enum(['margin', 'amount']), percent: z.int().min(0).max(10_000) }),
);
function parseRates(json: string): CommissionRates {
  const stored = StoredRates.parse(JSON.parse(json));
  return { ...DEFAULT_COMMISSION_RATES, ...stored } as CommissionRates;
}

export const referralSettings = (ctx: Pick<AppContext, 'db'>) => readSettings(ctx.db);

/** Saves the admin's settings (later purchases only), audited in the same transaction. */
export async function setReferralSettings(
  ctx: AppContext,
  actor: Actor,
  /** As the route parsed it: rates in basis points, amounts in kobo. */
  body: z.output<typeof ReferralSettingsBody>,
): Promise<ReferralSettings> {
  const rates = body.rates;
  const now = Date.now();
  return ctx.dbh.writeTx(async (trx) => {
    const before = await readSettings(trx);
    const values = {
      rates: JSON.stringify(rates),
      first_funding_bonus: body.first_funding_bonus,
      daily_cap: body.daily_cap,
      updated_at: now,
    };
    await trx
      .insertInto('referral_settings')
      .values({ id: 1, ...values })
      .onConflict((oc) => oc.column('id').doUpdateSet(values))
      .execute();
    await recordAudit(
      trx,
      actor,
      {
        action: 'referral.settings',
        targetType: 'referral',
        targetId: 'settings',
        targetLabel: 'Referral commissions',
        before: snapshot(before),
        after: snapshot({
          rates,
          first_funding_bonus: body.first_funding_bonus,
          daily_cap: body.daily_cap,
        }),
      },
      now,
    );
    return readSettings(trx);
  });
}

/** "airtime": "10% of margin", bonus and cap in kobo: what the audit entry shows. */
function snapshot(s: Pick<ReferralSettings, 'rates' | 'first_funding_bonus' | 'daily_cap'>) {
  const out: Record<string, string | number> = {
    first_funding_bonus_kobo: s.first_funding_bonus,
    daily_cap_kobo: s.daily_cap,
  };
  for (const [product, rate] of Object.entries(s.rates)) {
    out[product] = `${rate.percent / 100}% of ${rate.basis}`;
  }
  return out;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0]?.slice(0, 40) || 'Your friend';

/** The Lagos day number of an instant (the cap's day: midnight to midnight in Lagos). */
const lagosDayNumber = (ms: number) => Math.floor((ms + LAGOS_OFFSET_MS) / DAY_MS);

interface Pair {
  referrer: Pick<UserRow, 'id' | 'email' | 'phone' | 'is_blocked' | 'is_admin'>;
  friend: Pick<UserRow, 'id' | 'name' | 'email' | 'phone'>;
}

/** The friend and who referred them, when a commission may be paid to that referrer. */
async function eligiblePair(trx: Db, friendId: string): Promise<Pair | null> {
  const friend = await trx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'phone', 'referred_by'])
    .where('id', '=', friendId)
    .executeTakeFirst();
  if (!friend?.referred_by) return null;
  const referrer = await trx
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'is_blocked', 'is_admin'])
    .where('id', '=', friend.referred_by)
    .executeTakeFirst();
  if (!referrer || Number(referrer.is_blocked) === 1 || Number(referrer.is_admin) === 1)
    return null;
  if (samePerson(referrer, friend)) return null;
  return { referrer, friend };
}

/** One person behind both accounts, as far as their e-mail and phone tell (ADR 0056). */
export function samePerson(
  a: Pick<UserRow, 'email' | 'phone'>,
  b: Pick<UserRow, 'email' | 'phone'>,
): boolean {
  return (
    normalEmail(a.email) === normalEmail(b.email) || normalPhone(a.phone) === normalPhone(b.phone)
  );
}

/**
 * Reserves up to `amount` of the referrer's cap for the Lagos day of `now`: one guarded UPDATE
 * of the day's row (PostgreSQL queues parallel commissions of one referrer on it, each seeing
 * the last one's total), answering what it granted (0 once the cap is reached).
 */
async function claimCap(trx: Db, referrerId: string, amount: Kobo, cap: Kobo, now: number) {
  if (cap <= 0 || amount <= 0) return 0;
  const day = lagosDayNumber(now);
  await trx
    .insertInto('referral_daily')
    .values({ referrer_id: referrerId, day, paid: 0, last_grant: 0 })
    .onConflict((oc) => oc.columns(['referrer_id', 'day']).doNothing())
    .execute();
  // Both SET expressions read the row as it was: last_grant is what this call added.
  const grant = sql<number>`case when paid + ${amount} <= ${cap} then ${amount} else ${cap} - paid end`;
  const row = await trx
    .updateTable('referral_daily')
    .set({ last_grant: grant, paid: sql<number>`paid + ${grant}` })
    .where('referrer_id', '=', referrerId)
    .where('day', '=', day)
    .where('paid', '<', cap)
    .returning('last_grant')
    .executeTakeFirst();
  return row ? Number(row.last_grant) : 0;
}

/**
 * Claims `(source, sourceId)`, applies the cap and pays: the movement, the row completed, the
 * referrer's mail. Answers the kobo paid (0: already paid, nothing due, or capped).
 */
async function pay(
  trx: Db,
  pair: Pair,
  claim: { source: 'purchase' | 'first_funding'; sourceId: string; product: string | null },
  amount: Kobo,
  cap: Kobo,
  now: number,
): Promise<Kobo> {
  if (amount <= 0) return 0;
  const id = randomUUID();
  const claimed = await trx
    .insertInto('referral_commissions')
    .values({
      id,
      referrer_id: pair.referrer.id,
      referred_id: pair.friend.id,
      source: claim.source,
      source_id: claim.sourceId,
      product: claim.product,
      amount,
      movement_id: null,
      reversal_movement_id: null,
      clawed_back: null,
      created_at: now,
      reversed_at: null,
    })
    .onConflict((oc) => oc.columns(['source', 'source_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return 0;
  const granted = await claimCap(trx, pair.referrer.id, amount, cap, now);
  if (granted <= 0) {
    // Capped: nothing paid, nothing to list (the claim is released).
    await trx.deleteFrom('referral_commissions').where('id', '=', id).execute();
    return 0;
  }
  const wallet = walletAccountId(pair.referrer.id);
  const { movementId, entries } = await postMovement(trx, {
    kind: 'commission',
    memo: claim.sourceId,
    legs: [
      { accountId: EXPENSE, amount: -granted },
      { accountId: wallet, amount: granted },
    ],
    now,
  });
  await trx
    .updateTable('referral_commissions')
    .set({ amount: granted, movement_id: movementId })
    .where('id', '=', id)
    .execute();
  await customerMail(
    trx,
    pair.referrer.id,
    {
      kind: 'commissionEarned',
      id,
      amount: granted,
      friend: firstName(pair.friend.name),
      source: claim.source,
      balance: entries.get(wallet)!.balanceAfter,
    },
    now,
  );
  return granted;
}

const tierProduct = (product: string): TierProduct | null => {
  try {
    return tierProductOf(product as Product);
  } catch {
    return null;
  }
};

/** What a purchase earns its buyer's referrer at `settings`' rates, before the cap. */
function commissionFor(row: TxRow, rates: CommissionRates): Kobo {
  const product = tierProduct(row.product);
  if (!product) return 0;
  const paid = Number(row.paid_amount);
  return commissionOf(rates[product], paid, providerCost(product, Number(row.value)));
}

/** Paid from the buyer's own wallet: a coupon's redemption (bought earlier, maybe by another) earns nothing. */
const walletPurchase = (row: TxRow) =>
  row.direction === 'debit' &&
  row.paid_account === walletAccountId(row.user_id) &&
  Number(row.paid_amount) > 0;

/**
 * The commission on a purchase that has just succeeded, inside the transaction of the guarded
 * change that moved it (`row` as moved). Answers the kobo paid.
 */
export async function earnCommission(trx: Db, row: TxRow, now = Date.now()): Promise<Kobo> {
  if (!walletPurchase(row)) return 0;
  const pair = await eligiblePair(trx, row.user_id);
  if (!pair) return 0;
  const settings = await readSettings(trx);
  const amount = commissionFor(row, settings.rates);
  return pay(
    trx,
    pair,
    { source: 'purchase', sourceId: row.id, product: row.product },
    amount,
    settings.daily_cap,
    now,
  );
}

/**
 * Takes back the commission a purchase paid, inside the transaction that refunds it (once: the
 * guarded `reversed_at is null`). A referrer who spent it loses what the wallet holds, never
 * more. Runs before the refund's own movement, so every transaction that touches the expense
 * account takes it before any wallet (no deadlock on PostgreSQL).
 */
export async function reverseCommission(trx: Db, row: TxRow, now = Date.now()): Promise<Kobo> {
  const claimed = await trx
    .updateTable('referral_commissions')
    .set({ reversed_at: now })
    .where('source', '=', 'purchase')
    .where('source_id', '=', row.id)
    .where('reversed_at', 'is', null)
    .where('movement_id', 'is not', null)
    .returning(['id', 'referrer_id', 'referred_id', 'amount'])
    .executeTakeFirst();
  if (!claimed) return 0;
  const wallet = walletAccountId(claimed.referrer_id);
  // Locked in the ledger's order (system before wallet), read after the lock: what it holds now.
  await lockAccount(trx, EXPENSE);
  const held = await lockAccount(trx, wallet);
  const take = Math.min(Number(claimed.amount), held);
  let movementId: string | null = null;
  if (take > 0) {
    const posted = await postMovement(trx, {
      kind: 'commission',
      memo: row.id,
      legs: [
        { accountId: wallet, amount: -take },
        { accountId: EXPENSE, amount: take },
      ],
      now,
    });
    movementId = posted.movementId;
    const friend = await trx
      .selectFrom('users')
      .select('name')
      .where('id', '=', claimed.referred_id)
      .executeTakeFirst();
    await customerMail(
      trx,
      claimed.referrer_id,
      {
        kind: 'commissionReversed',
        id: claimed.id,
        amount: take,
        friend: firstName(friend?.name ?? ''),
        balance: posted.entries.get(wallet)!.balanceAfter,
      },
      now,
    );
  }
  await trx
    .updateTable('referral_commissions')
    .set({ reversal_movement_id: movementId, clawed_back: take })
    .where('id', '=', claimed.id)
    .execute();
  return take;
}

/** A no-op UPDATE that holds the account's row until the commit; answers its balance. */
async function lockAccount(trx: Db, id: string): Promise<number> {
  const row = await trx
    .updateTable('accounts')
    .set({ balance: sql<number>`balance` })
    .where('id', '=', id)
    .returning('balance')
    .executeTakeFirstOrThrow();
  return Number(row.balance);
}

/**
 * Whether the friend has a wallet funding (card or bank transfer: a `payments` row with its
 * movement, credited or held) other than `movementId`; with `before`, only one moved before
 * that instant. Adjustments, shares in and the seed are not fundings here (ADR 0056).
 */
async function otherFunding(
  trx: Db,
  friendId: string,
  movementId: string,
  before?: number,
): Promise<boolean> {
  let q = trx
    .selectFrom('payments as p')
    .innerJoin('movements as m', 'm.id', 'p.movement_id')
    .select('p.id')
    .where('p.user_id', '=', friendId)
    .where('p.movement_id', '<>', movementId);
  if (before !== undefined) q = q.where('m.created_at', '<', before);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

/** Pays the bonus (settings, pair and cap permitting) for a first funding of `credited`. */
async function payBonus(trx: Db, friendId: string, credited: Kobo, now: number): Promise<Kobo> {
  if (credited < REFERRAL_BONUS_MIN_FUNDING) return 0;
  const settings = await readSettings(trx);
  if (settings.first_funding_bonus <= 0) return 0;
  const pair = await eligiblePair(trx, friendId);
  if (!pair) return 0;
  return pay(
    trx,
    pair,
    { source: 'first_funding', sourceId: friendId, product: null },
    settings.first_funding_bonus,
    settings.daily_cap,
    now,
  );
}

/**
 * The first-funding bonus (off unless an admin sets one), inside the transaction that credits
 * a card payment or a bank transfer, after its movement (`movementId`) and its `payments` row:
 * paid only when this is the friend's first wallet funding ever (none before it, whether the
 * bonus was on then or not), of at least REFERRAL_BONUS_MIN_FUNDING, and once per friend (the
 * claim's key is the friend's id). A funding a limit held pays nothing now: the bonus waits
 * until its money reaches the wallet (`heldFundingBonus`, at its release; ADR 0056).
 *
 * Parallel fundings of one friend are serialised by the card clearing account's row (every
 * funding's movement updates it) on PostgreSQL and by the write lock on SQLite, so the second
 * sees the first's row; the claim's key pays once all the same.
 */
export async function firstFundingBonus(
  trx: Db,
  friendId: string,
  funding: { movementId: string; credited: Kobo; held: boolean },
  now = Date.now(),
): Promise<Kobo> {
  if (funding.held) return 0;
  if (await otherFunding(trx, friendId, funding.movementId)) return 0;
  return payBonus(trx, friendId, funding.credited, now);
}

/**
 * The bonus of a held funding, inside the transaction that releases it into the wallet: paid
 * when the credit came from a card payment or bank transfer that was the friend's first
 * funding (nothing moved before it), as if it had been credited then (ADR 0056).
 */
export async function heldFundingBonus(
  trx: Db,
  held: { userId: string; movementId: string; source: string; amount: Kobo; heldAt: number },
  now = Date.now(),
): Promise<Kobo> {
  if (held.source !== 'card_funding' && held.source !== 'transfer_funding') return 0;
  if (await otherFunding(trx, held.userId, held.movementId, held.heldAt)) return 0;
  return payBonus(trx, held.userId, held.amount, now);
}

/** At most this many pending purchases are priced for the summary's "pending". */
const PENDING_SCAN = 200;

/** Settings → Referrals: the code, the counts and the earnings, newest first. */
export async function myReferrals(
  ctx: Pick<AppContext, 'db'>,
  user: Pick<UserRow, 'id' | 'referral_code'>,
  query: PageQuery,
): Promise<{
  message: ReferralEarning[];
  page: number;
  pages: number;
  total: number;
  summary: ReferralSummary;
}> {
  const db = ctx.db;
  const mine = db.selectFrom('referral_commissions').where('referrer_id', '=', user.id);
  const [totals, rows, pendingRows, settings] = await Promise.all([
    // People referred, commissions and what they earned: kept as they change (ADR 0069).
    userTotals(db, user.id),
    mine
      .innerJoin('users as f', 'f.id', 'referral_commissions.referred_id')
      .select([
        'referral_commissions.id',
        'referral_commissions.source',
        'referral_commissions.product',
        'referral_commissions.amount',
        'referral_commissions.reversed_at',
        'referral_commissions.created_at',
        'f.name',
      ])
      .where('referral_commissions.movement_id', 'is not', null)
      .orderBy('referral_commissions.created_at', 'desc')
      .orderBy('referral_commissions.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    db
      .selectFrom('transactions as t')
      .innerJoin('users as f', 'f.id', 't.user_id')
      .selectAll('t')
      .where('f.referred_by', '=', user.id)
      // Written out, so the index of pending purchases (migration 0027) serves it.
      .where(sql<boolean>`t.status = 'pending'`)
      .limit(PENDING_SCAN)
      .execute(),
    readSettings(db),
  ]);
  let pending = 0;
  for (const row of pendingRows) {
    if (walletPurchase(row)) pending += commissionFor(row, settings.rates);
  }
  const earnings: ReferralEarning[] = rows.map((r) => ({
    id: r.id,
    kind: r.source,
    friend: firstName(r.name),
    product: r.product,
    amount: Number(r.amount),
    status: r.reversed_at === null ? 'paid' : 'reversed',
    created_at: Number(r.created_at),
  }));
  return {
    ...paged(earnings, query, totals.commissions),
    summary: {
      referral_code: user.referral_code,
      referred: totals.referred,
      earned: totals.commissions_earned,
      pending,
    },
  };
}

/**
 * The admin overview's commissions paid, net of what reversals took back: all time is the
 * expense account's balance (one row, ADR 0020), this Lagos month an index range on
 * `created_at` (this month's commissions only).
 */
export async function commissionsPaid(db: Db, now = Date.now()) {
  const monthStart = lagosDayStart(`${lagosDay(now).slice(0, 8)}01`);
  const [expense, month] = await Promise.all([
    db.selectFrom('accounts').select('balance').where('id', '=', EXPENSE).executeTakeFirst(),
    db
      .selectFrom('referral_commissions')
      .select(sql<number>`coalesce(sum(amount - coalesce(clawed_back, 0)), 0)`.as('paid'))
      .where('created_at', '>=', monthStart)
      .where('movement_id', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Math.max(0, -Number(expense?.balance ?? 0)), month: Number(month.paid) };
}

/** Signing up with a code whose owner shares the new account's e-mail or phone is refused. */
export function refuseOwnCode(
  referrer: Pick<UserRow, 'email' | 'phone'>,
  newcomer: Pick<UserRow, 'email' | 'phone'>,
): void {
  if (samePerson(referrer, newcomer)) throw new ApiError('validation_error', REFERRAL_MSG.ownCode);
}
