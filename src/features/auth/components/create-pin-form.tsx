import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { createPinForm, FALLBACK } from '@contract';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PinInput } from '@/components/ui/pin-input';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { useCreatePin } from '../api/create-pin';
import { AuthCard } from './auth-card';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['pin', 'confirm_pin'] as const;

/**
 * Create the secret transaction pin (spec §2, §5): 6 digits, typed twice (it is
 * masked, and a slip would lock the customer out); on success the dashboard.
 */
export function CreatePinForm() {
  const navigate = useNavigate();
  const createPin = useCreatePin();
  const { errors, validate, clear, idOf, setErrors } = useFormErrors(FIELDS);
  const [pin, setPin] = useState('');
  const [confirmPin, setConfirmPin] = useState('');

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(createPinForm(), { pin, confirm_pin: confirmPin });
    if (!body) return;
    try {
      await createPin.trigger({ body });
      navigate(paths.user.overview, { replace: true });
    } catch {
      // shown from createPin.error
    }
  };

  const serverError = createPin.error ? errorMessage(createPin.error, FALLBACK.generic) : '';

  return (
    <AuthCard
      title="Create your secret pin"
      description="You will use this 6-digit pin to approve every purchase and transfer. Keep it to yourself."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <Field
          label="Secret pin"
          hint="Six digits."
          controlId={idOf('pin')}
          error={errors.pin}
          required
        >
          {(control) => (
            <PinInput
              {...control}
              name="pin"
              width="full"
              value={pin}
              onChange={(next) => {
                setPin(next);
                createPin.reset();
              }}
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
          label="Confirm secret pin"
          hint="The same six digits again."
          controlId={idOf('confirm_pin')}
          error={errors.confirm_pin}
          required
        >
          {(control) => (
            <PinInput
              {...control}
              name="confirm_pin"
              width="full"
              value={confirmPin}
              onChange={(next) => {
                setConfirmPin(next);
                clear('confirm_pin');
                createPin.reset();
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" block loading={createPin.isMutating}>
          Create pin
        </Button>
      </form>
    </AuthCard>
  );
}
