import { WITHDRAWAL_STATUS_LABEL, type WithdrawalStatus } from '@contract/withdrawals';
import { cn } from '@/lib/cn';

import { CheckIcon, RecentIcon, ReversedIcon } from './icons';
import { statusBadgeVariants } from './status-badge';

/**
 * A withdrawal's tone and shape (ADR 0084), as `StatusBadge` draws statuses: processing and
 * awaiting review grey with a clock, successful green with a tick, failed or rejected (both
 * refunded) dark green with the refund's arrow, as a reversed purchase.
 */
const TONE = {
  pending: ['neutral', RecentIcon],
  awaiting_review: ['neutral', RecentIcon],
  successful: ['success', CheckIcon],
  failed: ['success-strong', ReversedIcon],
  refunded: ['success-strong', ReversedIcon],
} as const;

export type WithdrawalStatusBadgeProps = {
  /** The withdrawal's status; the badge writes the contract's words for it. */
  status: WithdrawalStatus;
  className?: string;
};

/** A withdrawal's status as a coloured label with a shape, readable without colour. */
export function WithdrawalStatusBadge({ status, className }: WithdrawalStatusBadgeProps) {
  const [tone, Glyph] = TONE[status];
  return (
    <span
      data-slot="status-badge"
      data-tone={tone}
      className={cn(statusBadgeVariants({ tone }), className)}
    >
      <Glyph className="size-3.5 shrink-0" strokeWidth={2.5} aria-hidden />
      <span className="truncate">{WITHDRAWAL_STATUS_LABEL[status]}</span>
    </span>
  );
}
