import {
  airtimeForm,
  cableForm,
  dataForm,
  educationForm,
  electricityForm,
  JAMB_SERVICE_ID,
} from '@contract/forms';
import { suggestNetwork } from '@contract/phone';
import {
  airtimePrice,
  billPrice,
  dataPrice,
  electricityPrice,
  LIMITS,
  NAIRA,
} from '@contract/pricing';
import { isDigits, isPhone } from '@contract/rules';
import { Money } from '@/components/ui/money';
import {
  useCableProducts,
  useDataProducts,
  useEducationProducts,
  useElectricityProducts,
  useNetworks,
} from '@/lib/catalogue';
import { useAirtimePurchase } from '../api/airtime';
import { useCableTvPurchase } from '../api/cable-tv';
import { useDataPurchase } from '../api/data';
import { useEducationPurchase } from '../api/education';
import { useElectricityPurchase } from '../api/electricity';
import { defineProduct, ProductForm } from './product-form';

/**
 * The five products of spec §5, each described once: its fields, where it goes, where its
 * plans come from, how it is priced. `ProductForm` renders them all.
 */

const PHONE_HINT = '11 digits, starting 070, 080, 081, 090 or 091.';

/** Whole naira typed → kobo; 0 until it is a whole number. */
const typedKobo = (naira: string | undefined) =>
  isDigits((naira ?? '').trim()) ? Number((naira ?? '').trim()) * NAIRA : 0;

const v = (values: Readonly<Record<string, string>>, key: string) => values[key] ?? '';

/** Airtime (spec §5 "Airtime"): the network is suggested from the number. */
export const airtime = defineProduct({
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
});

/**
 * Data (spec §5 "Data"): a network or provider, a plan, and a phone number, or an account id
 * for SPECTRANET and SMILE BUNDLES.
 */
export const data = defineProduct({
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
});

/** Cable TV (spec §5 "Cable TV"): provider, plan, smart card, verified name. */
export const cable = defineProduct({
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
});

/**
 * Electricity (spec §5 "Electricity"): a DisCo (prepaid or postpaid), the meter, verified
 * before paying (ADR 0046), an amount of at least ₦500 plus the DisCo's fee.
 */
export const electricity = defineProduct({
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
});

/** A saved meter's DisCo: the biller and prepaid or postpaid. */
function discoOf<D extends { service_id: string; variation_code?: string }>(
  r: { service_id: string; variation_code?: string | null },
  discos: readonly D[],
) {
  return discos.find((x) => x.service_id === r.service_id && x.variation_code === r.variation_code);
}

const SEP = '|';

/**
 * Exam pins (spec §5 "Education"): an exam, 1 to 5 units, the pin; JAMB pins also ask the
 * candidate's profile id.
 */
export const education = defineProduct({
  label: 'Buy exam pins',
  submit: 'Buy pins',
  catalogue: { what: 'exams', useList: useEducationProducts },
  useBuy: useEducationPurchase,
  errorKeys: ['service_id', 'plan_id', 'profile_id', 'quantity', 'pin'],
  initial: { exam: '', quantity: '1', profile: '' },
  model(values, exams, { balance, withTier }) {
    const [serviceId = '', planId = ''] = values.exam ? values.exam.split(SEP) : [];
    const exam = exams.find((x) => x.service_id === serviceId);
    const plan = exam?.plans.find((p) => p.plan_id === planId);
    const isJamb = serviceId === JAMB_SERVICE_ID;
    const quantity = Number(values.quantity);
    const profile = v(values, 'profile').trim();
    const unitPrice = (units: number) =>
      plan && exam
        ? withTier('education', billPrice(plan.price, exam.wallet_convinience_fee, units))
        : undefined;
    return {
      isJamb,
      options: exams.flatMap((x) =>
        x.plans
          .filter((p) => p.on_sale !== false)
          .map((p) => ({
            value: `${x.service_id}${SEP}${p.plan_id}`,
            label: p.name,
            price: <Money kobo={p.price} />,
          })),
      ),
      price: unitPrice(quantity),
      valueLabel: plan ? `${quantity} × ${plan.name}` : 'Value',
      schema: educationForm({ balance, total: (units) => unitPrice(units)?.total ?? 0 }),
      input: {
        service_id: serviceId,
        plan_id: planId,
        quantity,
        ...(isJamb && { profile_id: profile }),
      },
      draft: null,
      destination: isJamb && profile ? { label: 'JAMB profile ID', value: profile } : undefined,
    };
  },
  fields: [
    {
      kind: 'choice',
      value: 'exam',
      errors: ['service_id', 'plan_id'],
      label: 'Exam',
      required: true,
      placeholder: 'Choose an exam',
      options: (m) => m.options,
    },
    {
      kind: 'text',
      value: 'profile',
      name: 'profile_id',
      label: 'JAMB profile ID',
      hint: 'The 10-digit profile ID the candidate got from JAMB.',
      inputMode: 'numeric',
      autoComplete: 'off',
      maxLength: 10,
      shown: (m) => m.isJamb,
    },
    {
      kind: 'units',
      value: 'quantity',
      name: 'quantity',
      label: 'Units',
      hint: `${LIMITS.educationUnits.min} to ${LIMITS.educationUnits.max} pins.`,
      min: LIMITS.educationUnits.min,
      max: LIMITS.educationUnits.max,
    },
  ],
});

export const AirtimeForm = () => <ProductForm definition={airtime} />;
export const DataForm = () => <ProductForm definition={data} />;
export const CableForm = () => <ProductForm definition={cable} />;
export const ElectricityForm = () => <ProductForm definition={electricity} />;
export const EducationForm = () => <ProductForm definition={education} />;
