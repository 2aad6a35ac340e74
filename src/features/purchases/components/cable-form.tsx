import { useState, type FormEvent } from 'react';
import type { Recipient } from '@contract/entities';
import { TRUST_MSG } from '@contract/messages';
import { isDigits } from '@contract/rules';
import { cableForm } from '@contract/forms';
import { billPrice } from '@contract/pricing';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { useCableProducts } from '@/lib/catalogue';
import { useCableTvPurchase } from '../api/cable-tv';
import { CustomerCheckResult, useCustomerCheck } from './customer-check';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow } from './use-purchase-flow';
import { PurchaseResult } from './purchase-result';
import { RecipientPicker } from './recipient-picker';
import { useFormErrors } from '@/lib/use-form-errors';
import { useTierPrice } from '@/lib/tier';

const FIELDS = ['service_id', 'plan_id', 'smart_card_number', 'pin'] as const;

/** Cable TV from the wallet (spec §5 "Cable TV"): provider, plan, smart card, verified name. */
export function CableForm() {
  const products = useCableProducts();
  const balance = useBalance();
  const buy = useCableTvPurchase();
  const { errors, validate, clear, show, idOf } = useFormErrors(FIELDS);
  const [serviceId, setServiceId] = useState('');
  const [planId, setPlanId] = useState('');
  const [card, setCard] = useState('');
  const [pin, setPin] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();
  const customer = useCustomerCheck(serviceId || undefined, card);

  const variations = products.data?.message ?? [];
  const variation = variations.find((v) => v.service_id === serviceId);
  const plans = (variation?.plans ?? []).filter((p) => p.on_sale !== false);
  const plan = plans.find((p) => p.plan_id === planId);
  const price =
    plan && variation
      ? withTier('cabletv', billPrice(plan.price, variation.wallet_convinience_fee))
      : undefined;

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const choose = (r: Recipient) => {
    if (r.service_id !== serviceId) setPlanId('');
    setServiceId(r.service_id);
    setCard(r.destination);
    clear('service_id');
    edited('smart_card_number');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(cableForm({ balance, total: price?.total }), {
      service_id: serviceId,
      plan_id: planId,
      smart_card_number: card,
      pin,
    });
    if (!body) return;
    // Paid only to a smart card whose name the customer has seen (ADR 0046).
    if (!customer.verified) {
      show({ smart_card_number: TRUST_MSG.verifyFirst });
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
        what="TV plans"
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
      aria-label="Pay for cable TV"
    >
      <RecipientPicker
        product="CableTV"
        providerName={(r) => variations.find((v) => v.service_id === r.service_id)?.name}
        onChoose={choose}
        draft={
          variation && isDigits(card.trim())
            ? { destination: card.trim(), service_id: variation.service_id }
            : null
        }
      />
      <Field label="TV provider" controlId={idOf('service_id')} error={errors.service_id} required>
        {(control) => (
          <Select
            value={serviceId}
            onValueChange={(v) => {
              setServiceId(v);
              setPlanId('');
              edited('service_id');
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose a provider" />
            </SelectTrigger>
            <SelectContent>
              {variations.map((v) => (
                <SelectItem key={v.id} value={v.service_id}>
                  {v.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label="Plan" controlId={idOf('plan_id')} error={errors.plan_id} required>
        {(control) => (
          <Select
            value={planId}
            disabled={!variation}
            onValueChange={(v) => {
              setPlanId(v);
              edited('plan_id');
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder={variation ? 'Choose a plan' : 'Choose a provider first'} />
            </SelectTrigger>
            <SelectContent>
              {plans.map((p) => (
                <SelectItem key={p.id} value={p.plan_id} price={<Money kobo={p.price} />}>
                  {p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        label="Smart card number"
        hint="The IUC or decoder number, digits only."
        controlId={idOf('smart_card_number')}
        error={errors.smart_card_number}
        required
      >
        <Input
          name="smart_card_number"
          inputMode="numeric"
          autoComplete="off"
          value={card}
          onChange={(e) => {
            setCard(e.target.value);
            edited('smart_card_number');
          }}
          onBlur={() => {
            if (customer.canCheck && !customer.verify.data) customer.check();
          }}
        />
      </Field>
      <CustomerCheckResult check={customer} />
      <PriceSummary price={price} valueLabel="Plan price" />
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
        Pay subscription
      </SubmitRow>
    </form>
  );
}
