import { useState } from 'react';
import type { z } from '@contract/zod';
import type { withdraw, Withdrawal } from '@contract/withdrawals';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { ShareReceiptButton } from '@/components/ui/share-receipt-button';
import { useMyWithdrawals } from '../api/withdrawals';
import { WithdrawalStatusBadge } from '@/components/ui/withdrawal-status-badge';
import { withdrawalReceipt } from './withdrawal-receipt';

/** What `POST /api/wallet/withdrawals` answered. */
export type SentWithdrawal = z.output<typeof withdraw.response>['message'];

export type WithdrawalResultProps = {
  sent: SentWithdrawal;
  /** Back to a new withdrawal. */
  onDone: () => void;
};

/** The headline and sentence of each state, in the customer's words. */
function headline(w: Pick<Withdrawal, 'status' | 'reason'>, note: string | undefined) {
  switch (w.status) {
    case 'successful':
      return {
        tone: 'success' as const,
        title: 'Withdrawal successful',
        text: 'The bank has credited the account.',
      };
    case 'pending':
      return {
        tone: 'info' as const,
        title: 'Withdrawal processing',
        text: 'The bank has not confirmed it yet. This page follows it: you can also leave, it carries on.',
      };
    case 'awaiting_review':
      return {
        tone: 'info' as const,
        title: 'Awaiting review',
        text: note ?? 'Our team checks this withdrawal before it is sent.',
      };
    case 'failed':
      return {
        tone: 'error' as const,
        title: 'Withdrawal failed: refunded',
        text:
          w.reason ??
          'The bank could not credit the account. The whole amount is back in your wallet.',
      };
    case 'refunded':
      return {
        tone: 'error' as const,
        title: 'Withdrawal rejected: refunded',
        text: w.reason ?? 'The whole amount is back in your wallet.',
      };
  }
}

/**
 * After a withdrawal (ADR 0084): what was sent, to whom, and where it stands, followed while the
 * bank has not answered (processing → successful, or failed and refunded; awaiting review for
 * large ones). "Check now" asks at once; a successful one offers the shareable receipt.
 */
export function WithdrawalResult({ sent, onDone }: WithdrawalResultProps) {
  const list = useMyWithdrawals(1, { follow: true });
  const [checking, setChecking] = useState(false);
  const found = list.data?.message.find((w) => w.id === sent.id);
  const status = found?.status ?? sent.status;
  const reason = found?.reason ?? null;
  const { tone, title, text } = headline({ status, reason }, sent.note);

  return (
    <div className="flex flex-col gap-4" data-testid="withdrawal-result">
      <FormAlert tone={tone} title={title}>
        {text}
      </FormAlert>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm [overflow-wrap:anywhere]">
        <dt className="text-muted">Status</dt>
        <dd>
          <WithdrawalStatusBadge status={status} />
        </dd>
        <dt className="text-muted">To</dt>
        <dd>
          <span className="font-semibold">{sent.account_name}</span>
          <span className="block text-muted">
            {sent.bank_name}
            {found ? ` · ${found.account_number}` : ''}
          </span>
        </dd>
        <dt className="text-muted">Amount</dt>
        <dd>
          <Money kobo={sent.amount} />
        </dd>
        <dt className="text-muted">Fee</dt>
        <dd>
          <Money kobo={sent.fee} />
        </dd>
        <dt className="text-muted">Stamp duty</dt>
        <dd>
          <Money kobo={sent.duty} />
        </dd>
        <dt className="text-muted">Total debited</dt>
        <dd className="font-semibold">
          <Money kobo={sent.total} />
        </dd>
        <dt className="text-muted">Reference</dt>
        <dd className="font-mono text-xs break-all">{sent.id}</dd>
        {found ? (
          <>
            <dt className="text-muted">Time</dt>
            <dd>
              <DateText epochMs={found.created_at} show="datetime" />
            </dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-start gap-2">
        {found && status === 'successful' ? (
          <ShareReceiptButton receipt={withdrawalReceipt(found)} />
        ) : null}
        {status === 'pending' ? (
          <Button
            variant="outline"
            loading={checking}
            onClick={() => {
              setChecking(true);
              void list.mutate().finally(() => setChecking(false));
            }}
          >
            Check now
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onDone}>
          New withdrawal
        </Button>
      </div>
    </div>
  );
}
