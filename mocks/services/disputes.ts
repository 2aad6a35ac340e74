import type { PurchaseDispute, Reconciliation } from '@contract';
import { db } from '../db';
import type { DisputeRecord } from '../fixtures/disputes';

/** A dispute as the admin list shows it (ADR 0073): the record and the purchase it names. */
export function disputeView(d: DisputeRecord): PurchaseDispute {
  const t = db.transactions.find((x) => x.transaction_id === d.transaction_id);
  if (!t) throw new Error(`dispute ${d.transaction_id}: no such purchase`);
  return {
    ...d,
    user: t.user,
    user_id: t.user_id,
    product: t.product,
    destination:
      t.transaction_phone ?? t.meter_number ?? t.smart_card_number ?? t.account_id ?? null,
    amount: t.amountCharged,
    provider: 'sandbox-vt',
  };
}

/** Open disputes oldest first, as `npm run reconcile` and the overview's card report them. */
export function openDisputes(): Reconciliation['open_disputes'] {
  return db.disputes
    .filter((d) => d.resolved_at === null)
    .sort((a, b) => a.seen_at - b.seen_at)
    .map(disputeView)
    .map((d) => ({
      transaction_id: d.transaction_id,
      user: d.user,
      product: d.product,
      amount: d.amount,
      ours: d.ours,
      provider_says: d.provider_says,
      provider_code: d.provider_code,
      seen_at: d.seen_at,
    }));
}
