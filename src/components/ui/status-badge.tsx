import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import {
  paymentTone,
  transactionTone,
  type PaymentStatus,
  type StatusTone,
  type TransactionStatus,
} from '@contract/entities';
import { cn } from '@/lib/cn';

import { CheckIcon, CloseIcon, RecentIcon, ReversedIcon, type IconComponent } from './icons';

/**
 * Tone → colours (spec §4): danger red, success-strong dark green, neutral grey, success light
 * green. Every pair has a contrast of at least 4.5:1 in both themes (tokens in globals.css).
 */
export const statusBadgeVariants = cva(
  'inline-flex max-w-full items-center gap-1 rounded-chip px-2 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        danger: 'bg-status-danger-bg text-status-danger-fg',
        'success-strong': 'bg-status-success-strong-bg text-status-success-strong-fg',
        neutral: 'bg-status-neutral-bg text-status-neutral-fg',
        success: 'bg-status-success-bg text-status-success-fg',
      } satisfies Record<StatusTone, string>,
    },
    defaultVariants: { tone: 'success' },
  },
);

/** A shape per tone, so the badge never relies on colour alone (colour-blind users). */
const GLYPH: Record<StatusTone, IconComponent> = {
  danger: CloseIcon,
  'success-strong': ReversedIcon,
  neutral: RecentIcon,
  success: CheckIcon,
};

export type StatusBadgeProps = Omit<React.ComponentProps<'span'>, 'children'> &
  Omit<VariantProps<typeof statusBadgeVariants>, 'tone'> &
  (
    | {
        /** A transaction's status: failed/cancelled red, reversed dark green, pending grey, the rest light green. */
        kind: 'transaction';
        status: TransactionStatus | (string & {});
      }
    | {
        /** A payment's status: completed green, failed/cancelled red, pending grey. */
        kind: 'payment';
        status: PaymentStatus | (string & {});
      }
  );

/**
 * A transaction or payment status as a coloured label. The status word is always written
 * (capitalised) and preceded by a shape, so it reads without colour, in dark mode and aloud.
 */
export function StatusBadge({ className, kind, status, ...props }: StatusBadgeProps) {
  const tone = kind === 'payment' ? paymentTone(status) : transactionTone(status);
  const Glyph = GLYPH[tone];
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1) : 'Unknown';
  return (
    <span
      data-slot="status-badge"
      data-tone={tone}
      className={cn(statusBadgeVariants({ tone }), className)}
      {...props}
    >
      <Glyph className="size-3.5 shrink-0" strokeWidth={2.5} />
      <span className="truncate">{label}</span>
    </span>
  );
}
