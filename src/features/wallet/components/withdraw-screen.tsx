import { useState } from 'react';
import { FALLBACK } from '@contract/messages';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useMyWithdrawals, useWithdrawalState } from '../api/withdrawals';
import { WithdrawFlow } from './withdraw-flow';
import { WithdrawalStatusBadge } from '@/components/ui/withdrawal-status-badge';

/** The customer's withdrawals, newest first, a page at a time; processing ones are followed. */
function RecentWithdrawals() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useMyWithdrawals(page, { follow: true });
  const rows = data?.message ?? [];
  return (
    <section aria-labelledby="recent-withdrawals-heading" className="flex flex-col gap-3">
      <h2 id="recent-withdrawals-heading" className="text-lg font-semibold">
        Recent withdrawals
      </h2>
      {error ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      {isLoading ? <Skeleton className="h-24" /> : null}
      {data && rows.length === 0 ? <EmptyState size="sm" title="No withdrawals yet" /> : null}
      {rows.length > 0 ? (
        <ul className="flex flex-col divide-y divide-border rounded-card border border-border">
          {rows.map((w) => (
            <li key={w.id} className="flex flex-wrap items-start justify-between gap-2 p-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold [overflow-wrap:anywhere]">{w.account_name}</span>
                <span className="text-sm text-muted">
                  {w.bank_name} · {w.account_number}
                </span>
                <DateText epochMs={w.created_at} show="datetime" className="text-xs text-muted" />
                {w.reason && (w.status === 'failed' || w.status === 'refunded') ? (
                  <span className="text-xs text-muted">{w.reason}</span>
                ) : null}
              </div>
              <div className="flex flex-col items-end gap-1">
                <Money kobo={w.amount} className="font-semibold" />
                <WithdrawalStatusBadge status={w.status} />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {data && data.pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            Newer
          </Button>
          <span className="text-sm text-muted">
            Page {data.page} of {data.pages}
          </span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= data.pages}
            onClick={() => setPage((p) => p + 1)}
          >
            Older
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Withdraw (ADR 0084): money out of the wallet to any Nigerian bank account. The balance, the
 * flow (or, while an owner has paused withdrawals, their message), and the recent withdrawals.
 */
export function WithdrawScreen() {
  const { data, error } = useCurrentUser();
  const state = useWithdrawalState();
  const user = data?.message;
  const paused = state.data && !state.data.message.enabled ? state.data.message : null;

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6 px-4 py-6 md:px-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Withdraw</h1>
        <p className="text-sm text-muted">
          Send money from your wallet to any Nigerian bank account.
        </p>
      </div>
      {error && !user ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      <StatCard
        label="Wallet balance"
        value={user ? <Money kobo={user.wallet_balance} /> : null}
        loading={!user && !error}
      />
      {state.error ? <FormAlert>{errorMessage(state.error, FALLBACK.generic)}</FormAlert> : null}
      {paused ? (
        <FormAlert tone="info" title="Withdrawals paused">
          {paused.message}
        </FormAlert>
      ) : user && state.data ? (
        <WithdrawFlow balance={user.wallet_balance} />
      ) : state.error || (error && !user) ? null : (
        <Skeleton className="h-40" />
      )}
      <RecentWithdrawals />
    </div>
  );
}
