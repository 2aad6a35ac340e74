import { toNaira } from '@contract/money';
import { airtimeForm } from '@contract/forms';
import { suggestNetwork } from '@contract/phone';
import { airtimePrice } from '@contract/pricing';
import { isPhone } from '@contract/rules';
import { useNetworks } from '@/lib/catalogue';
import { useAirtimePurchase } from '../../api/airtime';
import { defineProduct, ProductForm } from '../product-form';
import { ProductScreen } from '../product-screen';
import { PHONE_HINT, typedKobo, v } from './shared';

/** Airtime (spec §5 "Airtime"): the network is suggested from the number. */
export const airtime = defineProduct({
  page: { title: 'Airtime', description: 'Recharge any Nigerian number instantly.' },
  label: 'Buy airtime',
  submit: 'Buy airtime',
  catalogue: { what: 'networks', useList: useNetworks },
  useBuy: useAirtimePurchase,
  errorKeys: ['phone_number', 'network_id', 'amount', 'pin'],
  initial: { phone: '', network: '', amount: '' },
  model(values, networks, { balance, withTier }) {
    const phone = v(values, 'phone');
    const suggestedId = networks.find((n) => n.name.toUpperCase() === suggestNetwork(phone))?.id;
    // Numbers are portable: a choice the customer made wins over the prefix.
    const networkId = v(values, 'network') || suggestedId || '';
    const network = networks.find((n) => n.id === networkId);
    const percentOff = network?.wallet_percent_off ?? 0;
    const kobo = typedKobo(values.amount);
    const total = (k: number) => withTier('airtime', airtimePrice(k, percentOff)).total;
    return {
      networks,
      networkId,
      suggested: Boolean(suggestedId) && !values.network,
      price: kobo > 0 ? withTier('airtime', airtimePrice(kobo, percentOff)) : undefined,
      valueLabel: 'Airtime',
      schema: airtimeForm({ balance, total }),
      input: { phone_number: phone, network_id: networkId, amount: v(values, 'amount') },
      draft:
        isPhone(phone.trim()) && network
          ? { destination: phone.trim(), service_id: network.service_id }
          : null,
    };
  },
  recipients: {
    product: 'Airtime',
    providerName: (r, networks) => networks.find((n) => n.service_id === r.service_id)?.name,
    choose: (r, _values, networks) => ({
      set: {
        phone: r.destination,
        network: networks.find((n) => n.service_id === r.service_id)?.id ?? '',
      },
      clears: ['phone_number', 'network_id'],
    }),
  },
  fields: [
    {
      kind: 'text',
      value: 'phone',
      name: 'phone_number',
      label: 'Phone number',
      hint: PHONE_HINT,
      type: 'tel',
      inputMode: 'tel',
      autoComplete: 'tel-national',
    },
    {
      kind: 'choice',
      value: 'network',
      errors: ['network_id'],
      label: 'Network',
      hint: (m) => (m.suggested ? 'Suggested from the number; change it if ported.' : undefined),
      selected: (m) => m.networkId,
      placeholder: 'Choose a network',
      options: (m) =>
        m.networks.map((n) => ({
          value: n.id,
          label: n.name,
          price: n.wallet_percent_off ? `${n.wallet_percent_off}% off` : undefined,
        })),
    },
    {
      kind: 'text',
      value: 'amount',
      name: 'amount',
      label: 'Amount (₦)',
      hint: 'Whole naira, at least ₦100.',
      inputMode: 'numeric',
      autoComplete: 'off',
      quick: [100, 200, 500, 1000, 2000],
    },
  ],
  coupon: {
    screen: 'Airtime',
    destinationFor: () => ({
      field: 'phone_number',
      label: 'Phone number',
      hint: PHONE_HINT,
      inputMode: 'tel',
    }),
    parse: (coupon, input) =>
      airtimeForm({ balance: 0, total: () => 0 }).safeParse({
        phone_number: input.destination,
        amount: String(toNaira(coupon.meta_data.amount)),
        network_id: coupon.meta_data.network_id,
        pin: input.pin,
        coupon_code: coupon.coupon_code,
      }),
  },
});

export const AirtimeForm = () => <ProductForm definition={airtime} />;

/** Airtime (spec §2 page 4). */
export const AirtimeScreen = () => <ProductScreen definition={airtime} />;
