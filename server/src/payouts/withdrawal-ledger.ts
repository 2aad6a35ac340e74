/**
 * How a withdrawal's money is booked (ADR 0089): the debit takes the whole cost from the wallet
 * and books each part where it belongs (the amount on Flutterwave's float, our fee as income,
 * the stamp duty as payable); a refund is the debit's own entries turned round, so it gives
 * back exactly what that debit booked, whichever way it was booked when it was made.
 */
import type { WithdrawalCost } from '@contract';
import type { Db } from '../platform/db/index.ts';
import {
  providerFloatAccountId,
  systemAccountId,
  walletAccountId,
  type Leg,
} from '../wallet/ledger.ts';

/** The debit's legs: the wallet pays the total; nothing of the fee is left on the float. */
export function withdrawalDebitLegs(userId: string, id: string, cost: WithdrawalCost): Leg[] {
  const legs: Leg[] = [
    { accountId: walletAccountId(userId), amount: -cost.total },
    { accountId: providerFloatAccountId(id), amount: cost.amount },
  ];
  if (cost.fee > 0) legs.push({ accountId: systemAccountId('fees_income'), amount: cost.fee });
  if (cost.duty > 0)
    legs.push({ accountId: systemAccountId('stamp_duty_payable'), amount: cost.duty });
  return legs;
}

/**
 * The refund's legs: every entry of the withdrawal's debit movement, negated. A withdrawal
 * debited before the fee was booked as income (fee on the float) is refunded from the float.
 */
export async function withdrawalRefundLegs(trx: Db, id: string): Promise<Leg[]> {
  const entries = await trx
    .selectFrom('transactions as t')
    .innerJoin('ledger_entries as e', 'e.movement_id', 't.movement_id')
    .select(['e.account_id', 'e.amount'])
    .where('t.id', '=', id)
    .orderBy('e.id')
    .execute();
  if (entries.length === 0) throw new Error(`withdrawal ${id} has no debit to refund`);
  return entries.map((e) => ({ accountId: e.account_id, amount: -Number(e.amount) }));
}
