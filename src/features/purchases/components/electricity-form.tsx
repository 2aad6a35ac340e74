import { useState, type FormEvent } from 'react';
import type { Recipient } from '@contract/entities';
import { electricityForm } from '@contract/forms';
import { electricityPrice, NAIRA } from '@contract/pricing';
import { TRUST_MSG } from '@contract/messages';
import { isDigits } from '@contract/rules';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useElectricityProducts } from '@/lib/catalogue';
import { useElectricityPurchase } from '../api/electricity';
import { CustomerCheckResult, useCustomerCheck } from './customer-check';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow } from './use-purchase-flow';
import { PurchaseResult } from './purchase-result';
import { RecipientPicker } from './recipient-picker';
import { useFormErrors } from '@/lib/use-form-errors';
import { useTierPrice } from '@/lib/tier';

const FIELDS = ['service_id', 'variation_code', 'meter_number', 'amount', 'pin'] as const;

/**
 * Electricity from the wallet (spec §5 "Electricity"): a DisCo (prepaid or postpaid), the
 * meter, verified before paying (the form does not submit until the name is on screen, ADR
 * 0046), an amount of at least ₦500 plus the DisCo's fee.
 */
export function ElectricityForm() {
  const products = useElectricityProducts();
  const balance = useBalance();
  const buy = useElectricityPurchase();
  const { errors, validate, clear, show, idOf } = useFormErrors(FIELDS);
  const [variationId, setVariationId] = useState('');
  const [meter, setMeter] = useState('');
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();

  const variations = products.data?.message ?? [];
  const variation = variations.find((v) => v.id === variationId);
  const customer = useCustomerCheck(variation?.service_id, meter, variation?.variation_code);
  const feePercent = variation?.wallet_convinience_fee ?? 0;
  const amountKobo = isDigits(amount.trim()) ? Number(amount.trim()) * NAIRA : 0;
  const price =
    variation && amountKobo > 0
      ? withTier('electricity', electricityPrice(amountKobo, feePercent))
      : undefined;

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const disco = (r: Recipient) =>
    variations.find((v) => v.service_id === r.service_id && v.variation_code === r.variation_code);
  const choose = (r: Recipient) => {
    setVariationId(disco(r)?.id ?? '');
    setMeter(r.destination);
    clear('service_id');
    edited('meter_number');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(
      electricityForm({
        balance,
        total: (kobo) => withTier('electricity', electricityPrice(kobo, feePercent)).total,
      }),
      {
        service_id: variation?.service_id ?? '',
        variation_code: variation?.variation_code,
        meter_number: meter,
        amount,
        pin,
      },
    );
    if (!body) return;
    if (!customer.verified) {
      show({ meter_number: TRUST_MSG.verifyFirst });
      return;
    }
    await flow.submit(body);
  };

  if (flow.result) {
    return (
      <PurchaseResult
        transaction={flow.result}
        onDone={() => {
          flow.done();
          setPin('');
        }}
      />
    );
  }
  if (!products.data) {
    return (
      <CatalogueState
        what="electricity companies"
        isLoading={products.isLoading}
        error={products.error}
        retry={() => void products.mutate()}
      />
    );
  }

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Buy electricity"
    >
      <RecipientPicker
        product="Electricity"
        providerName={(r) => disco(r)?.name}
        onChoose={choose}
        draft={
          variation && isDigits(meter.trim())
            ? {
                destination: meter.trim(),
                service_id: variation.service_id,
                variation_code: variation.variation_code,
              }
            : null
        }
      />
      <Field
        label="Electricity company"
        controlId={idOf('service_id')}
        error={errors.service_id ?? errors.variation_code}
        required
      >
        {(control) => (
          <Select
            value={variationId}
            onValueChange={(v) => {
              setVariationId(v);
              edited('service_id');
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose your DisCo" />
            </SelectTrigger>
            <SelectContent>
              {variations.map((v) => (
                <SelectItem key={v.id} value={v.id}>
                  {v.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        label="Meter number"
        hint="Digits only."
        controlId={idOf('meter_number')}
        error={errors.meter_number}
        required
      >
        <Input
          name="meter_number"
          inputMode="numeric"
          autoComplete="off"
          value={meter}
          onChange={(e) => {
            setMeter(e.target.value);
            edited('meter_number');
          }}
          onBlur={() => {
            if (customer.canCheck && !customer.verify.data) customer.check();
          }}
        />
      </Field>
      <CustomerCheckResult check={customer} />
      <Field
        label="Amount (₦)"
        hint="Whole naira, at least ₦500."
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
      <PriceSummary price={price} valueLabel="Electricity" />
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
        Buy electricity
      </SubmitRow>
    </form>
  );
}
