import { electricityCouponForm, electricityForm } from '@contract/forms';
import { electricityPrice } from '@contract/pricing';
import { isDigits } from '@contract/rules';
import { useElectricityProducts } from '@/lib/catalogue';
import { useElectricityPurchase } from '../../api/electricity';
import { defineProduct, ProductForm } from '../product-form';
import { ProductScreen } from '../product-screen';
import { typedKobo, v } from './shared';

/**
 * Electricity (spec §5 "Electricity"): a DisCo (prepaid or postpaid), the meter, verified
 * before paying (ADR 0046), an amount of at least ₦500 plus the DisCo's fee.
 */
export const electricity = defineProduct({
  page: {
    title: 'Electricity',
    description: 'Prepaid tokens and postpaid bills for every DisCo.',
  },
  label: 'Buy electricity',
  submit: 'Buy electricity',
  catalogue: { what: 'electricity companies', useList: useElectricityProducts },
  useBuy: useElectricityPurchase,
  errorKeys: ['service_id', 'variation_code', 'meter_number', 'amount', 'pin'],
  initial: { disco: '', meter: '', amount: '' },
  model(values, discos, { balance, withTier }) {
    const disco = discos.find((x) => x.id === values.disco);
    const feePercent = disco?.wallet_convinience_fee ?? 0;
    const meter = v(values, 'meter');
    const kobo = typedKobo(values.amount);
    const total = (k: number) => withTier('electricity', electricityPrice(k, feePercent)).total;
    return {
      discos,
      price:
        disco && kobo > 0 ? withTier('electricity', electricityPrice(kobo, feePercent)) : undefined,
      valueLabel: 'Electricity',
      schema: electricityForm({ balance, total }),
      input: {
        service_id: disco?.service_id ?? '',
        variation_code: disco?.variation_code,
        meter_number: meter,
        amount: v(values, 'amount'),
      },
      check: {
        serviceId: disco?.service_id,
        number: meter,
        variationCode: disco?.variation_code,
        field: 'meter_number',
      },
      draft:
        disco && isDigits(meter.trim())
          ? {
              destination: meter.trim(),
              service_id: disco.service_id,
              variation_code: disco.variation_code,
            }
          : null,
    };
  },
  recipients: {
    product: 'Electricity',
    providerName: (r, discos) => discoOf(r, discos)?.name,
    choose: (r, _values, discos) => ({
      set: { disco: discoOf(r, discos)?.id ?? '', meter: r.destination },
      clears: ['service_id', 'meter_number'],
    }),
  },
  fields: [
    {
      kind: 'choice',
      value: 'disco',
      errors: ['service_id', 'variation_code'],
      label: 'Electricity company',
      required: true,
      placeholder: 'Choose your DisCo',
      options: (m) => m.discos.map((x) => ({ value: x.id, label: x.name })),
    },
    {
      kind: 'text',
      value: 'meter',
      name: 'meter_number',
      label: 'Meter number',
      hint: 'Digits only.',
      inputMode: 'numeric',
      autoComplete: 'off',
      verifies: true,
    },
    { kind: 'customer' },
    {
      kind: 'text',
      value: 'amount',
      name: 'amount',
      label: 'Amount (₦)',
      hint: 'Whole naira, at least ₦500.',
      inputMode: 'numeric',
      autoComplete: 'off',
    },
  ],
  /**
   * Electricity coupons are prepaid tokens of one DisCo (decisions §8), bought for their own
   * amount (from ₦200: the wallet's ₦500 minimum is not theirs). A coupon sold before coupons
   * kept their DisCo asks the customer to choose one (decision 0013).
   */
  coupon: {
    screen: 'Electricity',
    destinationFor: () => ({
      field: 'meter_number',
      label: 'Meter number',
      hint: 'Digits only.',
      inputMode: 'numeric',
    }),
    verifyWith: (coupon, chosen) => ({
      serviceId: (coupon.meta_data.service_id ?? chosen) || undefined,
      variationCode: 'prepaid',
    }),
    choice: {
      field: 'service_id',
      label: 'Electricity company',
      hint: "This coupon does not name its DisCo: choose the meter's.",
      placeholder: 'Choose your DisCo',
      missing: (coupon) => !coupon.meta_data.service_id,
      useOptions: usePrepaidDiscos,
    },
    parse: (coupon, input) =>
      electricityCouponForm().safeParse({
        service_id: coupon.meta_data.service_id ?? input.chosen,
        variation_code: coupon.meta_data.variation_code ?? 'prepaid',
        meter_number: input.destination,
        pin: input.pin,
        coupon_code: coupon.coupon_code,
      }),
  },
});

/** The DisCos a prepaid coupon can be for, when it does not name its own. */
function usePrepaidDiscos() {
  const products = useElectricityProducts();
  return (products.data?.message ?? [])
    .filter((x) => x.variation_code === 'prepaid')
    .map((x) => ({ value: x.service_id, label: x.name }));
}

/** A saved meter's DisCo: the biller and prepaid or postpaid. */
function discoOf<D extends { service_id: string; variation_code?: string }>(
  r: { service_id: string; variation_code?: string | null },
  discos: readonly D[],
) {
  return discos.find((x) => x.service_id === r.service_id && x.variation_code === r.variation_code);
}

export const ElectricityForm = () => <ProductForm definition={electricity} />;

/** Electricity (spec §2 page 7). */
export const ElectricityScreen = () => <ProductScreen definition={electricity} />;
