import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import {
  FLOAT_ACCOUNT_LABELS,
  FloatThresholdBody,
  PROVIDER_MSG,
  ProviderRouteBody,
  ROUTE_PROVIDER_LABELS,
  ROUTE_PROVIDERS,
  type FloatAccount,
  type ProviderRoute,
  type RouteProvider,
} from '@contract/providers';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { errorMessage } from '@/lib/api-error';
import { formatNaira, nairaFieldText, parseNairaInput } from '@/lib/money';
import { useSetFloatThreshold, useSetProviderRoute } from '../api/provider-settings';
import { useProviders } from '../api/providers';
import { ScreenHeading } from './admin-parts';
import { OperatorCostCards } from './operator-cost-cards';
import { ProviderCards } from './provider-cards';

const names = (list: readonly RouteProvider[]) =>
  list.map((p) => ROUTE_PROVIDER_LABELS[p]).join(' → ');

/** Long enough for "100,000,000.00" typed with a ₦ and spaces; the contract caps the amount. */
const THRESHOLD_MAX_LENGTH = 20;

/** The threshold as the form shows it: naira with separators, no sign ("500,000.00"). */

/**
 * A float's alert threshold (ADR 0052; the SMS and payout floats too, ADR 0086): naira typed,
 * kobo sent; empty means no alert. Checked against the contract's bounds before the call, with
 * the contract's words.
 */
function ThresholdForm({
  account,
  threshold,
}: {
  account: FloatAccount;
  threshold: number | null;
}) {
  const save = useSetFloatThreshold();
  const [value, setValue] = useState(() => nairaFieldText(threshold));
  const [error, setError] = useState('');
  const [saved, setSaved] = useState<number | null | undefined>(undefined);
  const label = FLOAT_ACCOUNT_LABELS[account];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    const kobo = typed === '' ? null : parseNairaInput(typed);
    const parsed = FloatThresholdBody.safeParse({
      provider: account,
      threshold: kobo === undefined ? Number.NaN : kobo,
    });
    if (!parsed.success) {
      setError(PROVIDER_MSG.thresholdInvalid);
      return;
    }
    setError('');
    try {
      const res = await save.trigger({ body: parsed.data });
      setSaved(res.message.threshold);
      setValue(nairaFieldText(res.message.threshold));
    } catch {
      // shown from save.error
    }
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`${label} float alert`}
      className="flex flex-col gap-2 border-t border-border pt-3"
    >
      <Field
        label={`Alert when the ${label} float is below (₦)`}
        hint="Every admin gets one e-mail each time it drops below. Leave empty for no alert."
        error={error || undefined}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          maxLength={THRESHOLD_MAX_LENGTH}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
            setSaved(undefined);
            save.reset();
          }}
        />
      </Field>
      {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.genericAlt)}</FormAlert> : null}
      {saved !== undefined ? (
        <FormAlert tone="success">
          {saved === null
            ? `No float alert for ${label}.`
            : `Alert below ${formatNaira(saved)} saved.`}
        </FormAlert>
      ) : null}
      <Button type="submit" variant="outline" className="sm:w-fit" loading={save.isMutating}>
        Save threshold
      </Button>
    </form>
  );
}

type Focus = { provider: RouteProvider; action: 'up' | 'down' } | null;

/**
 * The order editor: Move up / Move down / Remove per provider, Add for the others, Save.
 * Keeping a single provider where there were more asks first: from then on a purchase it
 * refuses is not tried elsewhere (ADR 0055).
 */
function RouteForm({
  route,
  onSaved,
  onCancel,
}: {
  route: ProviderRoute;
  onSaved: (route: ProviderRoute) => void;
  onCancel: () => void;
}) {
  const save = useSetProviderRoute();
  const [order, setOrder] = useState<RouteProvider[]>(route.providers);
  const [error, setError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [focus, setFocus] = useState<Focus>(null);
  const list = useRef<HTMLOListElement>(null);

  // A moved row is put back in the DOM: keep the keyboard on its button (or the other
  // direction's, when it reached an end and the pressed one is now disabled).
  useEffect(() => {
    if (!focus || !list.current) return;
    const button = (action: string) =>
      list.current?.querySelector<HTMLButtonElement>(
        `[data-provider="${focus.provider}"][data-action="${action}"]:not(:disabled)`,
      );
    (button(focus.action) ?? button(focus.action === 'up' ? 'down' : 'up'))?.focus();
  }, [focus, order]);

  const change = (next: RouteProvider[]) => {
    setOrder(next);
    setError('');
    setConfirming(false);
    save.reset();
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(index, 1) as [RouteProvider];
    next.splice(index + by, 0, item);
    change(next);
    setFocus({ provider: item, action: by === -1 ? 'up' : 'down' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = ProviderRouteBody.safeParse({ key: route.key, providers: order });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? PROVIDER_MSG.routeEmpty);
      return;
    }
    if (!confirming && route.providers.length > 1 && order.length === 1) {
      setConfirming(true);
      return;
    }
    try {
      const res = await save.trigger({ body: parsed.data });
      onSaved(res.message);
    } catch {
      // shown from save.error
    }
  };

  const others = ROUTE_PROVIDERS.filter((p) => !order.includes(p));
  const only = order[0] ? ROUTE_PROVIDER_LABELS[order[0]] : '';
  return (
    <form onSubmit={submit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogHeader>
        <DialogTitle>Providers for {route.label}</DialogTitle>
        <DialogDescription>
          A purchase goes to the first; one the first refuses goes to the next, under the same
          record and debit.
          {route.is_default ? ' Now the default order (PROVIDER_ROUTES).' : ''}
        </DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <ol ref={list} aria-label="Order" className="flex flex-col gap-2">
          {order.map((p, i) => {
            const name = ROUTE_PROVIDER_LABELS[p];
            return (
              <li
                key={p}
                className="flex flex-wrap items-center gap-2 rounded-control border border-border p-2"
              >
                <span className="min-w-0 flex-1 font-medium">
                  {i + 1}. {name}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={i === 0}
                  data-provider={p}
                  data-action="up"
                  onClick={() => move(i, -1)}
                >
                  Move up<span className="sr-only"> {name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={i === order.length - 1}
                  data-provider={p}
                  data-action="down"
                  onClick={() => move(i, 1)}
                >
                  Move down<span className="sr-only"> {name}</span>
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => change(order.filter((o) => o !== p))}
                >
                  Remove<span className="sr-only"> {name}</span>
                </Button>
              </li>
            );
          })}
        </ol>
        {others.length ? (
          <div className="flex flex-wrap gap-2">
            {others.map((p) => (
              <Button key={p} size="sm" variant="secondary" onClick={() => change([...order, p])}>
                Add {ROUTE_PROVIDER_LABELS[p]}
              </Button>
            ))}
          </div>
        ) : null}
        {confirming ? (
          <FormAlert tone="info" title={`Keep ${only} alone for ${route.label}?`}>
            A purchase {only} refuses will no longer be tried at another provider.
          </FormAlert>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
        {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.genericAlt)}</FormAlert> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isMutating}>
          {confirming ? `Keep ${only} alone` : 'Save'}
        </Button>
      </DialogFooter>
    </form>
  );
}

const columns = (edit: (route: ProviderRoute) => void): PagedTableColumn<ProviderRoute>[] => [
  {
    key: 'route',
    header: 'Product or service',
    cell: (r) => (
      <span className="flex min-w-0 flex-col">
        <span>{r.label}</span>
        {r.kind === 'service' ? <span className="text-xs text-muted">Service</span> : null}
      </span>
    ),
  },
  {
    key: 'providers',
    header: 'Providers, in order',
    cell: (r) => (
      <span className="flex min-w-0 flex-col">
        <span>{names(r.providers)}</span>
        {r.is_default ? <span className="text-xs text-muted">Default</span> : null}
      </span>
    ),
  },
  {
    key: 'edit',
    header: <span className="sr-only">Change</span>,
    align: 'end',
    cell: (r) => (
      <Button size="sm" variant="outline" onClick={() => edit(r)}>
        Change<span className="sr-only"> the providers for {r.label}</span>
      </Button>
    ),
  },
];

/**
 * The Providers page (ADR 0052): each provider's state, float and alert
 * threshold, and the order of providers per product or service, which admins change here.
 */
export function ProvidersScreen() {
  const { data, error, isLoading } = useProviders();
  const [editing, setEditing] = useState<ProviderRoute | null>(null);
  const [saved, setSaved] = useState<ProviderRoute | null>(null);
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Providers"
        description="Which provider sells each product, in order, and when to warn about a float (the SMS and payout floats too). Every change is in the audit log."
      />
      <ProviderCards
        renderExtra={(p) => <ThresholdForm account={p.provider} threshold={p.threshold} />}
      />
      <OperatorCostCards
        renderExtra={(f) => <ThresholdForm account={f.float} threshold={f.threshold} />}
      />
      <section aria-labelledby="routes-title" className="flex flex-col gap-3">
        <h2 id="routes-title" className="text-lg font-semibold">
          Order of providers
        </h2>
        <p className="text-sm text-muted">
          A purchase the first provider refuses goes to the next. One left pending or unanswered is
          never sent elsewhere: it could be delivered twice.
        </p>
        {saved ? (
          <FormAlert tone="success">
            {saved.label}: {names(saved.providers)}.
          </FormAlert>
        ) : null}
        {/* A failed load is said once, under Providers above. */}
        {error ? null : (
          <PagedTable
            caption="Providers per product"
            stackOnMobile
            columns={columns((r) => {
              setSaved(null);
              setEditing(r);
            })}
            rows={data?.message.routes ?? []}
            getRowKey={(r) => r.key}
            pageSize={50}
            loading={isLoading}
          />
        )}
      </section>
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
      >
        <DialogContent>
          {editing ? (
            <RouteForm
              key={editing.key}
              route={editing}
              onCancel={() => setEditing(null)}
              onSaved={(route) => {
                setSaved(route);
                setEditing(null);
              }}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
