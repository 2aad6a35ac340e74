import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import type { Transaction } from '@contract/entities';
import { cn } from '@/lib/cn';
import {
  counterpartyText,
  heldWhy,
  isCredit,
  isAttempt,
  isHeld,
  isRefunded,
  lineLabel,
  lineStatus,
  movedAmount,
  movedNothing,
} from '@/lib/statement';

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

/**
 * What the money did (ADR 0045): a purchase says what it charged, or, refunded, how much came
 * back and when; a refund names its purchase; a share names the other customer; a funding
 * shows the fee and stamp duty kept back and what reached the wallet.
 */
function moneyRows(tx: Transaction): (Row | false | undefined)[] {
  const other = counterpartyText(tx);
  const moved = <Money kobo={movedAmount(tx)} />;
  // A credit a level's limit held (ADR 0076): what waits and why, with the payment it came from.
  if (tx.held && isHeld(tx)) {
    return [
      tx.fee ? { label: 'Fee', value: <Money kobo={tx.fee} /> } : undefined,
      tx.stamp_duty ? { label: 'Stamp duty', value: <Money kobo={tx.stamp_duty} /> } : undefined,
      { label: 'Held', value: <Money kobo={tx.held.amount} /> },
      { label: 'Why', value: heldWhy(tx.held.reason) },
      tx.reference ? { label: 'Payment reference', value: tx.reference, mono: true } : undefined,
    ];
  }
  // A card payment that failed or was cancelled (ADR 0076): nothing credited, its reference.
  if (isAttempt(tx)) {
    return [
      tx.reference ? { label: 'Payment reference', value: tx.reference, mono: true } : undefined,
    ];
  }
  const released = tx.held
    ? [
        {
          label: 'Held on',
          value: (
            <>
              <DateText epochMs={tx.held.held_at} />{' '}
              <DateText epochMs={tx.held.held_at} show="time" />
            </>
          ),
        },
        { label: 'Why', value: heldWhy(tx.held.reason) },
      ]
    : [];
  switch (tx.kind) {
    case 'card_funding':
    case 'bank_transfer':
      return [
        tx.fee ? { label: 'Fee', value: <Money kobo={tx.fee} /> } : undefined,
        tx.stamp_duty ? { label: 'Stamp duty', value: <Money kobo={tx.stamp_duty} /> } : undefined,
        { label: 'Credited', value: moved },
        tx.reference ? { label: 'Payment reference', value: tx.reference, mono: true } : undefined,
        ...released,
      ];
    case 'refund':
      return [
        { label: 'Refunded', value: moved },
        tx.refund_of ? { label: 'Refund of', value: tx.refund_of, mono: true } : undefined,
      ];
    case 'share_in':
      return [
        other ? { label: 'From', value: other } : undefined,
        { label: 'Received', value: moved },
      ];
    case 'share_out':
      return [other ? { label: 'To', value: other } : undefined, { label: 'Sent', value: moved }];
    case 'commission':
      return [{ label: isCredit(tx) ? 'Credited' : 'Debited', value: moved }];
    case 'adjustment':
      // An admin's adjustment says why (ADR 0050), with the admin's reference to quote.
      return [
        { label: isCredit(tx) ? 'Credited' : 'Debited', value: moved },
        tx.reason ? { label: 'Reason', value: tx.reason } : undefined,
        tx.reference ? { label: 'Reference', value: tx.reference, mono: true } : undefined,
      ];
    default:
      if (tx.kind === undefined && tx.counterparty) {
        return isCredit(tx)
          ? [
              { label: 'From', value: tx.counterparty },
              { label: 'Received', value: <Money kobo={tx.amountCharged} /> },
            ]
          : [
              { label: 'Recipient', value: tx.counterparty },
              { label: 'Amount charged', value: <Money kobo={tx.amountCharged} /> },
            ];
      }
      if (isRefunded(tx)) {
        return [
          { label: 'Refunded', value: <Money kobo={tx.refund?.amount ?? tx.amountCharged} /> },
          tx.refund
            ? {
                label: 'Refunded on',
                value: (
                  <>
                    <DateText epochMs={tx.refund.date} />{' '}
                    <DateText epochMs={tx.refund.date} show="time" />
                  </>
                ),
              }
            : undefined,
        ];
      }
      return [{ label: 'Amount charged', value: <Money kobo={tx.amountCharged} /> }];
  }
}

/** The rows the popup shows, in the spec's order, skipping fields the transaction lacks. */
function rowsOf(tx: Transaction): Row[] {
  const rows: (Row | false | undefined)[] = [
    { label: 'Transaction ID', value: tx.transaction_id, mono: true },
    { label: 'Product', value: tx.kind && tx.kind !== 'purchase' ? lineLabel(tx) : tx.product },
    { label: 'Status', value: <StatusBadge kind="transaction" status={lineStatus(tx)} /> },
    { label: 'Date', value: <DateText epochMs={tx.date} /> },
    { label: 'Time', value: <DateText epochMs={tx.date} show="time" /> },
    {
      label: tx.kind === 'card_funding' || tx.kind === 'bank_transfer' ? 'Paid in' : 'Value',
      value: <Money kobo={tx.value} />,
    },
    tx.transaction_phone ? { label: 'Phone', value: tx.transaction_phone, mono: true } : undefined,
    tx.meter_number ? { label: 'Meter number', value: tx.meter_number, mono: true } : undefined,
    tx.quantity !== undefined ? { label: 'Quantity', value: tx.quantity } : undefined,
    tx.smart_card_number
      ? { label: 'Smart card number', value: tx.smart_card_number, mono: true }
      : undefined,
    tx.plan ? { label: 'Plan', value: tx.plan } : undefined,
    tx.customerName ? { label: 'Customer', value: tx.customerName } : undefined,
    tx.account_id ? { label: 'Account ID', value: tx.account_id, mono: true } : undefined,
    ...moneyRows(tx),
    // A held credit or a failed card payment moved no wallet money: no balance before or after.
    !movedNothing(tx) && { label: 'Balance before', value: <Money kobo={tx.balance_before} /> },
    !movedNothing(tx) && { label: 'Balance after', value: <Money kobo={tx.balance_after} /> },
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
