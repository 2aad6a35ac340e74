/**
 * Double-entry ledger (decisions §4; ADR 0005). A movement is a set of legs whose amounts sum
 * to zero, posted inside the caller's DB transaction:
 * - accounts are updated in a fixed order (by id) so two movements never deadlock on
 *   PostgreSQL (pgledger);
 * - a wallet debit is ONE conditional UPDATE (`… WHERE balance >= amount RETURNING balance`):
 *   no read-compute-write in JS, so parallel debits cannot overdraw;
 * - each entry keeps the balance before and after, taken from that UPDATE;
 * - entries are only ever inserted; a correction is a new, reversing movement.
 * System accounts (card clearing, provider float, …) are the other side of customer money and
 * may go negative: only wallets carry the `balance >= 0` CHECK.
 *
 * Wallet limits by verification level (ADR 0058) are enforced here, the one place every
 * movement of a wallet passes: the same conditional UPDATE that moves a wallet's balance also
 * checks and counts the Lagos day's money in or out against the level's limits, so parallel
 * movements of one wallet are serialised by its row lock (PostgreSQL) or the write lock
 * (SQLite) and can never pass a limit together.
 */
import { randomUUID } from 'node:crypto';
import type { VerificationLevel } from '@contract';
import { lagosDay } from '@contract/time';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../platform/db/index.ts';
import type { AccountKind } from '../platform/db/schema.ts';

export class InsufficientFunds extends Error {
  constructor(readonly accountId: string) {
    super('insufficient funds');
  }
}

/** A wallet debit that would pass its level's daily spending limit: nothing moved. */
export class SpendingLimitReached extends Error {
  constructor(
    readonly accountId: string,
    readonly level: VerificationLevel,
    readonly limit: number,
  ) {
    super('daily spending limit');
  }
}

/** A credit posted with `limits: 'refuse'` (a release) that still does not fit: nothing moved. */
export class CreditLimitReached extends Error {
  constructor(readonly accountId: string) {
    super('credit limit');
  }
}

/** A credit a limit stopped: parked in `system:held_credits`, recorded in `held_credits`. */
export interface HeldCreditNote {
  id: string;
  userId: string;
  amount: number;
  reason: 'balance' | 'daily_funding';
  level: VerificationLevel;
  /** The limit it would have passed, in kobo. */
  limit: number;
}

/**
 * How each movement kind's wallet legs count against the limits (ADR 0058). Money out of a
 * purchase, a share or a coupon bought is spending; money in by card, bank transfer, a share,
 * an adjustment or a released credit is funding. A refund (`reversal`) gives the day's
 * spending back and is never held: it returns money the wallet already had. Other kinds (the
 * seed, commissions, an adjustment's debit) do not count.
 */
const SPENDING_KINDS = new Set(['purchase', 'share', 'coupon_purchase']);
const FUNDING_KINDS = new Set([
  'card_funding',
  'transfer_funding',
  'share',
  'adjustment',
  'held_release',
]);
const REFUND_KIND = 'reversal';

export const HELD_CREDITS_ACCOUNT = 'system:held_credits';

export interface Leg {
  accountId: string;
  /** Signed kobo: negative = money leaves the account. */
  amount: number;
}

export interface PostedEntry {
  accountId: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
}

export const walletAccountId = (userId: string) => `wallet:${userId}`;
export const systemAccountId = (kind: Exclude<AccountKind, 'wallet'>) => `system:${kind}`;

export const SYSTEM_KINDS: Exclude<AccountKind, 'wallet'>[] = [
  'card_clearing',
  'provider_float',
  'coupon_liability',
  'fees_income',
  'stamp_duty_payable',
  'referral_expense',
  // The other side of manual credits and debits (ADR 0050): its balance is what admins have
  // given customers net of what they took back.
  'adjustments',
  // Credits a verification level's limit stopped, until released (ADR 0058).
  'held_credits',
];

/**
 * Every purchase credits the provider float, so one balance row would be a lock that every
 * purchase on PostgreSQL queues on, however many processes serve them (ADR 0029). The float is
 * split over this many rows of kind `provider_float` (bucket 0 is the original
 * `system:provider_float`); each is an ordinary account with its own entry chain, and the
 * float's balance is their sum (`systemBalance`).
 */
export const PROVIDER_FLOAT_BUCKETS = 16;

/** The float row a purchase (and its reversal) posts to: a fixed hash of the purchase's id. */
export function providerFloatAccountId(purchaseId: string): string {
  let h = 0;
  for (let i = 0; i < purchaseId.length; i++) h = (Math.imul(h, 31) + purchaseId.charCodeAt(i)) | 0;
  return floatBucketId((h >>> 0) % PROVIDER_FLOAT_BUCKETS);
}

const floatBucketId = (bucket: number) =>
  bucket === 0
    ? systemAccountId('provider_float')
    : `${systemAccountId('provider_float')}:${bucket}`;

/** A system account's balance: the sum of its rows (the provider float has several). */
export async function systemBalance(db: Db, kind: Exclude<AccountKind, 'wallet'>): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.sum<number>('balance').as('balance'))
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Creates the system accounts (and the float's buckets) if missing (idempotent, at start). */
export async function ensureSystemAccounts(db: Db, now = Date.now()): Promise<void> {
  const rows = SYSTEM_KINDS.map((kind) => ({ id: systemAccountId(kind), kind }));
  for (let b = 1; b < PROVIDER_FLOAT_BUCKETS; b++) {
    rows.push({ id: floatBucketId(b), kind: 'provider_float' });
  }
  await db
    .insertInto('accounts')
    .values(rows.map((r) => ({ ...r, user_id: null, created_at: now })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function createWallet(trx: Db, userId: string, now = Date.now()): Promise<string> {
  const id = walletAccountId(userId);
  await trx
    .insertInto('accounts')
    .values({ id, kind: 'wallet', user_id: userId, created_at: now })
    .execute();
  return id;
}

/** Validates legs: safe integers, none zero, at least two, summing to zero. */
export function assertBalanced(legs: readonly Leg[]): void {
  if (legs.length < 2) throw new Error('a movement needs at least two legs');
  let sum = 0;
  for (const leg of legs) {
    if (!Number.isSafeInteger(leg.amount) || leg.amount === 0) {
      throw new Error(`leg amount must be a non-zero integer of kobo, got ${leg.amount}`);
    }
    sum += leg.amount;
  }
  if (sum !== 0) throw new Error(`legs do not balance (sum ${sum})`);
}

/**
 * The day a movement of `day` counts on: its own, or the wallet's counters' day when that is
 * later. A movement reads its time before it waits for the wallet's row, so one dated a moment
 * before Lagos midnight can commit after one dated past it; it then counts on the later day,
 * and never sets the counters back to the day before (which started the new day's use again).
 */
const countedDay = (day: string) =>
  sql<string>`(case when limit_day > ${day} then limit_day else ${day} end)`;

/** The wallet's use of the day a movement of `day` counts on (0 once a new day starts). */
const usedToday = (column: 'day_in' | 'day_out', day: string) =>
  sql<number>`(case when limit_day >= ${day} then ${sql.ref(column)} else 0 end)`;

/** The wallet owner's level's limit (null: none), read in the UPDATE that uses it. */
const levelLimit = (column: 'max_balance' | 'daily_funding' | 'daily_spending') =>
  sql<number | null>`(select l.${sql.ref(column)} from users u
    join verification_limits l on l.level = u.verification_level
    where u.id = accounts.user_id)`;

const within = (limit: RawBuilder<number | null>, value: RawBuilder<unknown>) =>
  sql<boolean>`(${limit} is null or ${value} <= ${limit})`;

/** Why a wallet's conditional UPDATE matched no row: its state and its level's limits. */
async function walletState(trx: Db, accountId: string, day: string) {
  const row = await trx
    .selectFrom('accounts as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .innerJoin('verification_limits as l', 'l.level', 'u.verification_level')
    .select([
      'a.user_id',
      'a.balance',
      'a.limit_day',
      'a.day_in',
      'a.day_out',
      'u.verification_level',
      'l.max_balance',
      'l.daily_funding',
      'l.daily_spending',
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirstOrThrow();
  const today = row.limit_day !== null && row.limit_day >= day;
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    userId: row.user_id!,
    balance: Number(row.balance),
    dayIn: today ? Number(row.day_in) : 0,
    dayOut: today ? Number(row.day_out) : 0,
    level: Number(row.verification_level) as VerificationLevel,
    maxBalance: num(row.max_balance),
    dailyFunding: num(row.daily_funding),
    dailySpending: num(row.daily_spending),
  };
}

/**
 * An entry's share of its account's running totals (migration 0027, ADR 0069): money out, a
 * refund in, or other money in, set in the same UPDATE that moves the balance, so the overview
 * reads them from the account's row instead of summing its entries.
 */
function runningTotal(amount: number, kind: string) {
  if (amount < 0) return { debited: sql<number>`debited + ${-amount}` };
  if (kind === REFUND_KIND) return { refunded: sql<number>`refunded + ${amount}` };
  return { received: sql<number>`received + ${amount}` };
}

/**
 * Posts one movement inside `trx` (the caller's transaction). Throws InsufficientFunds when a
 * wallet cannot cover its debit, SpendingLimitReached when a spending debit would pass the
 * day's limit; the caller's transaction then rolls everything back. A funding credit that would
 * pass the maximum balance or the day's funding limit is held (`held` in the answer, no entry
 * for the wallet) unless `limits` is `'refuse'` (CreditLimitReached).
 */
export async function postMovement(
  trx: Db,
  movement: {
    kind: string;
    memo?: string;
    legs: readonly Leg[];
    now?: number;
    limits?: 'hold' | 'refuse';
  },
): Promise<{ movementId: string; entries: Map<string, PostedEntry>; held: HeldCreditNote[] }> {
  assertBalanced(movement.legs);
  const now = movement.now ?? Date.now();
  const day = lagosDay(now);
  const held: HeldCreditNote[] = [];
  const movementId = randomUUID();
  await trx
    .insertInto('movements')
    .values({ id: movementId, kind: movement.kind, memo: movement.memo ?? null, created_at: now })
    .execute();

  const entries = new Map<string, PostedEntry>();
  const ordered = [...movement.legs].sort((a, b) =>
    a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0,
  );
  for (const leg of ordered) {
    let query = trx
      .updateTable('accounts')
      .set({
        balance: sql<number>`balance + ${leg.amount}`,
        ...runningTotal(leg.amount, movement.kind),
      })
      .where('id', '=', leg.accountId);
    if (leg.amount < 0) {
      // The conditional debit: a wallet row only matches when it can afford the amount.
      query = query.where(sql<boolean>`(kind <> 'wallet' or balance >= ${-leg.amount})`);
    }
    const wallet = leg.accountId.startsWith('wallet:');
    const spends = wallet && leg.amount < 0 && SPENDING_KINDS.has(movement.kind);
    const funds = wallet && leg.amount > 0 && FUNDING_KINDS.has(movement.kind);
    const refunds = wallet && leg.amount > 0 && movement.kind === REFUND_KIND;
    const x = Math.abs(leg.amount);
    if (spends) {
      const out = sql<number>`${usedToday('day_out', day)} + ${x}`;
      query = query
        .set({ day_out: out, day_in: usedToday('day_in', day), limit_day: countedDay(day) })
        .where(within(levelLimit('daily_spending'), out));
    } else if (funds) {
      const into = sql<number>`${usedToday('day_in', day)} + ${x}`;
      query = query
        .set({ day_in: into, day_out: usedToday('day_out', day), limit_day: countedDay(day) })
        .where(within(levelLimit('max_balance'), sql`balance + ${x}`))
        .where(within(levelLimit('daily_funding'), into));
    } else if (refunds) {
      query = query.set({
        // A refund gives its amount back to the day it is dated; a later day's use stays.
        day_out: sql<number>`(case when limit_day > ${day} then day_out when limit_day = ${day} and day_out > ${x} then day_out - ${x} else 0 end)`,
        day_in: usedToday('day_in', day),
        limit_day: countedDay(day),
      });
    }
    let row = await query.returning(['balance']).executeTakeFirst();
    let accountId = leg.accountId;
    if (!row && spends) {
      const s = await walletState(trx, leg.accountId, day);
      if (s.balance < x) throw new InsufficientFunds(leg.accountId);
      throw new SpendingLimitReached(leg.accountId, s.level, s.dailySpending ?? 0);
    }
    if (!row && funds) {
      if (movement.limits === 'refuse') throw new CreditLimitReached(leg.accountId);
      // Held, never lost: the money waits in the held account, told and listed (ADR 0058).
      // The wallet's failed UPDATE took no lock, so taking the held row after it keeps to no
      // order another movement could be waiting on in reverse.
      const s = await walletState(trx, leg.accountId, day);
      const overBalance = s.maxBalance !== null && s.balance + x > s.maxBalance;
      held.push({
        id: randomUUID(),
        userId: s.userId,
        amount: x,
        reason: overBalance ? 'balance' : 'daily_funding',
        level: s.level,
        limit: (overBalance ? s.maxBalance : s.dailyFunding) ?? 0,
      });
      if (held.length > 1) throw new Error('a movement can hold one credit');
      accountId = HELD_CREDITS_ACCOUNT;
      row = await trx
        .updateTable('accounts')
        .set({ balance: sql<number>`balance + ${x}`, ...runningTotal(x, movement.kind) })
        .where('id', '=', accountId)
        .returning(['balance'])
        .executeTakeFirstOrThrow();
    }
    if (!row) throw new InsufficientFunds(leg.accountId);
    const after = Number(row.balance);
    const entry = {
      accountId,
      amount: leg.amount,
      balanceBefore: after - leg.amount,
      balanceAfter: after,
    };
    entries.set(accountId, entry);
  }
  // One statement for every entry (in leg order, so ids keep each account's chain in order).
  await trx
    .insertInto('ledger_entries')
    .values(
      [...entries.values()].map((entry) => ({
        movement_id: movementId,
        account_id: entry.accountId,
        amount: entry.amount,
        balance_before: entry.balanceBefore,
        balance_after: entry.balanceAfter,
        created_at: now,
      })),
    )
    .execute();
  if (held.length > 0) {
    await trx
      .insertInto('held_credits')
      .values(
        held.map((h) => ({
          id: h.id,
          user_id: h.userId,
          amount: h.amount,
          reason: h.reason,
          source: movement.kind,
          memo: movement.memo?.slice(0, 200) ?? null,
          movement_id: movementId,
          status: 'held' as const,
          release_movement_id: null,
          created_at: now,
          released_at: null,
        })),
      )
      .execute();
  }
  return { movementId, entries, held };
}

/**
 * The ledger invariants (decisions §4), as a list of violations (empty = healthy): every
 * movement sums to zero, all entries sum to zero, each account balance equals the sum of its
 * entries, no wallet is negative, each entry continues its account's balance chain. Tests call
 * it after every scenario; `npm run reconcile` and the admin overview report it.
 */
export async function checkInvariants(db: Db): Promise<string[]> {
  /** At most this many problems of each kind are listed (one is enough to act). */
  const LIMIT = 50;
  const problems: string[] = [];
  const total = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('sum'))
    .executeTakeFirstOrThrow();
  if (Number(total.sum) !== 0) problems.push(`entries sum to ${total.sum}, not 0`);

  const unbalanced = await db
    .selectFrom('ledger_entries')
    .select(['movement_id', sql<number>`sum(amount)`.as('sum')])
    .groupBy('movement_id')
    .having(sql`sum(amount)`, '<>', 0)
    .limit(LIMIT)
    .execute();
  for (const m of unbalanced) problems.push(`movement ${m.movement_id} sums to ${m.sum}`);

  // Compared in SQL, so the check costs the same memory on a large ledger.
  const mismatched = await db
    .selectFrom('accounts as a')
    .leftJoin('ledger_entries as e', 'e.account_id', 'a.id')
    .select(['a.id', 'a.balance', sql<number>`coalesce(sum(e.amount), 0)`.as('sum')])
    .groupBy(['a.id', 'a.balance'])
    .having(sql`a.balance`, '<>', sql`coalesce(sum(e.amount), 0)`)
    .limit(LIMIT)
    .execute();
  for (const a of mismatched) {
    problems.push(`account ${a.id} balance ${a.balance} ≠ entries ${a.sum}`);
  }

  const negative = await db
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('kind', '=', 'wallet')
    .where('balance', '<', 0)
    .limit(LIMIT)
    .execute();
  for (const a of negative) problems.push(`wallet ${a.id} is negative (${a.balance})`);

  // Each entry continues its account's chain: before = the previous entry's after (0 first).
  const broken = await sql<{ id: number; balance_before: number; prev: number }>`
    select id, balance_before, prev from (
      select id, balance_before,
        coalesce(lag(balance_after) over (partition by account_id order by id), 0) as prev
      from ledger_entries) chain
    where balance_before <> prev
    order by id
    limit ${LIMIT}`.execute(db);
  for (const e of broken.rows) {
    problems.push(`entry ${e.id} starts at ${e.balance_before}, account was at ${e.prev}`);
  }

  // The held-credits account holds exactly the credits still held (ADR 0058): a credit
  // released twice, or money put there that no held credit names, shows here. One statement,
  // so a release committing meanwhile is seen on both sides or on neither.
  const held = await sql<{ balance: number; held: number }>`
    select
      coalesce((select balance from accounts where id = ${HELD_CREDITS_ACCOUNT}), 0) as balance,
      coalesce((select sum(amount) from held_credits where status = 'held'), 0) as held`.execute(
    db,
  );
  const h = held.rows[0]!;
  if (Number(h.balance) !== Number(h.held)) {
    problems.push(`held credits account balance ${h.balance} ≠ credits still held ${h.held}`);
  }
  return problems;
}
