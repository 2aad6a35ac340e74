import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from '@contract/zod';
import { COUPON_SCREEN, type Coupon, type Product, type Transaction } from '@contract/entities';
import { couponLoadForm } from '@contract/forms';
import { FALLBACK, MSG, TRUST_MSG } from '@contract/messages';
import { fieldMessages } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PinInput } from '@/components/ui/pin-input';
import { errorMessage } from '@/lib/api-error';
import { useVerifyCoupon } from '../api/verify-coupon';
import { CustomerCheckResult, useCustomerCheck } from './customer-check';
import { preloadPurchaseResult, PurchaseResult } from './lazy-purchase-result';
import { useFormErrors } from '@/lib/use-form-errors';

/** Where a redeemed coupon goes: a phone, an account id, a smart card, a meter or a JAMB profile. */
export type CouponDestination = {
  field: 'phone_number' | 'account_id' | 'smart_card_number' | 'meter_number' | 'profile_id';
  label: string;
  hint?: string;
  inputMode?: 'tel' | 'numeric' | 'text';
};

/** The page a coupon product is redeemed on, as the sidebar names it (spec §2). */
const PAGE_NAME: Partial<Record<Product, string>> = { CableTV: 'Cable TV' };

export type CouponTabProps<Body> = {
  /** The screen this tab is on: a coupon for another product is refused (spec §4). */
  screen: Product;
  /** The destination the coupon's product needs (none for WAEC pins). */
  destinationFor: (coupon: Coupon) => CouponDestination | null;
  /** The screen's contract form, fed with the coupon's fixed details and what was typed. */
  parse: (
    coupon: Coupon,
    input: { destination: string; pin: string },
  ) => z.util.SafeParseResult<Body>;
  /** The same purchase call as the wallet form, with `coupon_code`. */
  purchase: {
    send: (body: Body) => Promise<{ message: Transaction }>;
    isMutating: boolean;
    error: unknown;
    reset: () => void;
  };
  /** For meters and smart cards: which biller to verify the number with. */
  verifyWith?: (coupon: Coupon) => { serviceId?: string; variationCode?: 'prepaid' | 'postpaid' };
  /**
   * A detail the coupon lacks that the customer must choose (an electricity coupon sold
   * without its DisCo: decision 0013), rendered above the destination with the error of
   * `field`. Answers null when the coupon has it.
   */
  choice?: {
    field: string;
    render: (
      coupon: Coupon,
      field: { controlId: string; error: string | undefined; changed: () => void },
    ) => ReactNode;
  };
};

const FIELDS = ['coupon_code', 'destination', 'choice', 'pin'] as const;

/**
 * The "Use Coupon" tab (spec §2, §4): a code and Load; when the coupon is for this screen its
 * fixed details show and only the destination and the pin are asked.
 */
export function CouponTab<Body>({
  screen,
  destinationFor,
  parse,
  purchase,
  verifyWith,
  choice,
}: CouponTabProps<Body>) {
  const load = useVerifyCoupon();
  const { errors, validate, show, clear, idOf, setErrors } = useFormErrors(FIELDS);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  /** A refused load: true, or the page a valid coupon for another product belongs to. */
  const [wrongProduct, setWrongProduct] = useState<string | boolean>(false);
  const [destination, setDestination] = useState('');
  const [pin, setPin] = useState('');
  const [formError, setFormError] = useState('');
  const [result, setResult] = useState<Transaction | null>(null);

  const target = coupon ? destinationFor(coupon) : null;
  const biller = coupon && verifyWith ? verifyWith(coupon) : undefined;
  const customer = useCustomerCheck(biller?.serviceId, destination, biller?.variationCode);

  const startOver = () => {
    setCoupon(null);
    setCode('');
    setDestination('');
    setPin('');
    setResult(null);
    setFormError('');
    setErrors({});
    load.reset();
    purchase.reset();
  };

  const onLoad = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWrongProduct(false);
    setCoupon(null);
    const body = validate(couponLoadForm(), { coupon_code: code });
    if (!body) return;
    try {
      const { message } = await load.trigger({ body });
      const belongsTo = COUPON_SCREEN[message.meta_data.product];
      if (message.isValid && belongsTo === screen) {
        setCoupon(message);
      } else {
        setWrongProduct(message.isValid ? (PAGE_NAME[belongsTo] ?? belongsTo) : true);
      }
    } catch {
      // shown from load.error
    }
  };

  const onRedeem = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!coupon) return;
    setFormError('');
    const parsed = parse(coupon, { destination, pin });
    if (!parsed.success) {
      const byField = fieldMessages(parsed);
      const own = {
        destination: target ? byField[target.field] : undefined,
        choice: choice ? byField[choice.field] : undefined,
        pin: byField.pin,
      };
      const other = Object.entries(byField).find(
        ([key]) => key !== 'pin' && key !== target?.field && key !== choice?.field,
      );
      show({
        ...(own.destination && { destination: own.destination }),
        ...(own.choice && { choice: own.choice }),
        ...(own.pin && { pin: own.pin }),
      });
      if (other && !own.destination && !own.choice && !own.pin) setFormError(other[1]);
      return;
    }
    // A coupon for a meter or a smart card is spent only on a name the customer has seen.
    if (verifyWith && !customer.verified) {
      show({ destination: TRUST_MSG.verifyFirst });
      return;
    }
    void preloadPurchaseResult().catch(() => {});
    try {
      const { message } = await purchase.send(parsed.data);
      setResult(message);
    } catch {
      // shown from purchase.error
    }
  };

  if (result) {
    return (
      <PurchaseResult
        transaction={result}
        // A JAMB coupon's profile id is not kept on the transaction: say it from the form.
        destination={
          target && destination.trim()
            ? { label: target.label, value: destination.trim() }
            : undefined
        }
        onDone={startOver}
      />
    );
  }

  const loadError = load.error ? errorMessage(load.error, FALLBACK.couponVerify) : '';
  const purchaseError = purchase.error ? errorMessage(purchase.error, FALLBACK.purchase) : '';

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={onLoad} className="flex flex-col gap-3" aria-label="Load coupon">
        <Field
          label="Coupon code"
          hint="Paste the code with no spaces, e.g. 7KQM3XRP9TWD-AIRTIME."
          controlId={idOf('coupon_code')}
          error={errors.coupon_code}
          required
        >
          <Input
            name="coupon_code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(e) => {
              setCode(e.target.value);
              clear('coupon_code');
              setWrongProduct(false);
              load.reset();
            }}
          />
        </Field>
        <Button type="submit" variant="secondary" className="self-start" loading={load.isMutating}>
          Load
        </Button>
        {loadError ? <FormAlert>{loadError}</FormAlert> : null}
        {wrongProduct ? (
          <FormAlert>
            {typeof wrongProduct === 'string'
              ? `${MSG.couponInvalid} ${TRUST_MSG.couponForScreen(wrongProduct)}`
              : MSG.couponInvalid}
          </FormAlert>
        ) : null}
      </form>

      {coupon ? (
        <form
          noValidate
          onSubmit={onRedeem}
          className="flex flex-col gap-4"
          aria-label="Redeem coupon"
        >
          <section
            aria-label="Coupon details"
            className="rounded-card border border-border bg-surface p-4 text-sm"
          >
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
              <dt className="text-muted">Product</dt>
              <dd>{coupon.meta_data.name}</dd>
              {coupon.meta_data.plan ? (
                <>
                  <dt className="text-muted">Plan</dt>
                  <dd>{coupon.meta_data.plan}</dd>
                </>
              ) : null}
              <dt className="text-muted">Value</dt>
              <dd>
                <Money kobo={coupon.meta_data.amount} />
              </dd>
              <dt className="text-muted">Code</dt>
              <dd className="font-mono break-all">{coupon.coupon_code}</dd>
            </dl>
          </section>
          {choice
            ? choice.render(coupon, {
                controlId: idOf('choice'),
                error: errors.choice,
                changed: () => {
                  clear('choice');
                  purchase.reset();
                },
              })
            : null}
          {target ? (
            <Field
              label={target.label}
              hint={target.hint}
              controlId={idOf('destination')}
              error={errors.destination}
              required
            >
              <Input
                name={target.field}
                inputMode={target.inputMode}
                autoComplete="off"
                value={destination}
                onChange={(e) => {
                  setDestination(e.target.value);
                  clear('destination');
                  purchase.reset();
                }}
                onBlur={() => {
                  if (verifyWith && customer.canCheck && !customer.verify.data) customer.check();
                }}
              />
            </Field>
          ) : null}
          {verifyWith ? <CustomerCheckResult check={customer} /> : null}
          <Field label="Secret pin" controlId={idOf('pin')} error={errors.pin} required>
            {(control) => (
              <PinInput
                {...control}
                name="pin"
                value={pin}
                onChange={(next) => {
                  setPin(next);
                  clear('pin');
                  purchase.reset();
                }}
              />
            )}
          </Field>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          {purchaseError ? <FormAlert>{purchaseError}</FormAlert> : null}
          <Button type="submit" size="lg" block loading={purchase.isMutating}>
            Redeem coupon
          </Button>
        </form>
      ) : null}
    </div>
  );
}
