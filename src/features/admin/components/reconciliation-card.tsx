import type { ReactNode } from 'react';
import { DISPUTE_OURS_LABEL, PAYMENT_MISMATCHES, type Reconciliation } from '@contract/entities';
import { DateText } from '@/components/ui/date-text';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { statusBadgeVariants } from '@/components/ui/status-badge';
import { useReconciliation } from '../api/get-reconciliation';
import { LoadError } from './admin-parts';

/**
 * Reconciliation on the admin overview (ADR 0017; the same report as `npm run reconcile`):
 * the ledger's invariants, purchases pending too long, recent card payments whose provider
 * state disagrees with ours, and disputed purchases no owner has resolved (ADR 0073). "All
 * good" when there is nothing to look at.
 */
export function ReconciliationCard() {
  const query = useReconciliation();
  const report = query.data?.message;
  const loading = !report && !query.error;
  return (
    <section
      aria-labelledby="reconciliation-title"
      aria-busy={loading || undefined}
      className="flex flex-col gap-3 rounded-card border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reconciliation-title" className="text-lg font-semibold">
          Reconciliation
        </h2>
        {report ? <Verdict report={report} /> : null}
      </div>
      {query.error ? <LoadError error={query.error} /> : null}
      {loading ? (
        <>
          <Skeleton className="h-24" />
          <span className="sr-only">Loading</span>
        </>
      ) : null}
      {report ? <Details report={report} /> : null}
    </section>
  );
}

function problems(report: Reconciliation): number {
  return (
    report.ledger.length +
    report.stale_purchases.length +
    report.payment_mismatches.length +
    report.open_disputes.length
  );
}

function Verdict({ report }: { report: Reconciliation }) {
  const count = problems(report);
  const tone = report.ok ? 'success' : 'danger';
  return (
    <span className={statusBadgeVariants({ tone })}>
      <span aria-hidden="true">{report.ok ? '✓' : '✕'}</span>
      {report.ok ? 'All good' : `${count} to look at`}
    </span>
  );
}

function Details({ report }: { report: Reconciliation }) {
  const hours = report.pending_alert_hours;
  return (
    <div className="flex flex-col gap-3 text-sm">
      <Check
        title="Ledger"
        fine="Balanced: every movement sums to zero, balances equal their entries, no wallet is negative."
        items={report.ledger.map((problem) => (
          <li key={problem} className="[overflow-wrap:anywhere]">
            {problem}
          </li>
        ))}
      />
      <Check
        title={`Purchases pending over ${hours} hours`}
        fine="None: the provider has settled every purchase in time."
        items={report.stale_purchases.map((t) => (
          <li key={t.transaction_id} className="[overflow-wrap:anywhere]">
            {t.product} <Money kobo={t.amount} /> for {t.user}, pending since{' '}
            <DateText epochMs={t.created_at} show="datetime" /> via {t.provider ?? 'unknown'} (
            {t.requery_attempts} requeries{t.flagged ? ', flagged' : ''}).{' '}
            <span className="text-muted">{t.transaction_id}</span>
          </li>
        ))}
      />
      <Check
        title={`Card payments, last ${report.payments_days} days`}
        fine={`${report.payments_checked} checked with the provider, none disagree${
          report.payments_unchecked ? ` (${report.payments_unchecked} not confirmed yet)` : ''
        }.`}
        items={report.payment_mismatches.map((p) => (
          <li key={p.t_id} className="[overflow-wrap:anywhere]">
            <Money kobo={p.amount} /> for {p.user}: ours {p.ours}, provider {p.provider}.{' '}
            {PAYMENT_MISMATCHES[p.problem]} <span className="text-muted">{p.t_id}</span>
          </li>
        ))}
      />
      <Check
        title="Bank transfers"
        fine={`Every credited transfer matches its wallet credit${
          report.held_transfers ? `; ${report.held_transfers} held for an admin to assign` : ''
        }.`}
        items={report.transfer_problems.map((p) => (
          <li key={p} className="[overflow-wrap:anywhere]">
            {p}
          </li>
        ))}
      />
      <Check
        title="Disputed purchases"
        fine="None: no provider answer contradicts how a purchase was settled."
        items={report.open_disputes.map((d) => (
          <li key={d.transaction_id} className="[overflow-wrap:anywhere]">
            {d.product} <Money kobo={d.amount} /> for {d.user}:{' '}
            {DISPUTE_OURS_LABEL[d.ours].toLowerCase()}, the provider says {d.provider_says}
            {d.provider_code ? ` (${d.provider_code})` : ''}. An owner resolves it on Pending
            purchases. <span className="text-muted">{d.transaction_id}</span>
          </li>
        ))}
      />
      <p className="text-xs text-muted">
        Checked <DateText epochMs={report.checked_at} show="datetime" tone="muted" />. The same
        report: <code>npm run reconcile</code>.
      </p>
    </div>
  );
}

function Check({ title, fine, items }: { title: string; fine: string; items: ReactNode[] }) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="font-semibold">
        {title}: {items.length === 0 ? 'OK' : `${items.length} found`}
      </h3>
      {items.length === 0 ? (
        <p className="text-muted">{fine}</p>
      ) : (
        <ul className="list-disc pl-5 text-danger">{items}</ul>
      )}
    </div>
  );
}
