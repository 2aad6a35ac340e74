import { Navigate } from 'react-router-dom';
import type { Transaction } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { LIMITS } from '@contract/business-limits';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { StatCard } from '@/components/ui/stat-card';
import { SignedAmount } from '@/components/ui/signed-amount';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { lazyComponent } from '@/lib/lazy-component';
import { lineLabel, lineStatus } from '@/lib/statement';
import { PaymentReturn } from './lazy-payment-return';
import { Shortcuts } from './shortcuts';

/**
 * Only a customer whose address is not verified yet sees this notice; its resend call (and the
 * auth pages' schemas it shares a chunk with) loads for them alone.
 */
const EmailNotice = lazyComponent(() =>
  import('./email-notice').then((module) => module.EmailNotice),
);

const columns: PagedTableColumn<Transaction>[] = [
  {
    key: 'date',
    header: 'Date',
    // On phones the product goes under the date, so value and status fit in 360 px.
    cell: (tx) => (
      <>
        <DateText epochMs={tx.date} />
        <span className="block text-xs text-muted [overflow-wrap:anywhere] md:hidden">
          {lineLabel(tx)}
        </span>
      </>
    ),
  },
  {
    key: 'id',
    header: 'Transaction ID',
    cell: (tx) => <span className="font-mono text-xs">{tx.transaction_id}</span>,
    hideOnMobile: true,
  },
  { key: 'product', header: 'Product', cell: (tx) => lineLabel(tx), hideOnMobile: true },
  {
    key: 'value',
    header: 'Value',
    // On phones the status goes under the value.
    cell: (tx) => (
      <>
        <SignedAmount transaction={tx} />
        <span className="mt-1 flex justify-end md:hidden">
          <StatusBadge kind="transaction" status={lineStatus(tx)} />
        </span>
      </>
    ),
    align: 'end',
  },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => <StatusBadge kind="transaction" status={lineStatus(tx)} />,
    hideOnMobile: true,
  },
];

/**
 * Overview (spec §2 page 1): transaction count, what was spent and received (ADR 0045),
 * wallet balance, the last 5 lines of the wallet statement. Customers without a pin go to create one
 * first (spec §4), admins do not; a card checkout return is verified here.
 */
export function OverviewScreen() {
  const { data, error, isLoading } = useCurrentUser();
  const user = data?.message;

  // An admin is never sent to make a purchase pin to get in: the pin only
  // authorises purchases, and a purchase without one is refused with SERVER_MSG.noPin.
  if (user && !user.has_created_secret_pin && !user.isAdmin) {
    return <Navigate to={paths.createPin} replace />;
  }

  // The answer carries the newest five and the history's totals (ADR 0020).
  const latest = user?.transactions.slice(0, LIMITS.overviewTransactions) ?? [];
  const loading = !user && (isLoading || !error);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8">
      <h1 className="text-2xl font-bold">Overview</h1>
      <PaymentReturn />
      {user && !user.email_verified ? <EmailNotice email={user.email} /> : null}
      {error && !user ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      <Shortcuts />
      <section aria-label="Summary" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {/* What the count counts, exactly (ADR 0078): purchases and shares, not fundings. */}
        <StatCard
          label="Purchases and shares"
          value={user?.transactions_count ?? 0}
          loading={loading}
        />
        {/* Spent and received apart (ADR 0045): a share received is no purchase; an older
            answer without them shows the successful total as spent. */}
        <StatCard
          label="Spent"
          value={<Money kobo={user?.spent_total ?? user?.successful_total ?? 0} />}
          loading={loading}
        />
        <StatCard
          label="Received"
          value={<Money kobo={user?.received_total ?? 0} />}
          loading={loading}
        />
        <StatCard
          label="Wallet balance"
          tone="brand"
          value={user ? <Money kobo={user.wallet_balance} /> : null}
          loading={loading}
        />
      </section>
      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent transactions
        </h2>
        <PagedTable
          caption="Recent transactions"
          columns={columns}
          rows={latest}
          getRowKey={(tx) => `${tx.kind ?? 'tx'}:${tx.transaction_id}`}
          loading={loading}
          empty={
            <EmptyState
              size="sm"
              title="No transactions yet"
              description="Fund your wallet, then buy airtime, data or pay a bill."
            />
          }
        />
      </section>
    </div>
  );
}
