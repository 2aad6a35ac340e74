import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import type { Transaction } from '@contract/entities';
import { cn } from '@/lib/cn';

import { DateText } from './date-text';
import { Money } from './money';
import { StatusBadge } from './status-badge';

export const transactionDetailsVariants = cva('grid text-sm', {
  variants: {
    layout: {
      /** Label above value on phones, side by side from `sm`. */
      responsive: 'grid-cols-1 sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-x-4',
      stacked: 'grid-cols-1',
    },
  },
  defaultVariants: { layout: 'responsive' },
});

type Row = { label: string; value: React.ReactNode; mono?: boolean };

/** The rows the popup shows, in the spec's order, skipping fields the transaction lacks. */
function rowsOf(tx: Transaction): Row[] {
  const rows: (Row | false | undefined)[] = [
    { label: 'Transaction ID', value: tx.transaction_id, mono: true },
    { label: 'Product', value: tx.product },
    { label: 'Status', value: <StatusBadge kind="transaction" status={tx.status} /> },
    { label: 'Date', value: <DateText epochMs={tx.date} /> },
    { label: 'Time', value: <DateText epochMs={tx.date} show="time" /> },
    { label: 'Value', value: <Money kobo={tx.value} /> },
    tx.transaction_phone ? { label: 'Phone', value: tx.transaction_phone, mono: true } : undefined,
    tx.meter_number ? { label: 'Meter number', value: tx.meter_number, mono: true } : undefined,
    tx.quantity !== undefined ? { label: 'Quantity', value: tx.quantity } : undefined,
    tx.smart_card_number
      ? { label: 'Smart card number', value: tx.smart_card_number, mono: true }
      : undefined,
    tx.plan ? { label: 'Plan', value: tx.plan } : undefined,
    tx.customerName ? { label: 'Customer', value: tx.customerName } : undefined,
    tx.account_id ? { label: 'Account ID', value: tx.account_id, mono: true } : undefined,
    tx.counterparty ? { label: 'Recipient', value: tx.counterparty } : undefined,
    { label: 'Amount charged', value: <Money kobo={tx.amountCharged} /> },
    { label: 'Balance before', value: <Money kobo={tx.balance_before} /> },
    { label: 'Balance after', value: <Money kobo={tx.balance_after} /> },
    tx.token ? { label: 'Token', value: tx.token, mono: true } : undefined,
    tx.purchased_code
      ? { label: 'Purchased code', value: tx.purchased_code, mono: true }
      : undefined,
    tx.exchangeReference
      ? { label: 'Exchange reference', value: tx.exchangeReference, mono: true }
      : undefined,
    tx.units ? { label: 'Units', value: tx.units } : undefined,
  ];
  return rows.filter((row): row is Row => Boolean(row));
}

export type TransactionDetailsProps = Omit<React.ComponentProps<'dl'>, 'children'> &
  VariantProps<typeof transactionDetailsVariants> & {
    /** The transaction, as the contract's `TransactionSchema` parses it (money in kobo). */
    transaction: Transaction;
  };

/**
 * The body of the transaction details popup (spec §2): id, time, date, and only the fields
 * this transaction has — phone, meter number, quantity, smart card, plan, customer, account
 * id, amount charged, balances before and after, token, exchange reference, units. Put it in a
 * `DialogBody`; the Close action belongs to the dialog.
 */
export function TransactionDetails({
  className,
  layout,
  transaction,
  ...props
}: TransactionDetailsProps) {
  return (
    <dl
      data-slot="transaction-details"
      className={cn(transactionDetailsVariants({ layout }), className)}
      {...props}
    >
      {rowsOf(transaction).map((row) => (
        <div key={row.label} className="contents">
          <dt className="pt-2 text-muted sm:py-2">{row.label}</dt>
          <dd
            className={cn(
              'border-b border-border pb-2 font-medium [overflow-wrap:anywhere] sm:py-2',
              row.mono && 'font-mono',
            )}
          >
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
