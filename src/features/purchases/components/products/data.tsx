import type { Coupon } from '@contract/entities';
import { dataForm } from '@contract/forms';
import { dataPrice } from '@contract/pricing';
import { isDigits, isPhone } from '@contract/rules';
import { Money } from '@/components/ui/money';
import { useDataProducts } from '@/lib/catalogue';
import { useDataPurchase } from '../../api/data';
import { defineProduct, ProductForm } from '../product-form';
import { ProductScreen } from '../product-screen';
import { PHONE_HINT, v } from './shared';

/**
 * Data (spec §5 "Data"): a network or provider, a plan, and a phone number, or an account id
 * for SPECTRANET and SMILE BUNDLES.
 */
export const data = defineProduct({
  page: { title: 'Data', description: 'Mobile data bundles, Spectranet and Smile.' },
  label: 'Buy data',
  submit: 'Buy data',
  catalogue: { what: 'data plans', useList: useDataProducts },
  useBuy: useDataPurchase,
  errorKeys: ['service_id', 'plan_id', 'phone_number', 'account_id', 'pin'],
  initial: { service_id: '', plan_id: '', destination: '' },
  model(values, variations, { balance, withTier }) {
    const variation = variations.find((x) => x.service_id === values.service_id);
    const plans = (variation?.plans ?? []).filter((p) => p.on_sale !== false);
    const plan = plans.find((p) => p.plan_id === values.plan_id);
    const accountId = variation?.requires_account_id ?? false;
    const destination = v(values, 'destination');
    const price = plan ? withTier('data', dataPrice(plan.wallet_price)) : undefined;
    return {
      variations,
      variation,
      accountId,
      planOptions: plans.map((p) => ({
        value: p.plan_id,
        label: p.name,
        price: <Money kobo={withTier('data', dataPrice(p.wallet_price)).total} />,
      })),
      price,
      valueLabel: 'Plan price',
      schema: dataForm({ balance, requiresAccountId: accountId, price: price?.total }),
      input: {
        service_id: v(values, 'service_id'),
        network_id: variation?.network_id,
        plan_id: v(values, 'plan_id'),
        ...(accountId ? { account_id: destination } : { phone_number: destination }),
      },
      draft:
        variation && (accountId ? isDigits(destination.trim()) : isPhone(destination.trim()))
          ? { destination: destination.trim(), service_id: variation.service_id }
          : null,
    };
  },
  recipients: {
    product: 'Data',
    providerName: (r, variations) => variations.find((x) => x.service_id === r.service_id)?.name,
    choose: (r, values) => ({
      set: {
        service_id: r.service_id,
        destination: r.destination,
        ...(r.service_id !== values.service_id && { plan_id: '' }),
      },
      clears: ['service_id', 'phone_number', 'account_id'],
    }),
  },
  fields: [
    {
      kind: 'choice',
      value: 'service_id',
      errors: ['service_id'],
      label: 'Network',
      required: true,
      placeholder: 'Choose a network',
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
      placeholder: (m) => (m.variation ? 'Choose a plan' : 'Choose a network first'),
      options: (m) => m.planOptions,
    },
    {
      kind: 'text',
      value: 'destination',
      name: (m) => (m.accountId ? 'account_id' : 'phone_number'),
      label: (m) => (m.accountId ? 'Account ID' : 'Phone number'),
      hint: (m) =>
        m.accountId ? `Your ${m.variation?.name ?? ''} account or user id.` : PHONE_HINT,
      type: (m) => (m.accountId ? 'text' : 'tel'),
      inputMode: (m) => (m.accountId ? 'text' : 'tel'),
      autoComplete: 'off',
    },
  ],
  coupon: {
    screen: 'Data',
    destinationFor: (coupon) =>
      needsAccount(coupon)
        ? { field: 'account_id', label: 'Account ID', inputMode: 'text' }
        : { field: 'phone_number', label: 'Phone number', hint: PHONE_HINT, inputMode: 'tel' },
    parse: (coupon, input) => {
      const requiresAccountId = needsAccount(coupon);
      return dataForm({ balance: 0, requiresAccountId }).safeParse({
        service_id: coupon.meta_data.service_id,
        network_id: coupon.meta_data.network_id,
        plan_id: coupon.meta_data.plan_id,
        ...(requiresAccountId
          ? { account_id: input.destination }
          : { phone_number: input.destination }),
        pin: input.pin,
        coupon_code: coupon.coupon_code,
      });
    },
  },
});

/** SPECTRANET and SMILE coupons are DATA-NON-REGULAR: bought for an account id. */
function needsAccount(coupon: Coupon) {
  return coupon.meta_data.product === 'DATA-NON-REGULAR';
}

export const DataForm = () => <ProductForm definition={data} />;

/** Data (spec §2 page 5). */
export const DataScreen = () => <ProductScreen definition={data} />;
