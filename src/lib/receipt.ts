import type { Transaction } from '@contract/entities';
import { brand } from '@/config/brand';
import { formatDateTime } from './dates';
import { formatNaira } from './money';
import type { ReceiptContent } from './receipt-content';
import { isCredit, isRefunded, lineLabel, movedAmount } from './statement';

/**
 * A receipt a customer can share (customers send receipts on WhatsApp): what it says,
 * and sharing it as a PNG image. The drawing code (receipt-image.ts) loads only when a receipt
 * is shared, so no page pays for it up front.
 */

export type { ReceiptContent };

const STATUS_WORDS: Record<Transaction['status'], string> = {
  successful: 'Successful',
  pending: 'Pending',
  failed: 'Failed',
  // A reversed purchase gave the money back: the customer's word for it.
  reversed: 'Refunded',
  cancelled: 'Cancelled',
};

type Rows = ([string, string] | false | undefined)[];

/** What the money did: charged for a purchase, refunded, received, or credited by a funding. */
function moneyRows(tx: Transaction): Rows {
  const other = tx.counterparty_name
    ? `${tx.counterparty_name} (${tx.counterparty ?? ''})`.replace(' ()', '')
    : tx.counterparty;
  switch (tx.kind) {
    case 'card_funding':
    case 'bank_transfer':
      return [
        ['Paid in', formatNaira(tx.value)],
        !!tx.fee && ['Fee', formatNaira(tx.fee)],
        !!tx.stamp_duty && ['Stamp duty', formatNaira(tx.stamp_duty)],
        ['Credited', formatNaira(movedAmount(tx))],
        !!tx.reference && ['Payment reference', tx.reference],
      ];
    case 'refund':
      return [
        ['Refunded', formatNaira(movedAmount(tx))],
        !!tx.refund_of && ['Refund of', tx.refund_of],
      ];
    case 'share_in':
      return [!!other && ['From', other], ['Received', formatNaira(movedAmount(tx))]];
    case 'share_out':
      return [!!other && ['To', other], ['Sent', formatNaira(movedAmount(tx))]];
    case 'commission':
    case 'adjustment':
      return [[isCredit(tx) ? 'Credited' : 'Debited', formatNaira(movedAmount(tx))]];
    default:
      // A purchase (or an answer from before the statement, which has no kind).
      if (tx.kind === undefined && tx.counterparty) {
        return [
          [isCredit(tx) ? 'From' : 'Recipient', tx.counterparty],
          [isCredit(tx) ? 'Received' : 'Amount charged', formatNaira(tx.amountCharged)],
        ];
      }
      if (isRefunded(tx) && tx.refund) {
        return [
          ['Refunded', formatNaira(tx.refund.amount)],
          ['Refunded on', formatDateTime(tx.refund.date)],
        ];
      }
      if (isRefunded(tx)) return [['Refunded', formatNaira(tx.amountCharged)]];
      return [['Amount charged', formatNaira(tx.amountCharged)]];
  }
}

/** What the receipt shows for a transaction or statement line (ADR 0045). */
export function receiptContent(tx: Transaction): ReceiptContent {
  const label = lineLabel(tx);
  const product = tx.kind === undefined || tx.kind === 'purchase' || tx.kind === 'coupon';
  const rows: Rows = [
    product ? ['Product', tx.plan ? `${tx.product} · ${tx.plan}` : tx.product] : false,
    tx.kind === 'refund' && ['Product', tx.plan ? `${tx.product} · ${tx.plan}` : tx.product],
    !!tx.transaction_phone && ['Phone', tx.transaction_phone],
    !!tx.meter_number && ['Meter number', tx.meter_number],
    !!tx.smart_card_number && ['Smart card', tx.smart_card_number],
    !!tx.account_id && ['Account ID', tx.account_id],
    !!tx.customerName && ['Customer', tx.customerName],
    !!tx.token && ['Token', tx.token],
    !!tx.units && ['Units', tx.units],
    !!tx.purchased_code && ['Pin', tx.purchased_code],
    ...moneyRows(tx),
    ['Reference', tx.transaction_id],
    ['Date', formatDateTime(tx.date)],
  ];
  return {
    brand: brand.name,
    title: `${product ? tx.product : label} receipt`,
    amount: formatNaira(product ? tx.value : movedAmount(tx)),
    status: STATUS_WORDS[tx.status],
    rows: rows.filter((r): r is [string, string] => Array.isArray(r)),
  };
}

/** The receipt's file name: `paybills-receipt-<reference>.png`. */
export function receiptFileName(tx: Transaction): string {
  return receiptFileNameFor(tx.transaction_id);
}

/**
 * Shares the receipt as an image through the phone's share sheet (Web Share API with files),
 * or downloads it where the browser cannot share files. Says which happened; a share the
 * customer dismissed is "cancelled".
 */
export async function shareReceipt(
  tx: Transaction,
): Promise<'shared' | 'downloaded' | 'cancelled'> {
  return shareReceiptContent(receiptContent(tx), receiptFileName(tx));
}

/** The receipt file's name for a reference: `paybills-receipt-<reference>.png`. */
export function receiptFileNameFor(reference: string): string {
  const safe = reference.replace(/[^\w-]/g, '');
  return `${brand.name.toLowerCase().replace(/\W/g, '')}-receipt-${safe}.png`;
}

/**
 * `shareReceipt` for a receipt that is no statement line (a withdrawal's, ADR 0084): the same
 * image, drawn from `content`, saved as `fileName`.
 */
export async function shareReceiptContent(
  content: ReceiptContent,
  fileName: string,
): Promise<'shared' | 'downloaded' | 'cancelled'> {
  const { drawReceipt } = await import('./receipt-image');
  const blob = await drawReceipt(content, brand.primaryColor);
  const file = new File([blob], fileName, { type: 'image/png' });
  const data = { files: [file], title: `${brand.name} receipt` };
  if (typeof navigator.canShare === 'function' && navigator.canShare(data)) {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Sharing refused (no user gesture left, a policy): download instead.
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = file.name;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Give the download time to start before the URL is released.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return 'downloaded';
}
