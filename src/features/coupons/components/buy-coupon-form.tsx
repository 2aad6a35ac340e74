import { useState, type FormEvent } from 'react';
import type { Coupon, CouponProduct } from '@contract/entities';
import { COUPON_PRODUCTS } from '@contract/entities';
import { couponBuyForm } from '@contract/forms';
import { FALLBACK } from '@contract/messages';
import {
  airtimePrice,
  billPrice,
  couponPrice,
  dataPrice,
  electricityPrice,
  type PriceBreakdown,
} from '@contract/pricing';
import { LIMITS, NAIRA } from '@contract/business-limits';
import { isDigits } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PinInput } from '@/components/ui/pin-input';
import { OptionSelect } from '@/components/ui/option-select';
import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';
import { UnitStepper } from '@/components/ui/unit-stepper';
import { errorMessage } from '@/lib/api-error';
import {
  useCableProducts,
  useDataProducts,
  useEducationProducts,
  useElectricityProducts,
  useNetworks,
} from '@/lib/catalogue';
import { useCurrentUser } from '@/lib/current-user';
import { useTierPrice } from '@/lib/tier';
import { tierProductOf } from '@contract/tiers';
import { useBuyCoupon } from '../api/buy-coupon';
import { useFormErrors } from '@/lib/use-form-errors';

/** How each coupon product reads on the form (the code ends with the value, decisions §8). */
export const COUPON_PRODUCT_LABELS: Record<CouponProduct, string> = {
  AIRTIME: 'Airtime',
  'DATA-REGULAR': 'Data (MTN, GLO, AIRTEL, 9MOBILE)',
  'DATA-NON-REGULAR': 'Data (SPECTRANET, SMILE)',
  CABLETV: 'Cable TV',
  EDUCATION: 'Education',
  ELECTRICITY: 'Electricity',
};

const FIELDS = ['product', 'network_id', 'service_id', 'plan_id', 'amount', 'unit', 'pin'] as const;
const SEP = '|';

/** Plan choices of one product, with what one unit costs. */
type Option = { value: string; label: string; price?: number };

/**
 * Buy coupons to gift (spec §2 page 10, §5 "Buy coupon"): a product, its plan or amount,
 * how many (minus/plus), the total, the pin; on success the codes to copy.
 */
export function BuyCouponForm() {
  // Until the user has loaded, the balance rule is left to the server (which always checks it).
  const balance = useCurrentUser().data?.message.wallet_balance ?? Number.MAX_SAFE_INTEGER;
  const networks = useNetworks();
  const data = useDataProducts();
  const cable = useCableProducts();
  const electricity = useElectricityProducts();
  const education = useEducationProducts();
  const buy = useBuyCoupon();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [product, setProduct] = useState<CouponProduct | ''>('');
  const [choice, setChoice] = useState('');
  const [amount, setAmount] = useState('');
  const [units, setUnits] = useState(1);
  const [pin, setPin] = useState('');
  const [codes, setCodes] = useState<Coupon[] | null>(null);
  const withTier = useTierPrice();

  const needsAmount = product === 'AIRTIME' || product === 'ELECTRICITY';
  const amountKobo = isDigits(amount.trim()) ? Number(amount.trim()) * NAIRA : 0;

  // What the choice list holds for the product, and what one unit of the choice costs.
  let options: Option[] = [];
  let catalogue: { isLoading: boolean; error: unknown } = { isLoading: false, error: undefined };
  let choiceLabel = 'Plan';
  let unit: PriceBreakdown | undefined;
  let body: { service_id?: string; plan_id?: string; network_id?: string } = {};
  const [first = '', second = ''] = choice ? choice.split(SEP) : [];

  if (product === 'AIRTIME') {
    catalogue = networks;
    choiceLabel = 'Network';
    const list = networks.data?.message ?? [];
    options = list.map((n) => ({ value: n.id, label: n.name }));
    // A network's wallet discount applies only when one is chosen; a coupon for any network
    // costs its face value (as the server charges it).
    const network = list.find((n) => n.id === first);
    body = { network_id: first || undefined };
    unit = amountKobo > 0 ? airtimePrice(amountKobo, network?.wallet_percent_off ?? 0) : undefined;
  } else if (product === 'ELECTRICITY') {
    catalogue = electricity;
    choiceLabel = 'Electricity company';
    const list = (electricity.data?.message ?? []).filter((v) => v.variation_code === 'prepaid');
    options = list.map((v) => ({ value: v.service_id, label: v.name }));
    const disco = list.find((v) => v.service_id === first);
    body = { service_id: first || undefined };
    unit =
      amountKobo > 0 && disco
        ? electricityPrice(amountKobo, disco.wallet_convinience_fee)
        : undefined;
  } else if (product === 'DATA-REGULAR' || product === 'DATA-NON-REGULAR') {
    catalogue = data;
    const account = product === 'DATA-NON-REGULAR';
    const list = (data.data?.message ?? []).filter((v) => v.requires_account_id === account);
    options = list.flatMap((v) =>
      v.plans
        .filter((p) => p.on_sale !== false)
        .map((p) => ({
          value: `${v.service_id}${SEP}${p.plan_id}`,
          label: `${v.name} ${p.name}`,
          price: withTier('data', dataPrice(p.wallet_price)).total,
        })),
    );
    const variation = list.find((v) => v.service_id === first);
    const plan = variation?.plans.find((p) => p.plan_id === second);
    body = {
      service_id: first || undefined,
      plan_id: second || undefined,
      network_id: variation?.network_id,
    };
    unit = plan ? dataPrice(plan.wallet_price) : undefined;
  } else if (product === 'CABLETV' || product === 'EDUCATION') {
    const source = product === 'CABLETV' ? cable : education;
    catalogue = source;
    const list = source.data?.message ?? [];
    options = list.flatMap((v) =>
      v.plans
        .filter((p) => p.on_sale !== false)
        .map((p) => ({
          value: `${v.service_id}${SEP}${p.plan_id}`,
          label: p.name,
          price: p.price,
        })),
    );
    const variation = list.find((v) => v.service_id === first);
    const plan = variation?.plans.find((p) => p.plan_id === second);
    body = { service_id: first || undefined, plan_id: second || undefined };
    unit = plan && variation ? billPrice(plan.price, variation.wallet_convinience_fee) : undefined;
  }
  // A unit costs what the product costs this customer from the wallet: their tier's price.
  const tiered = unit && product ? withTier(tierProductOf(product), unit) : undefined;
  const total = tiered ? couponPrice(tiered, units) : undefined;

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = validate(couponBuyForm({ balance, total: total?.total }), {
      product,
      amount: needsAmount ? amount : '',
      unit: units,
      pin,
      ...body,
    });
    if (!parsed) return;
    try {
      const { message } = await buy.trigger({ body: parsed });
      setCodes(message);
    } catch {
      // shown from buy.error
    }
  };

  if (codes) {
    return (
      <div className="flex flex-col gap-4" data-testid="coupon-codes">
        <FormAlert tone="success" title="Coupons generated">
          Copy each code and share it. It is redeemed on the{' '}
          {COUPON_PRODUCT_LABELS[codes[0]?.meta_data.product ?? 'AIRTIME']} screen under Use Coupon.
        </FormAlert>
        <ul className="flex flex-col gap-2" aria-label="Generated coupon codes">
          {codes.map((c) => (
            <li
              key={c.coupon_code}
              className="flex flex-col gap-2 rounded-card border border-border bg-surface p-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <span className="font-mono text-base font-bold break-all">{c.coupon_code}</span>
              <CopyButton text={c.coupon_code} />
            </li>
          ))}
        </ul>
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            setCodes(null);
            setPin('');
            buy.reset();
          }}
        >
          Buy more coupons
        </Button>
      </div>
    );
  }

  const serverError = buy.error ? errorMessage(buy.error, FALLBACK.purchase) : '';
  const choiceField =
    product === 'AIRTIME' ? 'network_id' : product === 'ELECTRICITY' ? 'service_id' : 'plan_id';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Buy coupons">
      <Field label="Product" controlId={idOf('product')} error={errors.product} required>
        {(control) => (
          <OptionSelect
            {...control}
            value={product}
            onValueChange={(v) => {
              setProduct(v as CouponProduct);
              setChoice('');
              edited('product');
            }}
            placeholder="Choose a product"
            options={COUPON_PRODUCTS.map((p) => ({ value: p, label: COUPON_PRODUCT_LABELS[p] }))}
          />
        )}
      </Field>
      {product ? (
        catalogue.error ? (
          <FormAlert>{errorMessage(catalogue.error, FALLBACK.purchase)}</FormAlert>
        ) : catalogue.isLoading ? (
          <SkeletonGroup label="Loading plans">
            <Skeleton shape="block" className="h-12" />
          </SkeletonGroup>
        ) : (
          <Field
            label={
              product === 'DATA-REGULAR' ||
              product === 'DATA-NON-REGULAR' ||
              product === 'CABLETV' ||
              product === 'EDUCATION'
                ? 'Plan'
                : choiceLabel
            }
            hint={
              product === 'AIRTIME' ? 'Optional: the recipient can use any network.' : undefined
            }
            controlId={idOf(choiceField)}
            error={errors[choiceField]}
            required={product !== 'AIRTIME'}
          >
            {(control) => (
              <OptionSelect
                {...control}
                value={choice}
                onValueChange={(v) => {
                  setChoice(v);
                  edited(choiceField);
                }}
                placeholder={`Choose ${choiceLabel === 'Plan' ? 'a plan' : `a ${choiceLabel.toLowerCase()}`}`}
                options={options.map((o) => ({
                  value: o.value,
                  label: o.label,
                  price: o.price === undefined ? undefined : <Money kobo={o.price} />,
                }))}
              />
            )}
          </Field>
        )
      ) : null}
      {needsAmount ? (
        <Field
          label="Amount per coupon (₦)"
          hint="Whole naira, at least ₦200."
          controlId={idOf('amount')}
          error={errors.amount}
          required
        >
          <Input
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => {
              setAmount(e.target.value);
              edited('amount');
            }}
          />
        </Field>
      ) : null}
      <Field label="Units" controlId={idOf('unit')} error={errors.unit} width="fit">
        {(control) => (
          <UnitStepper
            {...control}
            label="Units"
            min={LIMITS.couponUnits.min}
            max={LIMITS.couponUnits.max}
            value={units}
            onChange={(n) => {
              setUnits(n);
              edited('unit');
            }}
          />
        )}
      </Field>
      {total ? (
        <section
          aria-label="Payment summary"
          className="rounded-card border border-border bg-surface p-4 text-sm"
        >
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
            <dt className="text-muted">Value ({units} × coupon)</dt>
            <dd className="text-right">
              <Money kobo={total.value} />
            </dd>
            {total.fee > 0 ? (
              <>
                <dt className="text-muted">Convenience fee</dt>
                <dd className="text-right">
                  <Money kobo={total.fee} />
                </dd>
              </>
            ) : null}
            {total.discount > 0 ? (
              <>
                <dt className="text-muted">Discount</dt>
                <dd className="text-right">
                  <Money kobo={-total.discount} />
                </dd>
              </>
            ) : null}
            <dt className="border-t border-border pt-1.5 font-semibold">Total to pay</dt>
            <dd
              className="border-t border-border pt-1.5 text-right font-semibold"
              data-testid="total"
            >
              <Money kobo={total.total} />
            </dd>
          </dl>
        </section>
      ) : null}
      <Field label="Secret pin" controlId={idOf('pin')} error={errors.pin} required>
        {(control) => (
          <PinInput
            {...control}
            name="pin"
            value={pin}
            onChange={(next) => {
              setPin(next);
              edited('pin');
            }}
          />
        )}
      </Field>
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <Button type="submit" size="lg" block loading={buy.isMutating}>
        Generate coupons
      </Button>
    </form>
  );
}
