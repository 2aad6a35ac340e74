import { useState, type FormEvent } from 'react';
import { airtimeForm } from '@contract/forms';
import { suggestNetwork } from '@contract/phone';
import { airtimePrice, NAIRA } from '@contract/pricing';
import { isDigits, isPhone } from '@contract/rules';
import type { Recipient } from '@contract/entities';
import { Button } from '@/components/ui/button';
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
import { useNetworks } from '@/lib/catalogue';
import { useTierPrice } from '@/lib/tier';
import { useAirtimePurchase } from '../api/airtime';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow } from './use-purchase-flow';
import { PurchaseResult } from './purchase-result';
import { RecipientPicker } from './recipient-picker';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['phone_number', 'network_id', 'amount', 'pin'] as const;

/** One tap for the amounts people buy most (naira). */
const QUICK_AMOUNTS = [100, 200, 500, 1000, 2000] as const;

/** Airtime from the wallet (spec §5 "Airtime"): the network is suggested from the number. */
export function AirtimeForm() {
  const networks = useNetworks();
  const balance = useBalance();
  const buy = useAirtimePurchase();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [phone, setPhone] = useState('');
  const [chosenNetwork, setChosenNetwork] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();

  const list = networks.data?.message ?? [];
  const suggested = suggestNetwork(phone);
  const suggestedId = list.find((n) => n.name.toUpperCase() === suggested)?.id;
  // Numbers are portable: a choice the customer made wins over the prefix.
  const networkId = chosenNetwork ?? suggestedId ?? '';
  const network = list.find((n) => n.id === networkId);
  const percentOff = network?.wallet_percent_off ?? 0;
  const amountKobo = isDigits(amount.trim()) ? Number(amount.trim()) * NAIRA : 0;
  const price =
    amountKobo > 0 ? withTier('airtime', airtimePrice(amountKobo, percentOff)) : undefined;

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const choose = (r: Recipient) => {
    setPhone(r.destination);
    setChosenNetwork(list.find((n) => n.service_id === r.service_id)?.id ?? null);
    clear('phone_number');
    edited('network_id');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(
      airtimeForm({
        balance,
        total: (kobo) => withTier('airtime', airtimePrice(kobo, percentOff)).total,
      }),
      { phone_number: phone, network_id: networkId, amount, pin },
    );
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
  if (!networks.data) {
    return (
      <CatalogueState
        what="networks"
        isLoading={networks.isLoading}
        error={networks.error}
        retry={() => void networks.mutate()}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Buy airtime">
      <RecipientPicker
        product="Airtime"
        providerName={(r) => list.find((n) => n.service_id === r.service_id)?.name}
        onChoose={choose}
        draft={
          isPhone(phone.trim()) && network
            ? { destination: phone.trim(), service_id: network.service_id }
            : null
        }
      />
      <Field
        label="Phone number"
        hint="11 digits, starting 070, 080, 081, 090 or 091."
        controlId={idOf('phone_number')}
        error={errors.phone_number}
        required
      >
        <Input
          name="phone_number"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={phone}
          onChange={(e) => {
            setPhone(e.target.value);
            edited('phone_number');
          }}
        />
      </Field>
      <Field
        label="Network"
        hint={
          suggestedId && !chosenNetwork
            ? 'Suggested from the number; change it if ported.'
            : undefined
        }
        controlId={idOf('network_id')}
        error={errors.network_id}
      >
        {(control) => (
          <Select
            value={networkId}
            onValueChange={(v) => {
              setChosenNetwork(v);
              edited('network_id');
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose a network" />
            </SelectTrigger>
            <SelectContent>
              {list.map((n) => (
                <SelectItem
                  key={n.id}
                  value={n.id}
                  price={n.wallet_percent_off ? `${n.wallet_percent_off}% off` : undefined}
                >
                  {n.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        label="Amount (₦)"
        hint="Whole naira, at least ₦100."
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
      <div role="group" aria-label="Quick amounts" className="-mt-2 flex flex-wrap gap-2">
        {QUICK_AMOUNTS.map((naira) => (
          <Button
            key={naira}
            size="sm"
            variant={amount.trim() === String(naira) ? 'primary' : 'secondary'}
            aria-pressed={amount.trim() === String(naira)}
            onClick={() => {
              setAmount(String(naira));
              edited('amount');
            }}
          >
            <Money kobo={naira * NAIRA} />
          </Button>
        ))}
      </div>
      <PriceSummary price={price} valueLabel="Airtime" />
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
        Buy airtime
      </SubmitRow>
    </form>
  );
}
