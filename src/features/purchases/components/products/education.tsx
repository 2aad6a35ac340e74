import { educationForm, JAMB_SERVICE_ID } from '@contract/forms';
import { billPrice } from '@contract/pricing';
import { LIMITS } from '@contract/business-limits';
import { Money } from '@/components/ui/money';
import { UnitStepper } from '@/components/ui/unit-stepper';
import { useEducationProducts } from '@/lib/catalogue';
import { useEducationPurchase } from '../../api/education';
import { defineProduct, ProductForm } from '../product-form';
import { ProductScreen } from '../product-screen';
import { v } from './shared';

const SEP = '|';

/**
 * Exam pins (spec §5 "Education"): an exam, 1 to 5 units, the pin; JAMB pins also ask the
 * candidate's profile id.
 */
export const education = defineProduct({
  page: {
    title: 'Education',
    description: 'WAEC result checkers, WAEC registration and JAMB pins.',
  },
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
      stepper: UnitStepper,
    },
  ],
  /** One education coupon is one pin: only the secret pin, and a profile id for JAMB. */
  coupon: {
    screen: 'Education',
    destinationFor: (coupon) =>
      coupon.meta_data.service_id === JAMB_SERVICE_ID
        ? { field: 'profile_id', label: 'JAMB profile ID', inputMode: 'numeric' }
        : null,
    parse: (coupon, input) =>
      educationForm({ balance: 0, total: () => 0 }).safeParse({
        service_id: coupon.meta_data.service_id,
        plan_id: coupon.meta_data.plan_id,
        quantity: 1,
        pin: input.pin,
        ...(coupon.meta_data.service_id === JAMB_SERVICE_ID && {
          profile_id: input.destination.trim(),
        }),
        coupon_code: coupon.coupon_code,
      }),
  },
});

export const EducationForm = () => <ProductForm definition={education} />;

/** Education (spec §2 page 11). */
export const EducationScreen = () => <ProductScreen definition={education} />;
