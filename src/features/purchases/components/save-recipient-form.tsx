import { useState, type FormEvent } from 'react';
import type { RecipientProduct } from '@contract/entities';
import { saveRecipientForm } from '@contract/forms';
import { FALLBACK } from '@contract/messages';
import { LIMITS } from '@contract/business-limits';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';
import { useSaveRecipient } from '../api/save-recipient';

/** Where the form's purchase would go, once the customer has filled it in. */
export type RecipientDraft = {
  destination: string;
  service_id: string;
  variation_code?: 'prepaid' | 'postpaid';
};

const SAVE_FIELDS = ['name'] as const;

/**
 * The recipient picker's "Save this recipient" editor: a name for the number the form holds.
 * Loaded by `RecipientPicker` when the customer opens it, not with the page.
 */
export function SaveRecipientForm({
  product,
  draft,
  onDone,
}: {
  product: RecipientProduct;
  draft: RecipientDraft;
  onDone: () => void;
}) {
  const save = useSaveRecipient();
  const { errors, validate, clear, idOf } = useFormErrors(SAVE_FIELDS);
  const [name, setName] = useState('');

  // A form of its own would nest in the purchase form: the button submits this one only.
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const body = validate(saveRecipientForm(), { product, ...draft, name: name.trim() });
    if (!body) return;
    try {
      await save.trigger({ body });
      onDone();
    } catch {
      // shown from save.error
    }
  };

  return (
    <div role="group" aria-label="Save this recipient" className="flex flex-col gap-2">
      <Field
        label="Name"
        hint="For example Mum's MTN."
        controlId={idOf('name')}
        error={errors.name}
      >
        <Input
          name="recipient_name"
          autoComplete="off"
          maxLength={LIMITS.recipientName + 1}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
            save.reset();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void submit();
            }
          }}
        />
      </Field>
      {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.generic)}</FormAlert> : null}
      <div className="flex gap-2">
        <Button size="sm" loading={save.isMutating} onClick={() => void submit()}>
          Save
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
