import type { ReactNode } from 'react';
import { TIMELINE_KIND_LABEL, type TimelineEvent } from '@contract/timeline';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/routes';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/link';
import { useTransactionTimeline } from '../api/get-transaction-timeline';
import { LoadError, ScreenHeading } from './admin-parts';

/**
 * Printing shows the timeline alone, black on white: the sidebar, the header, the buttons and
 * the links back are hidden; nothing is cut at the page's edge.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-timeline], [data-timeline] * { visibility: visible !important; color: #000 !important;
    background: #fff !important; border-color: #000 !important; box-shadow: none !important; }
  [data-timeline] { position: absolute !important; inset: 0 auto auto 0 !important;
    width: 100% !important; max-width: none !important; padding: 0 !important; }
  [data-timeline] [data-no-print] { display: none !important; }
  [data-timeline] li { break-inside: avoid; }
}`;

export type TransactionTimelineScreenProps = {
  /** The transaction's id, from the page's URL. */
  id: string;
  /** Opens the print dialog; `window.print` by default. */
  onPrint?: () => void;
};

/** One labelled fact of an event, left out when empty. */
function Fact({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className="flex min-w-0 flex-col sm:flex-row sm:gap-2">
      <dt className="shrink-0 text-muted sm:w-28">{label}</dt>
      <dd className={cn('min-w-0 break-words', mono && 'font-mono text-xs break-all')}>
        {children}
      </dd>
    </div>
  );
}

function EventItem({ event }: { event: TimelineEvent }) {
  return (
    <li className="flex flex-col gap-2 rounded-card border border-border p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <h3 className="text-sm font-semibold">
          <span className="text-muted">{TIMELINE_KIND_LABEL[event.kind]}: </span>
          {event.title}
        </h3>
        <DateText epochMs={event.at} show="seconds" tone="muted" className="text-xs" />
      </div>
      <dl className="grid gap-1 text-sm">
        <Fact label="By">{event.actor}</Fact>
        {event.provider ? <Fact label="Provider">{event.provider}</Fact> : null}
        {event.code ? <Fact label="Code">{event.code}</Fact> : null}
        {event.status ? <Fact label="Result">{event.status}</Fact> : null}
        {event.detail ? <Fact label="Said">{event.detail}</Fact> : null}
        {event.latency_ms !== null ? (
          <Fact label="Took">{`${(event.latency_ms / 1000).toFixed(2)} s`}</Fact>
        ) : null}
        {event.account ? <Fact label="Account">{event.account}</Fact> : null}
        {event.amount !== null ? (
          <Fact label="Amount">
            <Money kobo={event.amount} tone={event.kind === 'ledger' ? 'signed' : 'plain'} />
          </Fact>
        ) : null}
        {event.balance_before !== null && event.balance_after !== null ? (
          <Fact label="Balance">
            <Money kobo={event.balance_before} /> → <Money kobo={event.balance_after} />
          </Fact>
        ) : null}
        {event.request ? (
          <Fact label="Request" mono>
            {event.request}
          </Fact>
        ) : null}
      </dl>
    </li>
  );
}

/**
 * One transaction's whole story for support (ADR 0083): what the customer bought, then every
 * fact in time order (Lagos time, to the second), each with who acted, the provider's code and
 * words, how long a call took, the money in naira with the balance before and after. Print
 * gives the same page on paper, without the dashboard around it.
 */
export function TransactionTimelineScreen({
  id,
  onPrint = () => window.print(),
}: TransactionTimelineScreenProps) {
  const { data, error, isLoading } = useTransactionTimeline(id);
  const timeline = data?.message;
  const tx = timeline?.transaction;

  return (
    <section data-timeline="" aria-labelledby="timeline-title" className="flex flex-col gap-4">
      <style>{PRINT_CSS}</style>
      <div data-no-print="" className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={paths.admin.transactions} className="inline-flex min-h-11 items-center text-sm underline">
          Back to transactions
        </Link>
        <Link to={paths.admin.pending} className="inline-flex min-h-11 items-center text-sm underline">
          Pending purchases
        </Link>
        <Button variant="outline" className="ml-auto" onClick={onPrint} disabled={!timeline}>
          Print
        </Button>
      </div>
      <div id="timeline-title">
        <ScreenHeading
          title="Transaction timeline"
          description={`Transaction ${id}: every step, in Lagos time.`}
        />
      </div>
      {error ? <LoadError error={error} /> : null}
      {isLoading ? <Skeleton className="h-40 w-full" /> : null}
      {tx ? (
        <section aria-labelledby="timeline-summary" className="flex flex-col gap-2">
          <h2 id="timeline-summary" className="text-lg font-semibold">
            Summary
          </h2>
          <dl className="grid gap-1 rounded-card border border-border p-3 text-sm">
            <Fact label="Customer">{tx.user}</Fact>
            <Fact label="What">
              {[
                tx.product,
                tx.plan,
                tx.transaction_phone ?? tx.meter_number ?? tx.smart_card_number,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Fact>
            <Fact label="Status">
              <StatusBadge kind="transaction" status={tx.status} />
            </Fact>
            <Fact label="Paid">
              <Money kobo={tx.amountCharged} />
            </Fact>
            <Fact label="Made">
              <DateText epochMs={tx.date} show="seconds" />
            </Fact>
          </dl>
        </section>
      ) : null}
      {timeline ? (
        <section aria-labelledby="timeline-events" className="flex flex-col gap-2">
          <h2 id="timeline-events" className="text-lg font-semibold">
            What happened
          </h2>
          <ol className="flex flex-col gap-2">
            {timeline.events.map((event, i) => (
              <EventItem key={`${event.at}-${i}`} event={event} />
            ))}
          </ol>
        </section>
      ) : null}
    </section>
  );
}
