import { useState } from 'react';
import { FALLBACK } from '@contract/messages';
import { REFERRAL_MSG, type ReferralEarning } from '@contract/referrals';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorMessage } from '@/lib/api-error';
import { useMyReferrals } from '../api/referrals';
import { ReferralLink } from './referral-link';

const columns: PagedTableColumn<ReferralEarning>[] = [
  { key: 'date', header: 'Date', cell: (e) => <DateText epochMs={e.created_at} /> },
  {
    key: 'product',
    header: 'Product',
    // The friend is named by first name only (ADR 0056); a bonus has no product.
    cell: (e) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">{e.product ?? 'First funding bonus'}</span>
        <span className="text-xs text-muted">{e.friend}</span>
      </span>
    ),
  },
  {
    key: 'amount',
    header: 'Amount',
    align: 'end',
    cell: (e) => (
      <span className="inline-flex flex-col items-end gap-1">
        <Money kobo={e.amount} className={e.status === 'reversed' ? 'line-through' : undefined} />
        {e.status === 'reversed' ? <StatusBadge kind="transaction" status="reversed" /> : null}
      </span>
    ),
  },
];

/**
 * Settings → Referrals (ADR 0056): the referral link with Copy, how many signed
 * up with it, commissions earned (net of what refunds took back) and pending, and the
 * earnings, newest first, a server page at a time. `code` (the signed-in user's, when the
 * screen has it) shows the link even when the figures cannot load.
 */
export function ReferralsPanel({ code }: { code?: string }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useMyReferrals(page);
  const summary = data?.summary;
  const linkCode = code ?? summary?.referral_code;
  const loading = !data && !error;

  return (
    <div className="flex flex-col gap-4">
      {linkCode ? <ReferralLink code={linkCode} /> : <Skeleton className="h-16" />}
      <p className="text-sm text-muted">
        You earn a commission each time a friend who signed up with your link buys something and the
        purchase succeeds. It is paid into your wallet.
      </p>
      {error ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert>
          <Button variant="secondary" onClick={() => void mutate()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <section aria-label="Referral figures" className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <StatCard label="People referred" value={summary?.referred} loading={loading} />
            <StatCard
              label="Earned"
              value={summary ? <Money kobo={summary.earned} /> : null}
              hint="Paid into your wallet"
              loading={loading}
            />
            <StatCard
              label="Pending"
              value={summary ? <Money kobo={summary.pending} /> : null}
              hint="If your friends’ pending purchases succeed"
              loading={loading}
            />
          </section>
          <PagedTable
            caption="Referral earnings"
            columns={columns}
            rows={data?.message ?? []}
            pageCount={data?.pages}
            page={data?.page ?? page}
            onPageChange={setPage}
            getRowKey={(e) => e.id}
            loading={isLoading}
            empty={<EmptyState size="sm" title={REFERRAL_MSG.noEarnings} />}
          />
        </>
      )}
    </div>
  );
}
