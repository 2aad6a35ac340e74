import type { ReactNode } from 'react';
import type { AdminOverview, WithdrawalFigures as Span } from '@contract/entities';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';

type Figures = AdminOverview['withdrawals'];

const count = (n: number) => n.toLocaleString('en-NG');

/** One card: a title, its figures as label and value rows, and what they cover. */
function FigureCard({
  id,
  title,
  hint,
  rows,
}: {
  id: string;
  title: string;
  hint: string;
  rows: [label: string, value: ReactNode][];
}) {
  return (
    <article
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-border p-4"
    >
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <dl className="flex flex-col gap-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-muted">{label}</dt>
            <dd className="text-lg font-semibold [overflow-wrap:anywhere] tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">{hint}</p>
    </article>
  );
}

const spanRows = (span: Span): [string, ReactNode][] => [
  ['Fee income', <Money key="fee" kobo={span.fee_income} />],
  ['Settled', count(span.settled_count)],
  ['Amount sent', <Money key="sent" kobo={span.settled_amount} />],
];

/**
 * Withdrawals on the overview (ADR 0094): our fee income, net of refunds, today and over the
 * last 30 days (Lagos), the withdrawals settled and what they sent, and how many are processing
 * or waiting for review now. `figures` undefined: still loading.
 */
export function WithdrawalFigures({ figures }: { figures?: Figures }) {
  return (
    <section
      aria-labelledby="withdrawal-figures-title"
      aria-busy={!figures || undefined}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-col gap-1">
        <h2 id="withdrawal-figures-title" className="text-lg font-semibold">
          Withdrawals
        </h2>
        <p className="text-sm text-muted">
          Our fee is income when a withdrawal is debited; a refund takes it back.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-3">
        {figures ? (
          <>
            <FigureCard
              id="withdrawals-today"
              title="Today"
              hint="Since midnight, Lagos time."
              rows={spanRows(figures.today)}
            />
            <FigureCard
              id="withdrawals-30-days"
              title="Last 30 days"
              hint="The 30 days of the chart, today included."
              rows={spanRows(figures.last_30_days)}
            />
            <FigureCard
              id="withdrawals-waiting"
              title="Waiting now"
              hint="Whenever they were made."
              rows={[
                ['Processing', count(figures.pending)],
                ['Awaiting review', count(figures.awaiting_review)],
              ]}
            />
          </>
        ) : (
          <>
            <Skeleton className="h-40 rounded-card" />
            <Skeleton className="h-40 rounded-card" />
            <Skeleton className="h-40 rounded-card" />
            <span className="sr-only">Loading</span>
          </>
        )}
      </div>
    </section>
  );
}
