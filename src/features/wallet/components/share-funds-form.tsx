import { useState, type FormEvent } from 'react';
import type { Kobo } from '@contract/money';
import { shareForm } from '@contract/forms';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PinInput } from '@/components/ui/pin-input';
import { errorMessage, isApiError, type ApiError } from '@/lib/api-error';
import { formatNaira } from '@/lib/money';
import { useShareFunds, useShareRecipient, type SentShare } from '../api/share-funds';
import { ShareFundsResult } from './share-funds-result';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['email', 'amount', 'pin'] as const;
const EMPTY = { email: '', amount: '', pin: '' };

type ShareBody = { email: string; amount: Kobo; pin: string };

/** "No PayBills account", oneself, a refused e-mail: said beside the e-mail field. */
const isAboutTheEmail = (error: ApiError) =>
  (error.status === 404 || error.status === 400) && error.msg.trim() !== '';

/**
 * Share Funds (spec §2, §5): e-mail, amount and secret pin; the amount may not exceed the
 * balance. Before any money leaves, the e-mail is resolved to the account's masked name and
 * the customer confirms it (ADR 0046), as Opay, Palmpay and Kuda do: an e-mail no
 * account uses is told beside the field, and nothing is sent. Success shows the share's own
 * screen ("Funds Sent Successfully.", what, to whom, when, the new balance and a receipt); a
 * refusal shows the server's message, else the generic fallback of spec §8.
 */
export function ShareFundsForm({ balance }: { balance: Kobo }) {
  const share = useShareFunds();
  const lookup = useShareRecipient();
  const { errors, validate, clear, show, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState(EMPTY);
  /** The share just sent: its screen replaces the form until "Send more" (ADR 0075). */
  const [sent, setSent] = useState<SentShare | null>(null);
  /** The checked body and the name it goes to, while the customer confirms. */
  const [pending, setPending] = useState<{ body: ShareBody; name: string } | null>(null);

  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
    share.reset();
    lookup.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(shareForm({ balance }), values);
    if (!body) return;
    try {
      const { message } = await lookup.trigger({ body: { email: body.email } });
      share.reset();
      setPending({ body, name: message.name });
    } catch (error) {
      // Who the e-mail is (or is not) belongs beside the e-mail; other failures in the alert.
      if (isApiError(error) && isAboutTheEmail(error)) show({ email: error.msg });
    }
  };

  const onConfirm = async () => {
    if (!pending) return;
    try {
      const { message: balance } = await share.trigger({ body: pending.body });
      const { amount, email } = pending.body;
      setPending(null);
      setValues(EMPTY);
      setSent({ amount, email, name: pending.name, balance });
    } catch {
      // A refusal (wrong pin, balance) closes the question: the form says why.
      setPending(null);
    }
  };

  const lookupError =
    lookup.error && !isAboutTheEmail(lookup.error)
      ? errorMessage(lookup.error, FALLBACK.genericAlt)
      : '';
  const serverError = share.error ? errorMessage(share.error, FALLBACK.genericAlt) : lookupError;

  if (sent) {
    return (
      <ShareFundsResult
        sent={sent}
        onDone={() => {
          setSent(null);
          share.reset();
        }}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Share Funds">
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
      <Button type="submit" loading={lookup.isMutating} className="self-start">
        Send funds
      </Button>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title="Confirm the recipient"
        description="Check the name before sending: money sent to another account cannot be called back."
        confirmLabel={pending ? `Send ${formatNaira(pending.body.amount)}` : 'Send'}
        loading={share.isMutating}
        onConfirm={onConfirm}
      >
        {pending ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
            <dt className="text-muted">Name</dt>
            <dd className="font-semibold" data-testid="recipient-name">
              {pending.name}
            </dd>
            <dt className="text-muted">E-mail</dt>
            <dd>{pending.body.email}</dd>
            <dt className="text-muted">Amount</dt>
            <dd>{formatNaira(pending.body.amount)}</dd>
          </dl>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}
