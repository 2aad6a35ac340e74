import { useState, type FormEvent } from 'react';
import { ChangePasswordBody, changePasswordForm } from '@contract/forms';
import { FALLBACK, MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { useChangePassword } from '../api/change-password';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['old_password', 'new_password', 'confirm_password'] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY: Record<FieldName, string> = {
  old_password: '',
  new_password: '',
  confirm_password: '',
};
const LABELS: Record<FieldName, { label: string; autoComplete: string; hint?: string }> = {
  old_password: { label: 'Current password', autoComplete: 'current-password' },
  new_password: {
    label: 'New password',
    autoComplete: 'new-password',
    hint: 'At least 8 letters or digits.',
  },
  confirm_password: { label: 'Confirm new password', autoComplete: 'new-password' },
};

/** Change password (spec §2 Settings, §5): fallback "…cannot be changed at this moment." */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState(EMPTY);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setDone(false);
    if (!validate(changePasswordForm(), values)) return;
    // The confirmation is the form's; the call takes the two passwords.
    const body = ChangePasswordBody.parse(values);
    try {
      await change.trigger({ body });
      setValues(EMPTY);
      setDone(true);
    } catch {
      // shown from change.error
    }
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4"
      aria-label="Change password"
    >
      {done ? <FormAlert tone="success">{MSG.passwordChanged}</FormAlert> : null}
      {change.error ? (
        <FormAlert>{errorMessage(change.error, FALLBACK.changePassword)}</FormAlert>
      ) : null}
      {FIELDS.map((field) => (
        <Field
          key={field}
          label={LABELS[field].label}
          hint={LABELS[field].hint}
          controlId={idOf(field)}
          error={errors[field]}
          required
        >
          <Input
            name={field}
            type="password"
            autoComplete={LABELS[field].autoComplete}
            value={values[field]}
            onChange={(event) => {
              const value = event.target.value;
              setValues((current) => ({ ...current, [field]: value }));
              clear(field);
              setDone(false);
              change.reset();
            }}
          />
        </Field>
      ))}
      <Button type="submit" loading={change.isMutating} className="self-start">
        Change password
      </Button>
    </form>
  );
}
