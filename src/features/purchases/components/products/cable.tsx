import { cableForm } from '@contract/forms';
import { billPrice } from '@contract/pricing';
import { isDigits } from '@contract/rules';
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
  initial: { service_id: '', plan_id: '', card: '' },
  model(values, variations, { balance, withTier }) {
    const variation = variations.find((x) => x.service_id === values.service_id);
    const plans = (variation?.plans ?? []).filter((p) => p.on_sale !== false);
    const plan = plans.find((p) => p.plan_id === values.plan_id);
    const card = v(values, 'card');
    const price =
      plan && variation
        ? withTier('cabletv', billPrice(plan.price, variation.wallet_convinience_fee))
        : undefined;
    return {
      variations,
      variation,
      plans,
      price,
      valueLabel: 'Plan price',
      schema: cableForm({ balance, total: price?.total }),
      input: {
        service_id: v(values, 'service_id'),
        plan_id: v(values, 'plan_id'),
        smart_card_number: card,
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
