import { Fragment, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from '@contract/zod';
import type { CustomerLookup, Recipient, RecipientProduct } from '@contract/entities';
import { TRUST_MSG } from '@contract/messages';
import { fieldMessages } from '@contract/rules';
import { type PriceBreakdown } from '@contract/pricing';
import { NAIRA } from '@contract/business-limits';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { OptionSelect } from '@/components/ui/option-select';
import type { UnitStepper } from '@/components/ui/unit-stepper';
import { useTierPrice } from '@/lib/tier';
import { useFormErrors } from '@/lib/use-form-errors';
import { CustomerCheckResult, useCustomerCheck } from './customer-check';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow, type PurchaseMutation } from './use-purchase-flow';
import type { CouponRules } from './coupon-rules';
import { PurchaseResult } from './lazy-purchase-result';
import { RecipientPicker, type RecipientDraft } from './recipient-picker';

/**
 * One form behind every wallet purchase: a product is described once, as a
 * `ProductDefinition` (products/), and this component renders it: the recipient picker,
 * its fields in order, the customer check, the payment summary, the secret pin and the
 * submit button, with the catalogue's loading and error states and the result after.
 * A sixth product is a definition, not a sixth copy of this shape.
 */

/** What the customer has typed or chosen, by the definition's own keys (the pin apart). */
export type Values = Readonly<Record<string, string>>;

/** A value, or one worked out from the form's model. */
type Dyn<M, T> = T | ((model: M) => T);

export type Option = { value: string; label: string; price?: ReactNode };

/** A select of the catalogue's networks, providers, plans or exams. */
export type ChoiceField<M> = {
  kind: 'choice';
  /** The key in Values it sets. */
  value: string;
  /** The body fields whose errors it shows (the first with one) and clears when changed. */
  errors: readonly string[];
  label: string;
  hint?: Dyn<M, string | undefined>;
  required?: boolean;
  /** What it shows as chosen, when that is not simply its value (a suggested network). */
  selected?: (model: M) => string;
  placeholder: Dyn<M, string>;
  disabled?: (model: M) => boolean;
  options: (model: M) => readonly Option[];
  /** Values emptied when this one changes (a plan belongs to its network). */
  resets?: readonly string[];
  /** Shown only when this is true (a TV plan, unless the current bouquet is renewed). */
  shown?: (model: M) => boolean;
};

/** A typed destination or amount. */
export type TextField<M> = {
  kind: 'text';
  value: string;
  /** Its name in the body, which is also its error's key. */
  name: Dyn<M, string>;
  label: Dyn<M, string>;
  hint?: Dyn<M, string | undefined>;
  type?: Dyn<M, 'tel' | 'text' | undefined>;
  inputMode: Dyn<M, 'tel' | 'numeric' | 'text'>;
  autoComplete: string;
  maxLength?: number;
  /** Shown only when this is true (a JAMB profile id). */
  shown?: (model: M) => boolean;
  /** One tap for the amounts people buy most (naira). */
  quick?: readonly number[];
  /** The meter or smart card the customer check looks up when the field is left. */
  verifies?: boolean;
};

/** A number of units (exam pins). */
export type UnitsField = {
  kind: 'units';
  value: string;
  name: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  /**
   * The stepper it is drawn with, brought by the one definition that has such a field, so the
   * other purchase pages do not download it.
   */
  stepper: typeof UnitStepper;
};

/** Where the customer check's Verify button and answer stand. */
export type CustomerSlot = { kind: 'customer' };

/** A product's own part of the form (TV: renew or change the current bouquet). */
export type CustomField<M> = {
  kind: 'custom';
  render: (model: M, form: { values: Values; set: (next: Values) => void }) => ReactNode;
};

export type ProductField<M> =
  ChoiceField<M> | TextField<M> | UnitsField | CustomerSlot | CustomField<M>;

/** What the definition works out from the values on every render. */
export type ProductModel<B> = {
  /** The charge shown before the pin; undefined until it is known. */
  price: PriceBreakdown | undefined;
  valueLabel: string;
  /** The contract form and what it parses (the pin is added by the form). */
  schema: z.ZodMiniType<B>;
  input: Record<string, unknown>;
  /** What can be saved as a recipient, once complete. */
  draft: RecipientDraft | null;
  /** Electricity and TV: the number verified before paying (ADR 0046), and its field. */
  check?: {
    serviceId: string | undefined;
    number: string;
    variationCode?: 'prepaid' | 'postpaid';
    field: string;
  };
  /** Shown on the result when the transaction itself does not say it (a JAMB profile). */
  destination?: { label: string; value: string };
};

export type CatalogueList<C> = {
  data?: { message: readonly C[] };
  isLoading: boolean;
  error: unknown;
  mutate: () => unknown;
};

export type ProductDefinition<C, M extends ProductModel<B>, B> = {
  /** The page's heading and the line under it (`ProductScreen`). */
  page: { title: string; description: string };
  /** The form's accessible name ("Buy airtime") and its submit button's text. */
  label: string;
  submit: string;
  /** The catalogue list it sells from, named in its loading state ("Loading networks"). */
  catalogue: { what: string; useList: () => CatalogueList<C> };
  useBuy: () => PurchaseMutation<B> & { isMutating: boolean };
  /** Every body field, in the order the form lists them (focus goes to the first error). */
  errorKeys: readonly string[];
  initial: Values;
  model: (
    values: Values,
    list: readonly C[],
    context: {
      balance: number;
      withTier: ReturnType<typeof useTierPrice>;
      /** What the customer check found for the number (TV: the current bouquet). */
      customer?: CustomerLookup;
    },
  ) => M;
  fields: readonly ProductField<M>[];
  /** Saved and recent recipients; none for exam pins. */
  recipients?: {
    product: RecipientProduct;
    providerName: (recipient: Recipient, list: readonly C[]) => string | undefined;
    /** The values a recipient fills in, and the errors that go with the old ones. */
    choose: (
      recipient: Recipient,
      values: Values,
      list: readonly C[],
    ) => { set: Values; clears: readonly string[] };
  };
  /** How the "Use Coupon" tab redeems this product's coupons (`ProductScreen`). */
  coupon: CouponRules<B>;
};

/** Infers a definition's types from its model. */
export function defineProduct<C, M extends ProductModel<B>, B>(
  definition: ProductDefinition<C, M, B>,
): ProductDefinition<C, M, B> {
  return definition;
}

const resolve = <M, T>(value: Dyn<M, T>, model: M): T =>
  typeof value === 'function' ? (value as (model: M) => T)(model) : value;

/** A product's wallet form ("Use wallet" tab). */
export function ProductForm<C, M extends ProductModel<B>, B>({
  definition: d,
}: {
  definition: ProductDefinition<C, M, B>;
}) {
  const catalogue = d.catalogue.useList();
  const balance = useBalance();
  const buy = d.useBuy();
  const { errors, validate, clear, show, idOf, setErrors } = useFormErrors(d.errorKeys);
  const [values, setValues] = useState<Values>(d.initial);
  const [pin, setPin] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();

  const list = catalogue.data?.message ?? [];
  const before = d.model(values, list, { balance, withTier });
  const customer = useCustomerCheck(
    before.check?.serviceId,
    before.check?.number ?? '',
    before.check?.variationCode,
  );
  // Once the number is verified the model may use what was found (a bouquet to renew).
  const found = customer.verify.data?.message;
  const model = found ? d.model(values, list, { balance, withTier, customer: found }) : before;

  const edited = (...fields: readonly string[]) => {
    for (const field of fields) clear(field);
    buy.reset();
  };
  const set = (next: Values) => setValues((current) => ({ ...current, ...next }));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(model.schema, { ...model.input, pin });
    if (!body) return;
    // Paid only to a meter or smart card whose name the customer has seen (ADR 0046).
    if (model.check && !customer.verified) {
      show({ [model.check.field]: TRUST_MSG.verifyFirst });
      return;
    }
    await flow.submit(body);
  };

  if (flow.result) {
    return (
      <PurchaseResult
        transaction={flow.result}
        destination={model.destination}
        onDone={() => {
          flow.done();
          setPin('');
        }}
      />
    );
  }
  if (!catalogue.data) {
    return (
      <CatalogueState
        what={d.catalogue.what}
        isLoading={catalogue.isLoading}
        error={catalogue.error}
        retry={() => void catalogue.mutate()}
      />
    );
  }

  const field = (f: ProductField<M>, index: number): ReactNode => {
    switch (f.kind) {
      case 'customer':
        return <CustomerCheckResult key={index} check={customer} />;
      case 'custom':
        return <Fragment key={index}>{f.render(model, { values, set })}</Fragment>;
      case 'choice': {
        if (f.shown && !f.shown(model)) return null;
        const error = f.errors.map((key) => errors[key]).find(Boolean);
        return (
          <Field
            key={index}
            label={f.label}
            hint={f.hint === undefined ? undefined : resolve(f.hint, model)}
            controlId={idOf(f.errors[0]!)}
            error={error}
            required={f.required}
          >
            {(control) => (
              <OptionSelect
                {...control}
                value={f.selected ? f.selected(model) : (values[f.value] ?? '')}
                disabled={f.disabled?.(model)}
                onValueChange={(v) => {
                  set({
                    ...Object.fromEntries((f.resets ?? []).map((key) => [key, ''])),
                    [f.value]: v,
                  });
                  edited(...f.errors);
                }}
                placeholder={resolve(f.placeholder, model)}
                options={f.options(model)}
              />
            )}
          </Field>
        );
      }
      case 'units':
        return (
          <Field
            key={index}
            label={f.label}
            hint={f.hint}
            controlId={idOf(f.name)}
            error={errors[f.name]}
            width="fit"
          >
            {(control) => (
              <f.stepper
                {...control}
                label={f.label}
                min={f.min}
                max={f.max}
                value={Number(values[f.value])}
                onChange={(n) => {
                  set({ [f.value]: String(n) });
                  edited(f.name);
                }}
              />
            )}
          </Field>
        );
      case 'text': {
        if (f.shown && !f.shown(model)) return null;
        const name = resolve(f.name, model);
        const value = values[f.value] ?? '';
        const input = (
          <Field
            key={name}
            label={resolve(f.label, model)}
            hint={f.hint === undefined ? undefined : resolve(f.hint, model)}
            controlId={idOf(name)}
            error={errors[name]}
            required
          >
            <Input
              name={name}
              type={f.type === undefined ? undefined : resolve(f.type, model)}
              inputMode={resolve(f.inputMode, model)}
              autoComplete={f.autoComplete}
              maxLength={f.maxLength}
              value={value}
              onChange={(e) => {
                set({ [f.value]: e.target.value });
                edited(name);
              }}
              onBlur={
                f.verifies
                  ? () => {
                      if (customer.tooLong) {
                        // The number's own rule, under the field (never a connection error).
                        const parsed = model.schema.safeParse({ ...model.input, pin });
                        const message = parsed.success ? undefined : fieldMessages(parsed)[name];
                        if (message) setErrors((current) => ({ ...current, [name]: message }));
                        return;
                      }
                      if (customer.canCheck && !customer.verify.data) customer.check();
                    }
                  : undefined
              }
            />
          </Field>
        );
        if (!f.quick) return input;
        return [
          input,
          <div
            key={`${name}-quick`}
            role="group"
            aria-label="Quick amounts"
            className="-mt-2 flex flex-wrap gap-2"
          >
            {f.quick.map((naira) => (
              <Button
                key={naira}
                size="sm"
                variant={value.trim() === String(naira) ? 'primary' : 'secondary'}
                aria-pressed={value.trim() === String(naira)}
                onClick={() => {
                  set({ [f.value]: String(naira) });
                  edited(name);
                }}
              >
                <Money kobo={naira * NAIRA} />
              </Button>
            ))}
          </div>,
        ];
      }
    }
  };

  const recipients = d.recipients;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={d.label}>
      {recipients ? (
        <RecipientPicker
          product={recipients.product}
          providerName={(r) => recipients.providerName(r, list)}
          onChoose={(r) => {
            const chosen = recipients.choose(r, values, list);
            set(chosen.set);
            edited(...chosen.clears);
          }}
          draft={model.draft}
        />
      ) : null}
      {d.fields.map(field)}
      <PriceSummary price={model.price} valueLabel={model.valueLabel} />
      <PinField
        id={idOf('pin')}
        error={errors.pin}
        value={pin}
        onChange={(next) => {
          setPin(next);
          edited('pin');
        }}
      />
      <SubmitRow error={flow.serverError} loading={buy.isMutating}>
        {d.submit}
      </SubmitRow>
    </form>
  );
}
