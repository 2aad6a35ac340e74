import { stampDuty, type Kobo, type StatementKind, type Transaction } from '@contract';
import { db } from '../db';
import type { TransactionRecord } from '../records';
import { customerMessage } from './customer-message';

/**
 * The wallet statement as the server builds it from its ledger (ADR 0045), from the mock's
 * records: each visible transaction, a refund line after each reversed purchase, and a line
 * per completed payment (card or bank transfer), one per card payment that failed or was
 * cancelled (it moved nothing: no balance of its own; ADR 0076), and each withdrawal as the
 * server's `transactions` row of product Withdrawal (naming the holder and bank) with its refund
 * line when it failed or was rejected (ADR 0084, ADR 0089). The mock keeps no ledger, so
 * balances after are replayed backwards from the wallet's balance: the newest line ends on it.
 */
export function statementOf(userId: string): Transaction[] {
  const user = db.users.find((u) => u.id === userId);
  if (!user) return [];
  const lines: { line: Transaction; order: number }[] = [];
  for (const t of db.transactions) {
    if (t.user_id !== userId || t.hidden) continue;
    lines.push({ line: rowLine(t), order: 0 });
    if (t.status === 'reversed' && t.amountCharged > 0) {
      // Listed after its purchase when both share a millisecond (the refund is newer).
      lines.push({ line: refundLine(t), order: 1 });
    }
  }
  for (const p of db.payments) {
    if (p.user_id !== userId) continue;
    if (p.channel === 'card' && (p.status === 'failed' || p.status === 'cancelled')) {
      // A card payment that failed or was cancelled (ADR 0076, migration 0034): a line that
      // moved no money, no balance before or after, its reference.
      lines.push({ order: 0, line: attemptLine(p) });
      continue;
    }
    if (p.status !== 'completed' || p.credited <= 0) continue;
    const duty = stampDuty(p.amount);
    lines.push({
      order: 0,
      line: {
        transaction_id: p.id,
        user: p.user,
        user_id: p.user_id,
        date: p.date_of_payment,
        product: 'Funding',
        value: p.amount,
        status: 'successful',
        direction: 'credit',
        amountCharged: 0,
        balance_before: 0,
        balance_after: 0,
        kind: p.channel === 'card' ? 'card_funding' : 'bank_transfer',
        amount: p.credited,
        stamp_duty: duty,
        fee: Math.max(0, p.amount - p.credited - duty),
        reference: p.t_id,
      },
    });
  }
  for (const a of db.adjustments) {
    if (a.user_id !== userId || a.status !== 'approved' || a.decided_at === null) continue;
    // The money moved when it was approved (at once below the threshold).
    lines.push({
      order: 0,
      line: {
        transaction_id: a.id,
        user: a.user,
        user_id: a.user_id,
        date: a.decided_at,
        product: 'Adjustment',
        value: a.amount,
        status: 'successful',
        direction: a.direction,
        amountCharged: 0,
        balance_before: 0,
        balance_after: 0,
        kind: 'adjustment',
        amount: a.amount,
        reason: a.reason,
        reference: a.reference,
      },
    });
  }
  for (const w of db.withdrawals.withdrawals) {
    if (w.user_id !== userId) continue;
    const line = withdrawalLine(w);
    lines.push({ order: 0, line });
    if (line.status === 'reversed') {
      lines.push({ order: 1, line: withdrawalRefundLine(line, w.updated_at) });
    }
  }
  lines.sort((a, b) => b.line.date - a.line.date || b.order - a.order);
  let balance: Kobo = user.wallet_balance;
  return lines.map(({ line }) => {
    if (line.kind === 'card_funding' && line.amount === 0) return line;
    const moved = line.amount ?? 0;
    const before = line.direction === 'credit' ? balance - moved : balance + moved;
    const out = { ...line, balance_before: before, balance_after: balance };
    balance = before;
    return out;
  });
}

/** A withdrawal as the server's statement line of its `transactions` row (ADR 0084). */
function withdrawalLine(w: (typeof db.withdrawals.withdrawals)[number]): Transaction {
  const status =
    w.status === 'successful'
      ? 'successful'
      : w.status === 'failed' || w.status === 'refunded'
        ? 'reversed'
        : 'pending';
  return {
    transaction_id: w.id,
    user: w.user,
    user_id: w.user_id,
    date: w.created_at,
    product: 'Withdrawal',
    plan: w.bank_name,
    service_id: w.bank_code,
    account_id: w.account_number,
    customerName: w.account_name,
    counterparty: `${w.account_name}, ${w.bank_name}`,
    value: w.amount,
    status,
    direction: 'debit',
    amountCharged: w.total,
    balance_before: 0,
    balance_after: 0,
    kind: 'purchase',
    amount: w.total,
    ...(w.reason ? { response_msg: w.reason } : {}),
    ...(status === 'reversed' ? { refund: { amount: w.total, date: w.updated_at } } : {}),
  };
}

function withdrawalRefundLine(line: Transaction, date: number): Transaction {
  return {
    transaction_id: `${line.transaction_id}-refund`,
    user: line.user,
    user_id: line.user_id,
    date,
    product: 'Withdrawal',
    plan: line.plan,
    account_id: line.account_id,
    value: line.amountCharged,
    status: 'reversed',
    direction: 'credit',
    amountCharged: 0,
    balance_before: 0,
    balance_after: 0,
    kind: 'refund',
    amount: line.amountCharged,
    refund_of: line.transaction_id,
  };
}

function attemptLine(p: (typeof db.payments)[number]): Transaction {
  return {
    transaction_id: p.id,
    user: p.user,
    user_id: p.user_id,
    date: p.date_of_payment,
    product: 'Funding',
    value: p.amount,
    status: p.status === 'cancelled' ? 'cancelled' : 'failed',
    direction: 'credit',
    amountCharged: 0,
    balance_before: 0,
    balance_after: 0,
    kind: 'card_funding',
    amount: 0,
    reference: p.t_id,
  };
}

function rowKind(t: TransactionRecord): StatementKind {
  if (t.product === 'Transfer') return t.direction === 'credit' ? 'share_in' : 'share_out';
  return t.product === 'Coupon' ? 'coupon' : 'purchase';
}

function rowLine(t: TransactionRecord): Transaction {
  const { hidden: _hidden, providers_tried: _tried, response_msg: _words, ...rest } = t;
  // The customer's words for the row (ADR 0074: a plain sentence, never the provider's).
  const message = customerMessage(t);
  const row = message === undefined ? rest : { ...rest, response_msg: message };
  const other = t.counterparty ? db.users.find((u) => u.email === t.counterparty) : undefined;
  return {
    ...row,
    kind: rowKind(t),
    // A cancelled purchase charged nothing; a coupon redemption moves no wallet money.
    amount: t.status === 'cancelled' ? 0 : t.amountCharged,
    ...(other ? { counterparty_name: other.name } : {}),
    ...(t.status === 'reversed'
      ? { refund: t.refund ?? { amount: t.amountCharged, date: t.date } }
      : {}),
  };
}

function refundLine(t: TransactionRecord): Transaction {
  const refund = t.refund ?? { amount: t.amountCharged, date: t.date };
  const copied = {
    plan: t.plan,
    service_id: t.service_id,
    transaction_phone: t.transaction_phone,
    meter_number: t.meter_number,
    smart_card_number: t.smart_card_number,
    account_id: t.account_id,
    quantity: t.quantity,
    customerName: t.customerName,
  };
  return {
    ...(Object.fromEntries(
      Object.entries(copied).filter(([, v]) => v !== undefined),
    ) as Partial<Transaction>),
    transaction_id: `${t.transaction_id}-refund`,
    user: t.user,
    user_id: t.user_id,
    date: refund.date,
    product: t.product,
    value: refund.amount,
    status: 'reversed',
    direction: 'credit',
    amountCharged: 0,
    balance_before: 0,
    balance_after: 0,
    kind: 'refund',
    amount: refund.amount,
    refund_of: t.transaction_id,
  };
}

/** The overview's totals (ADR 0045): spent net of refunds, and received other than refunds. */
export function statementTotals(lines: Transaction[]): { spent: Kobo; received: Kobo } {
  let out = 0;
  let refunded = 0;
  let received = 0;
  for (const l of lines) {
    const amount = l.amount ?? 0;
    if (l.direction === 'debit') out += amount;
    else if (l.kind === 'refund') refunded += amount;
    else received += amount;
  }
  return { spent: Math.max(0, out - refunded), received };
}

/** A statement search: the history's (an id or a destination), a reference or a refund's purchase. */
export function matchesStatementSearch(l: Transaction, q: string | undefined): boolean {
  if (!q) return true;
  return (
    [
      l.transaction_id,
      l.transaction_phone,
      l.meter_number,
      l.smart_card_number,
      l.account_id,
      l.reference,
      l.refund_of,
    ].includes(q) || l.counterparty === q.toLowerCase()
  );
}
