/**
 * The customer's wallet statement (ADR 0045): one line per movement of their wallet account,
 * read from the ledger, so a funding, a bank transfer or a refund is a line as a purchase is,
 * and every line's balance after is the ledger entry's. Purchases, shares and coupons keep
 * their transaction rows (the spec's fields); a purchase paid by coupon moves no wallet money
 * but stays a line of the history, with amount 0.
 */
import { customerPlanName } from '@contract/plan-names';
import {
  CURRENT_USER_RECENT,
  type StatementKind,
  type Transaction,
  type TransactionStatus,
} from '@contract';
import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../platform/db/index.ts';
import { queryShape } from '../platform/db/query-shape.ts';
import { systemAccountId, walletAccountId } from './ledger.ts';
import { attemptWhere } from '../../migrations/0034-failed-card-attempts-told.ts';
import { heldKindSql, heldProductSql } from '../../migrations/0035-held-credits-told.ts';
import { countRows, paged } from '../platform/paging.ts';
import { toTransaction } from './transaction-view.ts';
import type { UserRow } from '../platform/db/schema.ts';

export interface StatementQuery {
  page: number;
  limit: number;
  q?: string;
  status?: TransactionStatus;
  product?: string;
  kind?: StatementKind;
}

/**
 * Movements whose wallet leg is told by a transaction row of the customer's own (its line
 * comes from that row); a wallet entry of any other movement is a line of its own.
 */
const ROW_KINDS = ['purchase', 'coupon_redemption', 'share', 'coupon_purchase'];

/** A wallet entry's line kind from its movement's kind; unknown kinds are adjustments. */
const entryKind = sql<string>`case m.kind
  when 'card_funding' then 'card_funding'
  when 'transfer_funding' then 'bank_transfer'
  when 'reversal' then 'refund'
  when 'commission' then 'commission'
  else 'adjustment' end`;

const rowKind = sql<string>`case
  when t.product = 'Transfer' and t.direction = 'credit' then 'share_in'
  when t.product = 'Transfer' then 'share_out'
  when t.product = 'Coupon' then 'coupon'
  else 'purchase' end`;

/**
 * A search's keys, one per line, derived from the rows (a search matches on the destination or
 * a movement's memo, which `statement_lines` does not keep): `src` tells whether `ref` is a
 * transaction id or a ledger entry id, `seq` is the wallet entry (ledger order when two lines
 * share a millisecond). It walks the customer's rows: a search, not a page load (ADR 0069).
 */
function searchKeys(db: Db, userId: string, q: string) {
  const wallet = walletAccountId(userId);
  const rows = db
    .selectFrom('transactions as t')
    .leftJoin('ledger_entries as we', (join) =>
      join.onRef('we.movement_id', '=', 't.movement_id').on('we.account_id', '=', wallet),
    )
    .select([
      sql<string>`t.id`.as('ref'),
      sql<string>`'tx'`.as('src'),
      sql<number>`t.created_at`.as('created_at'),
      sql<number>`coalesce(we.id, 0)`.as('seq'),
      sql<string>`t.status`.as('status'),
      sql<string>`t.product`.as('product'),
      rowKind.as('kind'),
    ])
    .where('t.user_id', '=', userId)
    .where('t.deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('t.id', '=', q),
        eb('t.transaction_phone', '=', q),
        eb('t.meter_number', '=', q),
        eb('t.smart_card_number', '=', q),
        eb('t.account_id', '=', q),
        eb('t.counterparty', '=', q.toLowerCase()),
      ]),
    );
  const entries = db
    .selectFrom('ledger_entries as e')
    .innerJoin('movements as m', 'm.id', 'e.movement_id')
    .leftJoin('transactions as r', (join) =>
      join.onRef('r.id', '=', 'm.memo').on('m.kind', '=', 'reversal'),
    )
    .select([
      sql<string>`cast(e.id as varchar(24))`.as('ref'),
      sql<string>`'entry'`.as('src'),
      sql<number>`e.created_at`.as('created_at'),
      sql<number>`e.id`.as('seq'),
      sql<string>`case when m.kind = 'reversal' then 'reversed' else 'successful' end`.as('status'),
      sql<string>`case
        when m.kind = 'reversal' then coalesce(r.product, 'Adjustment')
        when m.kind in ('card_funding', 'transfer_funding') then 'Funding'
        when m.kind = 'commission' then 'Commission'
        else 'Adjustment' end`.as('product'),
      entryKind.as('kind'),
    ])
    .where('e.account_id', '=', wallet)
    .where('m.kind', 'not in', ROW_KINDS)
    // A refund follows its purchase out of the history when the customer hides it.
    .where((eb) => eb.or([eb('r.id', 'is', null), eb('r.deleted', '=', 0)]))
    // A purchase's id finds its refund too; a funding's reference (tx_ref) finds it.
    .where('m.memo', '=', q);
  // A credit still held (ADR 0076) by its funding's reference.
  const held = db
    .selectFrom('held_credits as h')
    .select([
      sql<string>`h.id`.as('ref'),
      sql<string>`'held'`.as('src'),
      sql<number>`h.created_at`.as('created_at'),
      sql<number>`0`.as('seq'),
      sql<string>`'pending'`.as('status'),
      sql<string>`${sql.raw(heldProductSql('h.source'))}`.as('product'),
      sql<string>`${sql.raw(heldKindSql('h.source'))}`.as('kind'),
    ])
    .where('h.user_id', '=', userId)
    .where('h.status', '=', 'held')
    .where('h.memo', '=', q);
  // A failed or cancelled card attempt (ADR 0076) by its payment's reference, as the
  // customer's bank or the checkout shows it.
  const attempts = db
    .selectFrom('payments as p')
    .select([
      sql<string>`p.id`.as('ref'),
      sql<string>`'attempt'`.as('src'),
      sql<number>`p.created_at`.as('created_at'),
      sql<number>`0`.as('seq'),
      sql<string>`p.status`.as('status'),
      sql<string>`'Funding'`.as('product'),
      sql<string>`'card_funding'`.as('kind'),
    ])
    .where('p.user_id', '=', userId)
    .where(sql<boolean>`${sql.raw(attemptWhere('p'))}`)
    .where('p.tx_ref', '=', q);
  return db.selectFrom(rows.unionAll(entries).unionAll(held).unionAll(attempts).as('s'));
}

/**
 * One page of the customer's statement, newest first, filtered (HistoryQuery). Without a search,
 * a walk of `statement_lines` in its index order that stops at the page, and the total from
 * `statement_counts` (migration 0027, ADR 0069): the same cost at ten lines or a hundred
 * thousand. A search derives the lines from the rows (`searchKeys`).
 */
export async function statementPage(ctx: AppContext, user: UserRow, query: StatementQuery) {
  if (query.q) return searchPage(ctx, user, query, query.q);
  let lines = ctx.db
    .selectFrom('statement_lines')
    .where('user_id', '=', user.id)
    .where(sql<boolean>`hidden = 0`);
  let counts = ctx.db
    .selectFrom('statement_counts')
    .select((eb) => eb.fn.sum<number>('n').as('n'))
    .where('user_id', '=', user.id);
  for (const column of ['status', 'product', 'kind'] as const) {
    const value = query[column];
    if (value === undefined) continue;
    lines = lines.where(column, '=', value);
    counts = counts.where(column, '=', value);
  }
  const [count, keys] = await Promise.all([
    counts.executeTakeFirst(),
    lines
      .select(['ref', 'src'])
      .orderBy('created_at', 'desc')
      .orderBy('seq', 'desc')
      .orderBy('ref', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return paged(await statementLines(ctx.db, user, keys), query, Number(count?.n ?? 0));
}

async function searchPage(ctx: AppContext, user: UserRow, query: StatementQuery, q: string) {
  let base = searchKeys(ctx.db, user.id, q);
  const filter = (column: 's.status' | 's.product' | 's.kind', value: string | undefined) => {
    if (value !== undefined) base = base.where(column, '=', value);
  };
  filter('s.status', query.status);
  filter('s.product', query.product);
  filter('s.kind', query.kind);
  const [total, keys] = await Promise.all([
    countRows(base),
    base
      .select(['s.ref', 's.src'])
      .orderBy('s.created_at', 'desc')
      .orderBy('s.seq', 'desc')
      .orderBy('s.ref', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  return paged(await statementLines(ctx.db, user, keys), query, total);
}

const newestLines = queryShape((db, userId: string) =>
  db
    .selectFrom('statement_lines')
    .select(['ref', 'src'])
    .where('user_id', '=', userId)
    .where(sql<boolean>`hidden = 0`)
    .orderBy('created_at', 'desc')
    .orderBy('seq', 'desc')
    .orderBy('ref', 'desc')
    .limit(CURRENT_USER_RECENT),
);

/** The newest lines of the statement (the overview's last five): one index walk. */
export async function recentLines(db: Db, user: UserRow) {
  return statementLines(db, user, await newestLines(db, user.id));
}

/** The lines for a page's keys, in the keys' order. */
async function statementLines(
  db: Db,
  user: UserRow,
  keys: { ref: string; src: string }[],
): Promise<Transaction[]> {
  const txIds = keys.filter((k) => k.src === 'tx').map((k) => k.ref);
  const entryIds = keys.filter((k) => k.src === 'entry').map((k) => Number(k.ref));
  const heldIds = keys.filter((k) => k.src === 'held').map((k) => k.ref);
  const attemptIds = keys.filter((k) => k.src === 'attempt').map((k) => k.ref);
  const [txLines, entryLines, held, attempts] = await Promise.all([
    rowLines(db, user, txIds),
    walletEntryLines(db, user, entryIds),
    heldLines(db, user, heldIds),
    attemptLines(db, user, attemptIds),
  ]);
  return keys.flatMap((k) => {
    const line =
      k.src === 'tx'
        ? txLines.get(k.ref)
        : k.src === 'held'
          ? held.get(k.ref)
          : k.src === 'attempt'
            ? attempts.get(k.ref)
            : entryLines.get(Number(k.ref));
    return line ? [line] : [];
  });
}

/** Purchases, coupons and shares: the transaction row, its wallet leg and the other party. */
async function rowLines(db: Db, user: UserRow, ids: string[]) {
  const lines = new Map<string, Transaction>();
  if (!ids.length) return lines;
  const wallet = walletAccountId(user.id);
  const rows = await db
    .selectFrom('transactions as t')
    .leftJoin('ledger_entries as we', (join) =>
      join.onRef('we.movement_id', '=', 't.movement_id').on('we.account_id', '=', wallet),
    )
    .selectAll('t')
    .select(['we.amount as wallet_amount'])
    .where('t.id', 'in', ids)
    .execute()
    // The ids are the customer's own lines; checked here rather than in SQL, where SQLite
    // would walk the customer's whole history by `user_id` instead of the ids' primary key.
    .then((found) => found.filter((r) => r.user_id === user.id));
  const emails = [
    ...new Set(
      rows.filter((r) => r.product === 'Transfer' && r.counterparty).map((r) => r.counterparty!),
    ),
  ];
  const names = new Map(
    emails.length
      ? (
          await db
            .selectFrom('users')
            .select(['email', 'name'])
            .where('email', 'in', emails)
            .execute()
        ).map((u) => [u.email, u.name])
      : [],
  );
  for (const row of rows) {
    const tx = toTransaction(row, user.email);
    const kind: StatementKind =
      row.product === 'Transfer'
        ? row.direction === 'credit'
          ? 'share_in'
          : 'share_out'
        : row.product === 'Coupon'
          ? 'coupon'
          : 'purchase';
    const name = row.counterparty ? names.get(row.counterparty) : undefined;
    lines.set(row.id, {
      ...tx,
      kind,
      amount: Math.abs(Number(row.wallet_amount ?? 0)),
      ...(name ? { counterparty_name: name } : {}),
      // A refund is written with the row's move to `reversed` (reversal.ts), in one transaction.
      ...(row.status === 'reversed'
        ? {
            refund: {
              amount: Number(row.paid_amount) || Number(row.amount_charged),
              date: Number(row.updated_at),
            },
          }
        : {}),
    });
  }
  return lines;
}

/** Lines of wallet entries with no transaction row: funding, refunds, commission, adjustments. */
async function walletEntryLines(db: Db, user: UserRow, ids: number[]) {
  const lines = new Map<number, Transaction>();
  if (!ids.length) return lines;
  const rows = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('movements as m', 'm.id', 'e.movement_id')
    .leftJoin('payments as p', 'p.movement_id', 'e.movement_id')
    .leftJoin('adjustments as adj', 'adj.movement_id', 'e.movement_id')
    // A released credit (ADR 0076): the held credit (the movement's memo, its key) and the
    // card payment or bank transfer it came from (the held credit's memo, their tx_ref).
    .leftJoin('held_credits as hc', (join) =>
      join.onRef('hc.id', '=', 'm.memo').on('m.kind', '=', 'held_release'),
    )
    .leftJoin('payments as hp', (join) =>
      join
        .onRef('hp.tx_ref', '=', 'hc.memo')
        .on('hc.source', 'in', ['card_funding', 'transfer_funding'])
        .on('hp.user_id', '=', user.id),
    )
    .leftJoin('transactions as r', (join) =>
      join.onRef('r.id', '=', 'm.memo').on('m.kind', '=', 'reversal').on('r.user_id', '=', user.id),
    )
    .select([
      'e.id',
      'e.movement_id',
      'e.amount',
      'e.balance_before',
      'e.balance_after',
      'e.created_at',
      'm.kind',
      'p.id as payment_id',
      'p.amount as paid',
      'p.credited',
      'p.tx_ref',
      'r.id as purchase_id',
      'r.product as purchase_product',
      'r.plan',
      'r.service_id',
      'r.transaction_phone',
      'r.meter_number',
      'r.smart_card_number',
      'r.account_id',
      'r.quantity',
      'r.customer_name',
      'adj.reason',
      'adj.reference as adjustment_reference',
      'hc.source as held_source',
      'hc.reason as held_reason',
      'hc.created_at as held_at',
      'hc.released_at',
      'hc.movement_id as held_movement_id',
      'hp.id as held_payment_id',
      'hp.amount as held_paid',
      'hp.credited as held_credited',
      'hp.tx_ref as held_tx_ref',
    ])
    .where('e.id', 'in', ids)
    .where('e.account_id', '=', walletAccountId(user.id))
    .execute();
  const fundings = rows.flatMap((r) =>
    r.payment_id !== null
      ? [r.movement_id]
      : r.held_payment_id !== null && r.held_movement_id !== null
        ? [r.held_movement_id]
        : [],
  );
  const duties = new Map(
    fundings.length
      ? (
          await db
            .selectFrom('ledger_entries')
            .select(['movement_id', 'amount'])
            .where('movement_id', 'in', fundings)
            .where('account_id', '=', systemAccountId('stamp_duty_payable'))
            .execute()
        ).map((d) => [d.movement_id, Number(d.amount)])
      : [],
  );
  const opt = <T>(v: T | null) => (v === null ? undefined : v);
  for (const row of rows) {
    const amount = Math.abs(Number(row.amount));
    const kind =
      row.kind === 'held_release' && row.held_source !== null
        ? heldKind(row.held_source)
        : lineKind(row.kind);
    // A released credit reads as the funding it came from (ADR 0076).
    const payment =
      row.payment_id !== null
        ? {
            id: row.payment_id,
            paid: row.paid,
            credited: row.credited,
            txRef: row.tx_ref,
            movementId: row.movement_id,
          }
        : row.held_payment_id !== null
          ? {
              id: row.held_payment_id,
              paid: row.held_paid,
              credited: row.held_credited,
              txRef: row.held_tx_ref,
              movementId: row.held_movement_id ?? '',
            }
          : null;
    const line: Transaction = {
      // A funding line answers its payment's id; any other line its movement's.
      transaction_id: payment?.id ?? row.movement_id,
      user: user.email,
      user_id: user.id,
      date: Number(row.created_at),
      product:
        kind === 'refund'
          ? ((row.purchase_product ?? 'Adjustment') as Transaction['product'])
          : kind === 'card_funding' || kind === 'bank_transfer'
            ? 'Funding'
            : kind === 'commission'
              ? 'Commission'
              : kind === 'share_in'
                ? 'Transfer'
                : 'Adjustment',
      value: amount,
      status: kind === 'refund' ? 'reversed' : 'successful',
      direction: Number(row.amount) < 0 ? 'debit' : 'credit',
      // Nothing was charged: money came in (or an adjustment took it out).
      amountCharged: 0,
      balance_before: Number(row.balance_before),
      balance_after: Number(row.balance_after),
      kind,
      amount,
    };
    if (payment !== null) {
      const paid = Number(payment.paid);
      const duty = duties.get(payment.movementId) ?? 0;
      line.value = paid;
      line.stamp_duty = duty;
      // What the provider kept that the customer bore (zero when the business bears it).
      line.fee = Math.max(0, paid - Number(payment.credited) - duty);
      line.reference = opt(payment.txRef);
    }
    if (row.kind === 'held_release' && row.held_reason !== null) {
      line.held = {
        status: 'released',
        reason: row.held_reason,
        amount,
        held_at: Number(row.held_at),
        released_at: row.released_at === null ? Number(row.created_at) : Number(row.released_at),
      };
    }
    if (kind === 'adjustment' && row.reason !== null) {
      // An admin's adjustment (ADR 0050): the customer reads why, and the admin's reference.
      line.reason = row.reason;
      line.reference = opt(row.adjustment_reference);
    }
    if (kind === 'refund' && row.purchase_id) {
      Object.assign(line, {
        refund_of: row.purchase_id,
        // The plan by the name its purchase line shows (ADR 0077), not the provider's.
        plan: customerPlanName(row.purchase_product ?? '', opt(row.plan)),
        service_id: opt(row.service_id),
        transaction_phone: opt(row.transaction_phone),
        meter_number: opt(row.meter_number),
        smart_card_number: opt(row.smart_card_number),
        account_id: opt(row.account_id),
        quantity: row.quantity === null ? undefined : Number(row.quantity),
        customerName: opt(row.customer_name),
      });
      for (const key of Object.keys(line) as (keyof Transaction)[]) {
        if (line[key] === undefined) delete line[key];
      }
    }
    lines.set(Number(row.id), line);
  }
  return lines;
}

/**
 * Held credits (ADR 0076): the line of a credit a level's limit held, while it waits. It moved
 * no wallet money: amount 0, the balance before and after not known from it (0), the value the
 * money paid (a card payment's or bank transfer's amount, else the credit).
 */
async function heldLines(db: Db, user: UserRow, ids: string[]) {
  const lines = new Map<string, Transaction>();
  if (!ids.length) return lines;
  const rows = await db
    .selectFrom('held_credits as h')
    .leftJoin('payments as p', (join) =>
      join
        .onRef('p.tx_ref', '=', 'h.memo')
        .on('h.source', 'in', ['card_funding', 'transfer_funding'])
        .on('p.user_id', '=', user.id),
    )
    // Who sent a held share (the sender's debit line of the same movement), and why an admin
    // credited a held adjustment: the line names them, as a released one does.
    .leftJoin('transactions as st', (join) =>
      join
        .onRef('st.movement_id', '=', 'h.movement_id')
        .on('h.source', '=', 'share')
        .on('st.direction', '=', 'debit'),
    )
    .leftJoin('users as su', 'su.id', 'st.user_id')
    .leftJoin('adjustments as adj', (join) =>
      join.onRef('adj.movement_id', '=', 'h.movement_id').on('h.source', '=', 'adjustment'),
    )
    .select([
      'su.email as sender_email',
      'su.name as sender_name',
      'adj.reason as adjustment_reason',
      'adj.reference as adjustment_reference',
    ])
    .select([
      'h.id',
      'h.amount',
      'h.reason',
      'h.source',
      'h.status',
      'h.created_at',
      'h.released_at',
      'h.movement_id',
      'p.amount as paid',
      'p.tx_ref',
    ])
    .select('h.user_id')
    .where('h.id', 'in', ids)
    .execute()
    // The customer's own, checked here (by the ids' primary key in SQL), as rowLines does.
    .then((found) => found.filter((r) => r.user_id === user.id));
  const paidBy = rows.filter((r) => r.tx_ref !== null).map((r) => r.movement_id);
  const duties = new Map(
    paidBy.length
      ? (
          await db
            .selectFrom('ledger_entries')
            .select(['movement_id', 'amount'])
            .where('movement_id', 'in', paidBy)
            .where('account_id', '=', systemAccountId('stamp_duty_payable'))
            .execute()
        ).map((d) => [d.movement_id, Number(d.amount)])
      : [],
  );
  for (const row of rows) {
    const kind = heldKind(row.source);
    const credit = Number(row.amount);
    const line: Transaction = {
      transaction_id: row.id,
      user: user.email,
      user_id: user.id,
      date: Number(row.created_at),
      product:
        kind === 'card_funding' || kind === 'bank_transfer'
          ? 'Funding'
          : kind === 'share_in'
            ? 'Transfer'
            : 'Adjustment',
      value: row.paid === null ? credit : Number(row.paid),
      status: 'pending',
      direction: 'credit',
      amountCharged: 0,
      balance_before: 0,
      balance_after: 0,
      kind,
      amount: 0,
      held: {
        status: row.status,
        reason: row.reason,
        amount: credit,
        held_at: Number(row.created_at),
        released_at: row.released_at === null ? null : Number(row.released_at),
      },
    };
    if (row.sender_email !== null) {
      line.counterparty = row.sender_email;
      if (row.sender_name) line.counterparty_name = row.sender_name;
    }
    if (row.adjustment_reason !== null) {
      line.reason = row.adjustment_reason;
      if (row.adjustment_reference) line.reference = row.adjustment_reference;
    }
    if (row.tx_ref !== null) {
      const duty = duties.get(row.movement_id) ?? 0;
      line.reference = row.tx_ref;
      line.stamp_duty = duty;
      line.fee = Math.max(0, Number(row.paid) - credit - duty);
    }
    lines.set(row.id, line);
  }
  return lines;
}

/**
 * Failed and cancelled card attempts (ADR 0076, migration 0034): the customer paid nothing, or
 * cancelled the checkout. Like a held credit's line it moved no wallet money: amount 0, no
 * balance before or after (0), the value what the checkout asked, the payment's reference.
 */
async function attemptLines(db: Db, user: UserRow, ids: string[]) {
  const lines = new Map<string, Transaction>();
  if (!ids.length) return lines;
  const rows = await db
    .selectFrom('payments')
    .select(['id', 'user_id', 'tx_ref', 'amount', 'status', 'created_at'])
    .where('id', 'in', ids)
    .execute()
    // The customer's own, checked here (by the ids' primary key in SQL), as rowLines does.
    .then((found) => found.filter((r) => r.user_id === user.id));
  for (const row of rows) {
    lines.set(row.id, {
      transaction_id: row.id,
      user: user.email,
      user_id: user.id,
      date: Number(row.created_at),
      product: 'Funding',
      value: Number(row.amount),
      status: row.status === 'cancelled' ? 'cancelled' : 'failed',
      direction: 'credit',
      amountCharged: 0,
      balance_before: 0,
      balance_after: 0,
      kind: 'card_funding',
      amount: 0,
      reference: row.tx_ref,
    });
  }
  return lines;
}

/** A held credit's line kind by its source (the movement kind that was held; migration 0035). */
function heldKind(source: string): StatementKind {
  switch (source) {
    case 'card_funding':
      return 'card_funding';
    case 'transfer_funding':
      return 'bank_transfer';
    case 'share':
      return 'share_in';
    default:
      return 'adjustment';
  }
}

function lineKind(movementKind: string): StatementKind {
  switch (movementKind) {
    case 'card_funding':
      return 'card_funding';
    case 'transfer_funding':
      return 'bank_transfer';
    case 'reversal':
      return 'refund';
    case 'commission':
      return 'commission';
    default:
      return 'adjustment';
  }
}

const walletRow = queryShape((db, accountId: string) =>
  db
    .selectFrom('accounts')
    .select(['balance', 'debited', 'received', 'refunded'])
    .where('id', '=', accountId),
);

/**
 * The wallet's balance and the overview's totals, from the wallet's row (the ledger moves them
 * with the balance; migration 0027, ADR 0069): spent is what left the wallet net of refunds,
 * received what came in other than refunds (ADR 0045).
 */
export async function walletTotals(db: Db, userId: string) {
  const [row] = await walletRow(db, walletAccountId(userId));
  return {
    balance: Number(row?.balance ?? 0),
    spent: Math.max(0, Number(row?.debited ?? 0) - Number(row?.refunded ?? 0)),
    received: Number(row?.received ?? 0),
  };
}
