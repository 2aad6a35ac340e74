import type { TransactionStatus } from '@contract/entities';
import {
  MESSAGE_CHANNEL_LABEL,
  type CustomerTimelineEvent,
  type MessageState,
} from '@contract/timeline';
import { DateText } from '@/components/ui/date-text';
import { useMyTransactionTimeline } from '../api/get-transaction-timeline';

/** A status as the customer reads it in the purchase's story. */
const PROGRESS_STATUS: Record<TransactionStatus, string> = {
  pending: 'Processing',
  successful: 'Delivered',
  failed: 'Failed',
  reversed: 'Refunded to your wallet',
  cancelled: 'Cancelled',
};

const MESSAGE_STATE: Record<MessageState, string> = {
  sent: 'sent',
  queued: 'being sent',
  failed: 'could not be sent',
};

function line(event: CustomerTimelineEvent): string {
  if (event.kind === 'status' && event.status) return PROGRESS_STATUS[event.status];
  if (event.channel && event.state) {
    return `${MESSAGE_CHANNEL_LABEL[event.channel]} ${MESSAGE_STATE[event.state]}`;
  }
  return '';
}

/**
 * What happened to a purchase, for its customer (ADR 0083): each status it took and when
 * (Lagos time), and each e-mail or SMS sent about it. Never the provider, a code or a request:
 * the server answers none. Quiet while loading or if it cannot load: the details above it
 * already tell the purchase.
 */
export function TransactionProgress({ id }: { id: string }) {
  const { data } = useMyTransactionTimeline(id);
  const events = (data?.message ?? []).filter((e) => line(e) !== '');
  if (events.length === 0) return null;
  return (
    <section aria-labelledby="progress-title" className="flex flex-col gap-2 print:hidden">
      <h3 id="progress-title" className="text-sm font-semibold">
        What happened
      </h3>
      <ol className="flex flex-col gap-1 text-sm">
        {events.map((event, i) => (
          <li key={`${event.at}-${i}`} className="flex flex-wrap justify-between gap-x-3">
            <span>{line(event)}</span>
            <DateText epochMs={event.at} show="datetime" tone="muted" />
          </li>
        ))}
      </ol>
    </section>
  );
}
