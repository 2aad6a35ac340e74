import { useState, type FormEvent } from 'react';
import type { Kobo } from '@contract/money';
import { shareForm } from '@contract/forms';
import { FALLBACK, MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PinInput } from '@/components/ui/pin-input';
import { errorMessage } from '@/lib/api-error';
import { useShareFunds } from '../api/share-funds';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['email', 'amount', 'pin'] as const;
const EMPTY = { email: '', amount: '', pin: '' };

/**
 * Share Funds (spec §2, §5): e-mail, amount and secret pin; the amount may not exceed the
 * balance. Success says "Funds Sent Successfully."; a refusal shows the server's message, else
 * the generic fallback of spec §8 (the spec names none for this screen).
 */
export function ShareFundsForm({ balance }: { balance: Kobo }) {
  const share = useShareFunds();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState(EMPTY);
  const [sent, setSent] = useState(false);

  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
    setSent(false);
    share.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSent(false);
    const body = validate(shareForm({ balance }), values);
    if (!body) return;
    try {
      await share.trigger({ body });
      setValues(EMPTY);
      setSent(true);
    } catch {
      // shown from share.error
    }
  };

  const serverError = share.error ? errorMessage(share.error, FALLBACK.genericAlt) : '';

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Share Funds">
      {sent ? <FormAlert tone="success">{MSG.fundsSent}</FormAlert> : null}
      {serverError ? <FormAlert>{serverError}</FormAlert> : null}
      <Field label="Recipient e-mail" controlId={idOf('email')} error={errors.email} required>
        <Input
          name="email"
          type="email"
          autoComplete="off"
          value={values.email}
          onChange={(event) => set('email', event.target.value)}
        />
      </Field>
      <Field
        label="Amount (₦)"
        hint="Whole naira."
        controlId={idOf('amount')}
        error={errors.amount}
        required
      >
        <Input
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={values.amount}
          onChange={(event) => set('amount', event.target.value)}
        />
      </Field>
      <Field label="Secret pin" controlId={idOf('pin')} error={errors.pin} required>
        {(control) => (
          <PinInput
            {...control}
            name="pin"
            value={values.pin}
            onChange={(next) => set('pin', next)}
          />
        )}
      </Field>
      <Button type="submit" loading={share.isMutating} className="self-start">
        Send funds
      </Button>
    </form>
  );
}
