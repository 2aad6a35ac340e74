import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import {
  DiscountPercent,
  PROVIDER_COMMISSION_BPS,
  percentText,
  TIER_PRODUCT_LABELS,
  TIER_MSG,
  TIER_PRODUCTS,
  TierNameSchema,
  type Tier,
  type TierDiscounts,
  type TierProduct,
} from '@contract/tiers';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useCreateTier, useEditTier, useTiers } from '../api/tiers';
import { LoadError, ScreenHeading } from './admin-parts';

type Draft = { name: string } & Record<TierProduct, string>;
type Errors = Partial<Record<keyof Draft, string>>;

const draftOf = (tier?: Tier): Draft => {
  const d = { name: tier?.name ?? '' } as Draft;
  for (const p of TIER_PRODUCTS) d[p] = String((tier?.discounts[p] ?? 0) / 100);
  return d;
};

/** The draft as a request body, or the first message of each field (contract rules). */
function parse(draft: Draft): {
  body?: { name: string; discounts: TierDiscounts };
  errors: Errors;
} {
  const errors: Errors = {};
  const name = TierNameSchema.safeParse(draft.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const discounts = {} as TierDiscounts;
  for (const p of TIER_PRODUCTS) {
    const text = draft[p].trim();
    const r = DiscountPercent.safeParse(/^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN);
    if (r.success) discounts[p] = r.data;
    else errors[p] = r.error.issues[0]?.message;
  }
  if (!name.success || Object.keys(errors).length > 0) return { errors };
  return { body: { name: name.data, discounts }, errors };
}

/** One tier's form: its name and a discount per product; Save (or Create for a new one). */
function TierForm({ tier }: { tier?: Tier }) {
  const create = useCreateTier();
  const edit = useEditTier();
  const action = tier ? edit : create;
  const [draft, setDraft] = useState<Draft>(() => draftOf(tier));
  const [errors, setErrors] = useState<Errors>({});
  const title = tier ? tier.name : 'New tier';
  const formId = tier ? `tier-${tier.id}` : 'tier-new';

  const change = (key: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    action.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { body, errors: found } = parse(draft);
    setErrors(found);
    if (!body) return;
    const done = tier
      ? edit.trigger({ params: { id: tier.id }, body })
      : create.trigger({ body }).then((r) => {
          setDraft(draftOf());
          return r;
        });
    done.catch(() => undefined);
  };

  const failure = action.error ? errorMessage(action.error, FALLBACK.generic) : '';
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby={`${formId}-title`}
      className="flex flex-col gap-4 rounded-card border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${formId}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {tier ? (
          <p className="text-sm text-muted">
            {tier.is_default ? 'Default · ' : ''}
            {tier.customers === 1 ? '1 customer' : `${tier.customers} customers`}
          </p>
        ) : null}
      </div>
      <Field label="Name" error={errors.name} required>
        <Input
          name="name"
          autoComplete="off"
          value={draft.name}
          onChange={(e) => change('name', e.target.value)}
        />
      </Field>
      <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="mb-2 text-sm font-medium">Discount off the wallet price (%)</legend>
        {TIER_PRODUCTS.map((p) => (
          <Field
            key={p}
            label={TIER_PRODUCT_LABELS[p]}
            hint={`Provider keeps ${percentText(PROVIDER_COMMISSION_BPS[p])}`}
            error={errors[p]}
          >
            <Input
              name={p}
              inputMode="decimal"
              autoComplete="off"
              value={draft[p]}
              onChange={(e) => change(p, e.target.value)}
            />
          </Field>
        ))}
      </fieldset>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {action.data ? (
        <FormAlert tone="success">{tier ? TIER_MSG.saved : TIER_MSG.created}</FormAlert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={action.isMutating}>
          {tier ? 'Save' : 'Create tier'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Price tiers (ADR 0027): each tier's discount per product, taken off the wallet
 * price. Saving a tier that would price below the provider's cost is refused with the most
 * allowed; changes apply to later purchases and are recorded in the audit log.
 */
export function TiersScreen() {
  const { data, error, isLoading } = useTiers();
  const tiers = data?.message ?? [];
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Price tiers"
        description="A tier takes a percentage off what each product costs from the wallet. Every customer is on the default tier until moved (on the Users page). A tier can never price below the provider’s cost."
      />
      {error ? <LoadError error={error} /> : null}
      {isLoading ? (
        <div role="status" aria-label="Loading tiers" className="flex flex-col gap-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : null}
      {tiers.map((t) => (
        <TierForm key={t.id} tier={t} />
      ))}
      {data && !tiers.some((t) => !t.is_default) ? (
        <EmptyState
          size="sm"
          title="No tiers besides the default yet"
          description="Create one below, then move customers onto it."
        />
      ) : null}
      {data ? <TierForm /> : null}
    </div>
  );
}
