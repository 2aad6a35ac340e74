import type { Recipient, RecipientProduct } from './entities';
import { RECIPIENT_PRODUCTS } from './entities';
import { LIMITS } from './pricing';

/**
 * Recent destinations, derived from the customer's own purchases: the same rule in the mocks
 * (from all their records) and on the server, which keeps each destination's newest standing
 * purchase as purchases change (migration 0032's `recent_recipients`, ADR 0069), so both answer
 * alike whatever the length of the history.
 */

/** What a purchase says about where it went. */
export interface PurchaseDestination {
  product: string;
  status: string;
  /** Epoch ms. */
  date: number;
  service_id?: string | null;
  transaction_phone?: string | null;
  account_id?: string | null;
  smart_card_number?: string | null;
  meter_number?: string | null;
  /** Electricity: the meter type. */
  variation_code?: 'prepaid' | 'postpaid' | null;
}

const isRecipientProduct = (p: string): p is RecipientProduct =>
  (RECIPIENT_PRODUCTS as readonly string[]).includes(p);

/** The number a purchase went to, by product. */
export function destinationOf(tx: PurchaseDestination): string | undefined {
  switch (tx.product) {
    case 'Airtime':
      return tx.transaction_phone ?? undefined;
    case 'Data':
      return tx.transaction_phone ?? tx.account_id ?? undefined;
    case 'CableTV':
      return tx.smart_card_number ?? undefined;
    case 'Electricity':
      return tx.meter_number ?? undefined;
    default:
      return undefined;
  }
}

/** One key per (product, number, provider, meter type): a saved one and a recent one match. */
export function recipientKey(r: {
  product: string;
  destination: string;
  service_id: string;
  variation_code?: string | null;
}): string {
  return [r.product, r.destination, r.service_id, r.variation_code ?? ''].join('|');
}

/**
 * The latest distinct destinations per product, newest first, at most
 * `LIMITS.recentRecipients` each. Failed and reversed purchases are left out (often a wrong
 * number). `txs` must be newest first.
 */
export function recentRecipients(txs: readonly PurchaseDestination[]): Recipient[] {
  const seen = new Set<string>();
  const perProduct = new Map<RecipientProduct, number>();
  const out: Recipient[] = [];
  for (const tx of txs) {
    if (!isRecipientProduct(tx.product)) continue;
    if (tx.status === 'failed' || tx.status === 'reversed' || tx.status === 'cancelled') continue;
    const destination = destinationOf(tx);
    if (!destination || !tx.service_id) continue;
    const recipient: Recipient = {
      id: null,
      product: tx.product,
      destination,
      service_id: tx.service_id,
      variation_code: tx.product === 'Electricity' ? (tx.variation_code ?? 'prepaid') : null,
      name: null,
      last_used: tx.date,
    };
    const key = recipientKey(recipient);
    const count = perProduct.get(tx.product) ?? 0;
    if (seen.has(key) || count >= LIMITS.recentRecipients) continue;
    seen.add(key);
    perProduct.set(tx.product, count + 1);
    out.push(recipient);
  }
  return out;
}
