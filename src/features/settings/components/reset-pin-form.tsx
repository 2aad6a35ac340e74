import { useState, type FormEvent } from 'react';
import { resetPinForm } from '@contract/forms';
import { FALLBACK, MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PinInput } from '@/components/ui/pin-input';
import { errorMessage } from '@/lib/api-error';
import { useResetPin } from '../api/reset-pin';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['password', 'pin', 'confirm_pin'] as const;
const EMPTY = { password: '', pin: '', confirm_pin: '' };

/**
 * Reset transaction pin (spec §2 Settings, §5): the password, then a new 6-digit pin, typed
 * twice.
 */
export function ResetPinForm() {
  const reset = useResetPin();
  const { errors, validate, clear, idOf, setErrors } = useFormErrors(FIELDS);
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(false);

  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
    setDone(false);
    reset.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    const body = validate(resetPinForm(), values);
    if (!body) return;
    try {
      await reset.trigger({ body });
      setValues(EMPTY);
      setDone(true);
    } catch {
      // shown from reset.error
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Reset pin">
      {done ? <FormAlert tone="success">{MSG.pinChanged}</FormAlert> : null}
      {reset.error ? <FormAlert>{errorMessage(reset.error, FALLBACK.resetPin)}</FormAlert> : null}
      <Field label="Password" controlId={idOf('password')} error={errors.password} required>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => set('password', event.target.value)}
        />
      </Field>
      <Field
        label="New secret pin"
        hint="Six digits."
        controlId={idOf('pin')}
        error={errors.pin}
        required
      >
        {(control) => (
          <PinInput
            {...control}
            name="pin"
            value={values.pin}
            onChange={(next) => set('pin', next)}
            onValidate={(message) =>
              setErrors((current) => {
                const next = { ...current };
                if (message) next.pin = message;
                else delete next.pin;
                return next;
              })
            }
          />
        )}
      </Field>
      <Field
        label="Confirm new secret pin"
        hint="The same six digits again."
        controlId={idOf('confirm_pin')}
        error={errors.confirm_pin}
        required
      >
        {(control) => (
          <PinInput
            {...control}
            name="confirm_pin"
            value={values.confirm_pin}
            onChange={(next) => set('confirm_pin', next)}
          />
        )}
      </Field>
      <Button type="submit" loading={reset.isMutating} className="self-start">
        Reset pin
      </Button>
    </form>
  );
}
