import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { PinInput } from '@/components/ui/pin-input';

/** The secret pin every purchase asks for last, after the total is shown (spec §2). */
export function PinField(props: {
  id: string;
  error?: string;
  value: string;
  onChange: (pin: string) => void;
}) {
  return (
    <Field label="Secret pin" controlId={props.id} error={props.error} required>
      {(control) => (
        <PinInput {...control} name="pin" value={props.value} onChange={props.onChange} />
      )}
    </Field>
  );
}

/** The server's refusal (if any) above the form's submit button. */
export function SubmitRow(props: { error: string; loading: boolean; children: ReactNode }) {
  return (
    <>
      {props.error ? <FormAlert>{props.error}</FormAlert> : null}
      <Button type="submit" size="lg" block loading={props.loading}>
        {props.children}
      </Button>
    </>
  );
}
