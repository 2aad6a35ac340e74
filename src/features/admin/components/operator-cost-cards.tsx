import type { ReactNode } from 'react';
import type { OperatorCosts, OperatorFloat, OperatorFloatHealth } from '@contract/providers';
import { DateText } from '@/components/ui/date-text';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { formatNaira } from '@/lib/money';
import { useOperatorCosts } from '../api/operator-costs';
import { LoadError } from './admin-parts';

/** Each float's card: its title, what its balance is called, and what it pays for. */
const FLOAT_CARD: Record<OperatorFloat, { title: string; balance: string; hint: string }> = {
  termii: {
    title: 'SMS (Termii)',
    balance: 'SMS balance',
    hint: 'Every SMS to a customer is paid from it.',
  },
  payouts: {
    title: 'Payouts (Flutterwave)',
    balance: 'Payout float',
    hint: 'Withdrawals to bank accounts are paid from it; Flutterwave bill payments spend the same NGN balance.',
  },
};

const count = (n: number) => n.toLocaleString('en-NG');

function SmsToday({ sms }: { sms: OperatorCosts['sms'] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm">
      {(
        [
          ['Sent today', sms.sent_today],
          ['Failed today', sms.failed_today],
          ['Waiting', sms.queued],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-muted">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{count(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * One float (ADR 0086): its balance as last polled and when, a warning below the owner's
 * threshold, and why the last poll failed. `children`: what the page adds (the threshold form).
 */
export function OperatorFloatCard({
  float,
  sms,
  children,
}: {
  float: OperatorFloatHealth;
  sms?: OperatorCosts['sms'];
  children?: ReactNode;
}) {
  const card = FLOAT_CARD[float.float];
  const id = `operator-float-${float.float}`;
  return (
    <article
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-border p-4"
    >
      <h3 id={id} className="font-semibold">
        {card.title}{' '}
        {float.name ? <span className="text-xs font-normal text-muted">{float.name}</span> : null}
      </h3>
      {sms ? <SmsToday sms={sms} /> : null}
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted">{card.balance}</p>
        <p className="text-2xl font-bold [overflow-wrap:anywhere] tabular-nums">
          {float.balance !== null ? (
            <Money kobo={float.balance} />
          ) : float.error ? (
            'Unavailable'
          ) : (
            'Not polled yet'
          )}
        </p>
        {float.polled_at !== null ? (
          <p className="text-xs text-muted">
            Polled <DateText epochMs={float.polled_at} show="datetime" />
          </p>
        ) : null}
      </div>
      {float.below_threshold && float.threshold !== null ? (
        <FormAlert>
          {card.balance} below {formatNaira(float.threshold)}
        </FormAlert>
      ) : null}
      {float.error ? (
        <FormAlert title="The last balance poll failed">{float.error}</FormAlert>
      ) : null}
      <p className="text-sm text-muted">{card.hint}</p>
      {children}
    </article>
  );
}

/**
 * What the operator pays for besides purchases (ADR 0086): today's SMS with the SMS account's
 * balance, and the payout float. `renderExtra` adds to each card (the Providers page's
 * threshold form).
 */
export function OperatorCostCards({
  renderExtra,
}: {
  renderExtra?: (float: OperatorFloatHealth) => ReactNode;
}) {
  const query = useOperatorCosts();
  const costs = query.data?.message;
  const loading = !costs && !query.error;
  return (
    <section
      aria-labelledby="operator-costs-title"
      aria-busy={loading || undefined}
      className="flex flex-col gap-3"
    >
      <h2 id="operator-costs-title" className="text-lg font-semibold">
        SMS and payouts
      </h2>
      {query.error ? <LoadError error={query.error} /> : null}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {loading ? (
          <>
            <Skeleton className="h-44 rounded-card" />
            <Skeleton className="h-44 rounded-card" />
            <span className="sr-only">Loading</span>
          </>
        ) : null}
        {costs?.floats.map((f) => (
          <OperatorFloatCard
            key={f.float}
            float={f}
            sms={f.float === 'termii' ? costs.sms : undefined}
          >
            {renderExtra?.(f)}
          </OperatorFloatCard>
        ))}
      </div>
    </section>
  );
}
