import { LIMITS } from '@contract/business-limits';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { useAdminOverview } from '../api/get-admin-overview';
import { LoadError, ScreenHeading } from './admin-parts';
import { DailyChart } from './daily-chart';
import { OperatorCostCards } from './operator-cost-cards';
import { ProviderCards } from './provider-cards';
import { ReconciliationCard } from './reconciliation-card';
import { WithdrawalFigures } from './withdrawal-figures';
import { useAdminCan } from './admin-access';

/**
 * Admin page 1 (spec §2): totals, recent users, referral commissions paid (ADR 0056), both
 * provider balances (VTpass, and Flutterwave bill payments: the spec's second "ATG" float, ADR
 * 0040) on each provider's card with its state and last hour (ADR 0055), 30 days
 * of sales, the SMS sent today with the SMS and payout floats (ADR 0086), withdrawal fee
 * income and counts (ADR 0094), and the reconciliation (ADR 0017).
 */
export function AdminOverview() {
  const overview = useAdminOverview();
  const o = overview.data?.message;
  // The reconciliation is money work (payments): other roles' calls would be refused.
  const mayReconcile = useAdminCan('payments');

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title="Overview" description="The business at a glance." />
      {overview.error ? <LoadError error={overview.error} /> : null}
      <section
        aria-label="Figures"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3"
      >
        <StatCard label="Total users" value={o?.total_users} loading={!o && !overview.error} />
        <StatCard
          label="Payments"
          value={o?.payments_count}
          hint="Completed card payments"
          loading={!o && !overview.error}
        />
        <StatCard
          label="Payments amount"
          value={o ? <Money kobo={o.payments_amount} /> : null}
          loading={!o && !overview.error}
        />
        <StatCard
          label="Active users"
          value={o?.recent_users}
          hint={`Signed in during the last ${Math.round(LIMITS.recentlyActiveMs / 60_000)} minutes`}
          loading={!o && !overview.error}
        />
        {/* Referral commissions (ADR 0056): net of what reversals took back. */}
        <StatCard
          label="Commissions paid"
          value={o ? <Money kobo={o.commissions_paid} /> : null}
          hint="Referral commissions, all time"
          loading={!o && !overview.error}
        />
        <StatCard
          label="Commissions this month"
          value={o ? <Money kobo={o.commissions_paid_month} /> : null}
          hint="Since the 1st (Lagos time)"
          loading={!o && !overview.error}
        />
      </section>
      <ProviderCards />
      <OperatorCostCards />
      {/* Withdrawals (ADR 0094): part of the overview's answer; nothing when it failed. */}
      {overview.error ? null : <WithdrawalFigures figures={o?.withdrawals} />}
      <section
        className="rounded-card border border-border p-4"
        aria-busy={(!o && !overview.error) || undefined}
        aria-label={o ? undefined : 'Chart'}
      >
        {o ? <DailyChart daily={o.daily} /> : overview.error ? null : <Skeleton className="h-60" />}
      </section>
      {mayReconcile ? <ReconciliationCard /> : null}
    </div>
  );
}
