import type { ReactNode } from 'react';
import {
  ROUTE_PROVIDER_LABELS,
  type ProviderHealth,
  type RouteProvider,
} from '@contract/providers';
import { DateText } from '@/components/ui/date-text';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { statusBadgeVariants } from '@/components/ui/status-badge';
import { formatNaira } from '@/lib/money';
import { formatTime } from '@/lib/dates';
import { useLiveFloat, useProviders } from '../api/providers';
import { LoadError } from './admin-parts';

/**
 * The spec's names for the two floats (§2: "ATG wallet balance, VT wallet balance"); the
 * second names its real provider (ADR 0040).
 */
export const FLOAT_LABEL: Record<RouteProvider, string> = {
  vtpass: 'VT wallet balance',
  flutterwave: 'Flutterwave wallet balance',
};

/** The breaker's state in an operator's words (ADR 0052). */
export function stateText(p: ProviderHealth): string {
  if (p.state === 'open' && p.open_until !== null)
    return `Paused until ${formatTime(p.open_until)}`;
  if (p.state === 'closed') return 'In use';
  // Half-open, or open with no end known: the next purchase routed to it tries it.
  return 'Trying again';
}

function StateBadge({ provider }: { provider: ProviderHealth }) {
  const tone =
    provider.state === 'closed' ? 'success' : provider.state === 'open' ? 'danger' : 'neutral';
  return (
    <span className={statusBadgeVariants({ tone })}>
      <span aria-hidden="true">
        {provider.state === 'closed' ? '✓' : provider.state === 'open' ? '✕' : '↻'}
      </span>
      {stateText(provider)}
    </span>
  );
}

/** "850 ms", "4.2 s": a latency a person reads at a glance. */
export function latencyText(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(Math.round(ms / 100) / 10).toLocaleString('en-NG')} s`;
}

function LastHour({ provider }: { provider: ProviderHealth }) {
  if (provider.calls === 0 || provider.success_rate === null) {
    return <>No calls in the last hour</>;
  }
  const calls = provider.calls === 1 ? '1 call' : `${provider.calls.toLocaleString('en-NG')} calls`;
  return (
    <>
      {Math.round(provider.success_rate * 100)} % of {calls} succeeded
      {provider.median_latency_ms !== null
        ? `, median ${latencyText(provider.median_latency_ms)}`
        : ''}
    </>
  );
}

/**
 * The float: as last polled, with when. Until a poll gave one (polling off, or the server just
 * started) it is read from the provider now, so the overview still shows both balances (spec
 * §2) and no float is shown twice.
 */
function Float({ provider }: { provider: ProviderHealth }) {
  const live = useLiveFloat(provider.provider, provider.float === null && !provider.float_error);
  let value: ReactNode;
  let when: ReactNode = null;
  if (provider.float !== null) {
    value = <Money kobo={provider.float} />;
    if (provider.float_polled_at !== null) {
      when = (
        <>
          Polled <DateText epochMs={provider.float_polled_at} show="datetime" />
        </>
      );
    }
  } else if (provider.float_error) {
    value = 'Unavailable';
  } else if (live.data) {
    value = <Money kobo={live.data.message} />;
    when = 'Read just now (not polled yet)';
  } else {
    value = live.error ? 'Unavailable' : <Skeleton className="my-1 h-7 w-32" />;
  }
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-muted">{FLOAT_LABEL[provider.provider]}</p>
      <p className="text-2xl font-bold [overflow-wrap:anywhere] tabular-nums">{value}</p>
      {when ? <p className="text-xs text-muted">{when}</p> : null}
    </div>
  );
}

/**
 * One provider: whether purchases go to it, its float (with a warning below the
 * admin's threshold, and why the last poll failed), and its last hour. `children`: what the
 * page adds below (the Providers page's threshold form).
 */
export function ProviderCard({
  provider,
  children,
}: {
  provider: ProviderHealth;
  children?: ReactNode;
}) {
  const id = `provider-${provider.provider}`;
  return (
    <article
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-card border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="font-semibold">
          {ROUTE_PROVIDER_LABELS[provider.provider]}{' '}
          <span className="text-xs font-normal text-muted">{provider.name}</span>
        </h3>
        <StateBadge provider={provider} />
      </div>
      <Float provider={provider} />
      {provider.below_threshold && provider.threshold !== null ? (
        <FormAlert>Float below {formatNaira(provider.threshold)}</FormAlert>
      ) : null}
      {provider.float_error ? (
        <FormAlert title="The last float poll failed">{provider.float_error}</FormAlert>
      ) : null}
      <p className="text-sm">
        <span className="text-muted">Last hour: </span>
        <LastHour provider={provider} />
      </p>
      {children}
    </article>
  );
}

/**
 * Every provider's card, under a "Providers" heading. `renderExtra` adds to each card (the
 * Providers page puts the threshold form there).
 */
export function ProviderCards({
  renderExtra,
}: {
  renderExtra?: (provider: ProviderHealth) => ReactNode;
}) {
  const query = useProviders();
  const providers = query.data?.message.providers;
  const loading = !providers && !query.error;
  return (
    <section
      aria-labelledby="providers-title"
      aria-busy={loading || undefined}
      className="flex flex-col gap-3"
    >
      <h2 id="providers-title" className="text-lg font-semibold">
        Providers
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
        {providers?.map((p) => (
          <ProviderCard key={p.provider} provider={p}>
            {renderExtra?.(p)}
          </ProviderCard>
        ))}
      </div>
    </section>
  );
}
