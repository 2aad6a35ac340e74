import { cableForm } from '@contract/forms';
import { billPrice } from '@contract/pricing';
import { isDigits } from '@contract/rules';
import { NAIRA } from '@contract/business-limits';
import { TV_MSG } from '@contract/messages';
import { cleanPlanName, samePlanName } from '@contract/plan-names';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { useCableProducts } from '@/lib/catalogue';
import { useCableTvPurchase } from '../../api/cable-tv';
import { defineProduct, ProductForm } from '../product-form';
import { ProductScreen } from '../product-screen';
import { v } from './shared';

/** Cable TV (spec §5 "Cable TV"): provider, plan, smart card, verified name. */
export const cable = defineProduct({
  page: { title: 'Cable TV', description: 'Renew DStv, GOtv, StarTimes and Showmax.' },
  label: 'Pay for cable TV',
  submit: 'Pay subscription',
  catalogue: { what: 'TV plans', useList: useCableProducts },
  useBuy: useCableTvPurchase,
  errorKeys: ['service_id', 'plan_id', 'smart_card_number', 'pin'],
  initial: { service_id: '', plan_id: '', card: '', mode: '' },
  model(values, variations, { balance, withTier, customer }) {
    const variation = variations.find((x) => x.service_id === values.service_id);
    const plans = (variation?.plans ?? []).filter((p) => p.on_sale !== false);
    const card = v(values, 'card');
    // DStv and GOtv: the verified card's bouquet can be renewed (ADR 0077), or changed.
    const renewal = variation ? customer?.renewal : undefined;
    // Offered beside the plans: the form renews only once the customer picks it.
    const renewing = Boolean(renewal) && values.mode === 'renew';
    const plan = renewing
      ? plans.find((p) => p.plan_id === renewal?.plan_id)
      : plans.find((p) => p.plan_id === values.plan_id);
    const value = renewing ? renewal?.amount : plan?.price;
    const price =
      value !== undefined && variation
        ? withTier('cabletv', billPrice(value, variation.wallet_convinience_fee))
        : undefined;
    // The bouquet on the card now, by our plan's clean name when it is one we sell.
    const current =
      renewal?.name ?? (customer?.current_bouquet && cleanPlanName(customer.current_bouquet));
    const replaces =
      !renewing && plan && current && !samePlanName(plan.name, current) ? current : undefined;
    return {
      variations,
      variation,
      plans,
      renewal,
      renewing,
      renewPrice:
        renewal && variation
          ? withTier('cabletv', billPrice(renewal.amount, variation.wallet_convinience_fee))
          : undefined,
      replaces,
      price,
      valueLabel: renewing ? 'Renewal price' : 'Plan price',
      schema: cableForm({ balance, total: price?.total }),
      input: {
        service_id: v(values, 'service_id'),
        plan_id: renewing ? (renewal?.plan_id ?? '') : v(values, 'plan_id'),
        smart_card_number: card,
        ...(renewing && renewal
          ? { subscription_type: 'renew', renewal_amount: renewal.amount / NAIRA }
          : {}),
      },
      check: {
        serviceId: values.service_id || undefined,
        number: card,
        field: 'smart_card_number',
      },
      draft:
        variation && isDigits(card.trim())
          ? { destination: card.trim(), service_id: variation.service_id }
          : null,
    };
  },
  recipients: {
    product: 'CableTV',
    providerName: (r, variations) => variations.find((x) => x.service_id === r.service_id)?.name,
    choose: (r, values) => ({
      set: {
        service_id: r.service_id,
        card: r.destination,
        ...(r.service_id !== values.service_id && { plan_id: '' }),
      },
      clears: ['service_id', 'smart_card_number'],
    }),
  },
  fields: [
    {
      kind: 'choice',
      value: 'service_id',
      errors: ['service_id'],
      label: 'TV provider',
      required: true,
      placeholder: 'Choose a provider',
      options: (m) => m.variations.map((x) => ({ value: x.service_id, label: x.name })),
      resets: ['plan_id'],
    },
    {
      kind: 'choice',
      value: 'plan_id',
      errors: ['plan_id'],
      label: 'Plan',
      required: true,
      shown: (m) => !m.renewing,
      disabled: (m) => !m.variation,
      placeholder: (m) => (m.variation ? 'Choose a plan' : 'Choose a provider first'),
      options: (m) =>
        m.plans.map((p) => ({ value: p.plan_id, label: p.name, price: <Money kobo={p.price} /> })),
    },
    {
      kind: 'text',
      value: 'card',
      name: 'smart_card_number',
      label: 'Smart card number',
      hint: 'The IUC or decoder number, digits only.',
      inputMode: 'numeric',
      autoComplete: 'off',
      verifies: true,
    },
    { kind: 'customer' },
    {
      kind: 'custom',
      render: (m, { values, set }) => (
        <>
          {m.renewal ? (
            <fieldset className="flex flex-col gap-1" data-testid="bouquet-choice">
              <legend className="mb-1 text-sm font-medium">Current bouquet</legend>
              <label className="flex min-h-control items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="cable-mode"
                  className="size-5 accent-brand"
                  checked={m.renewing}
                  onChange={() => set({ mode: 'renew' })}
                />
                <span>
                  {TV_MSG.renew}: {m.renewal.name}
                  {m.renewPrice ? (
                    <>
                      {' · '}
                      <Money kobo={m.renewPrice.total} />
                    </>
                  ) : null}
                </span>
              </label>
              <label className="flex min-h-control items-center gap-3 text-sm">
                <input
                  type="radio"
                  name="cable-mode"
                  className="size-5 accent-brand"
                  checked={!m.renewing}
                  onChange={() => set({ mode: 'change', plan_id: values.plan_id ?? '' })}
                />
                <span>{TV_MSG.change}</span>
              </label>
            </fieldset>
          ) : null}
          {m.replaces ? (
            <FormAlert tone="info" title="Changing bouquet" data-testid="change-warning">
              {TV_MSG.changeReplaces(m.replaces)}
            </FormAlert>
          ) : null}
        </>
      ),
    },
  ],
  coupon: {
    screen: 'CableTV',
    destinationFor: () => ({
      field: 'smart_card_number',
      label: 'Smart card number',
      hint: 'The IUC or decoder number, digits only.',
      inputMode: 'numeric',
    }),
    verifyWith: (coupon) => ({ serviceId: coupon.meta_data.service_id }),
    parse: (coupon, input) =>
      cableForm({ balance: 0 }).safeParse({
        service_id: coupon.meta_data.service_id,
        plan_id: coupon.meta_data.plan_id,
        smart_card_number: input.destination,
        pin: input.pin,
        coupon_code: coupon.coupon_code,
      }),
  },
});

export const CableForm = () => <ProductForm definition={cable} />;

/** Cable TV (spec §2 page 6). */
export const CableScreen = () => <ProductScreen definition={cable} />;
