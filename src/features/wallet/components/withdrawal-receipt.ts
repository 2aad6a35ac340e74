import { WITHDRAWAL_STATUS_LABEL, type Withdrawal } from '@contract/withdrawals';
import { brand } from '@/config/brand';
import { formatDateTime } from '@/lib/dates';
import { formatNaira } from '@/lib/money';
import { receiptFileNameFor, type ReceiptContent } from '@/lib/receipt';

/** A successful withdrawal's shareable receipt (the same image as a purchase's). */
export function withdrawalReceipt(w: Withdrawal): { content: ReceiptContent; fileName: string } {
  const content: ReceiptContent = {
    brand: brand.name,
    title: 'Withdrawal receipt',
    amount: formatNaira(w.amount),
    status: WITHDRAWAL_STATUS_LABEL[w.status],
    rows: [
      ['To', w.account_name],
      ['Bank', w.bank_name],
      ['Account number', w.account_number],
      ['Amount', formatNaira(w.amount)],
      ['Fee', formatNaira(w.fee)],
      ['Stamp duty', formatNaira(w.duty)],
      ['Total debited', formatNaira(w.total)],
      ['Reference', w.id],
      ['Date', formatDateTime(w.created_at)],
    ],
  };
  return { content, fileName: receiptFileNameFor(w.id) };
}
