import { useState, type FormEvent } from 'react';
import { dataForm } from '@contract/forms';
import { dataPrice } from '@contract/pricing';
import type { Recipient } from '@contract/entities';
import { isDigits, isPhone } from '@contract/rules';
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
import { useDataProducts } from '@/lib/catalogue';
import { useTierPrice } from '@/lib/tier';
import { useDataPurchase } from '../api/data';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow } from './use-purchase-flow';
import { PurchaseResult } from './purchase-result';
import { RecipientPicker } from './recipient-picker';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['service_id', 'plan_id', 'phone_number', 'account_id', 'pin'] as const;

/**
 * Data from the wallet (spec §5 "Data"): a network or provider, a plan, and a phone number, or
 * an account id for SPECTRANET and SMILE BUNDLES.
 */
export function DataForm() {
  const products = useDataProducts();
  const balance = useBalance();
  const buy = useDataPurchase();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [serviceId, setServiceId] = useState('');
  const [planId, setPlanId] = useState('');
  const [destination, setDestination] = useState('');
  const [pin, setPin] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();

  const variations = products.data?.message ?? [];
  const variation = variations.find((v) => v.service_id === serviceId);
  const plans = (variation?.plans ?? []).filter((p) => p.on_sale !== false);
  const plan = plans.find((p) => p.plan_id === planId);
  const requiresAccountId = variation?.requires_account_id ?? false;
  const price = plan ? withTier('data', dataPrice(plan.wallet_price)) : undefined;

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const choose = (r: Recipient) => {
    if (r.service_id !== serviceId) setPlanId('');
    setServiceId(r.service_id);
    setDestination(r.destination);
    clear('service_id');
    clear('phone_number');
    edited('account_id');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(dataForm({ balance, requiresAccountId, price: price?.total }), {
      service_id: serviceId,
      network_id: variation?.network_id,
      plan_id: planId,
      ...(requiresAccountId ? { account_id: destination } : { phone_number: destination }),
      pin,
    });
    if (!body) return;
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
        what="data plans"
        isLoading={products.isLoading}
        error={products.error}
        retry={() => void products.mutate()}
      />
    );
  }

  const destinationField = requiresAccountId ? 'account_id' : 'phone_number';
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Buy data">
      <RecipientPicker
        product="Data"
        providerName={(r) => variations.find((v) => v.service_id === r.service_id)?.name}
        onChoose={choose}
        draft={
          variation &&
          (requiresAccountId ? isDigits(destination.trim()) : isPhone(destination.trim()))
            ? { destination: destination.trim(), service_id: variation.service_id }
            : null
        }
      />
      <Field label="Network" controlId={idOf('service_id')} error={errors.service_id} required>
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
              <SelectValue placeholder="Choose a network" />
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
              <SelectValue placeholder={variation ? 'Choose a plan' : 'Choose a network first'} />
            </SelectTrigger>
            <SelectContent>
              {plans.map((p) => (
                <SelectItem
                  key={p.id}
                  value={p.plan_id}
                  price={<Money kobo={withTier('data', dataPrice(p.wallet_price)).total} />}
                >
                  {p.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        key={destinationField}
        label={requiresAccountId ? 'Account ID' : 'Phone number'}
        hint={
          requiresAccountId
            ? `Your ${variation?.name ?? ''} account or user id.`
            : '11 digits, starting 070, 080, 081, 090 or 091.'
        }
        controlId={idOf(destinationField)}
        error={errors[destinationField]}
        required
      >
        <Input
          name={destinationField}
          type={requiresAccountId ? 'text' : 'tel'}
          inputMode={requiresAccountId ? 'text' : 'tel'}
          autoComplete="off"
          value={destination}
          onChange={(e) => {
            setDestination(e.target.value);
            edited(destinationField);
          }}
        />
      </Field>
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
        Buy data
      </SubmitRow>
    </form>
  );
}
