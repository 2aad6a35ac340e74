import { useState, type FormEvent } from 'react';
import { FALLBACK, MSG } from '@contract/messages';
import { describeTransferFee, virtualAccountForm } from '@contract/transfers';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { CopyButton } from '@/components/ui/copy-button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';
import {
  useBalanceWhileAwaiting,
  useBankTransferInfo,
  useCreateVirtualAccount,
} from '../api/bank-transfer';

const FIELDS = ['bvn', 'consent'] as const;

/**
 * Funding by bank transfer: the customer's own account number, bank and account
 * name with a copy button, and what a transfer costs; before the first use, a form asks for
 * the BVN (which the provider requires for a permanent account) with the customer's consent.
 */
export function BankTransferCard() {
  const info = useBankTransferInfo();
  const create = useCreateVirtualAccount();
  const [bvn, setBvn] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const data = info.data?.message;
  // The account number on screen: a transfer may be on its way.
  useBalanceWhileAwaiting(Boolean(data?.account));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(virtualAccountForm(), { bvn, consent });
    if (!body) return;
    try {
      await create.trigger({ body: { bvn: body.bvn, consent: true } });
      setBvn('');
    } catch {
      // shown from create.error
    }
  };

  let content;
  if (info.error && !data) {
    content = <FormAlert>{errorMessage(info.error, FALLBACK.generic)}</FormAlert>;
  } else if (!data) {
    content = <Skeleton className="h-32" />;
  } else if (data.account) {
    const a = data.account;
    content = (
      <div className="flex flex-col gap-3">
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted">Account number</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-lg font-semibold tracking-wider">
              {a.account_number}
            </span>
            <CopyButton text={a.account_number} label="Copy account number" />
          </dd>
          <dt className="text-muted">Bank</dt>
          <dd>{a.bank_name}</dd>
          <dt className="text-muted">Account name</dt>
          <dd className="break-words">{a.account_name}</dd>
        </dl>
        <p className="text-sm">
          Transfer any amount from your bank app: your wallet is credited when the bank confirms it.{' '}
          {describeTransferFee(data.fee)} {MSG.stampDutyNote}
        </p>
      </div>
    );
  } else {
    const serverError = create.error ? errorMessage(create.error, FALLBACK.genericAlt) : '';
    content = (
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <p className="text-sm">
          Get your own account number and fund your wallet by transfer from any bank.{' '}
          {describeTransferFee(data.fee)}
        </p>
        {serverError ? <FormAlert>{serverError}</FormAlert> : null}
        <Field
          label="BVN"
          hint="Our payment provider needs your Bank Verification Number to open a permanent account. We keep only its last four digits."
          controlId={idOf('bvn')}
          error={errors.bvn}
          required
          className="sm:max-w-xs"
        >
          <Input
            name="bvn"
            inputMode="numeric"
            autoComplete="off"
            maxLength={11}
            value={bvn}
            onChange={(event) => {
              setBvn(event.target.value);
              clear('bvn');
              create.reset();
            }}
          />
        </Field>
        <CheckboxField
          id={idOf('consent')}
          checked={consent}
          error={errors.consent}
          onCheckedChange={(checked) => {
            setConsent(checked);
            clear('consent');
          }}
        >
          I agree to share my BVN with the payment provider to open my account.
        </CheckboxField>
        <div>
          <Button type="submit" loading={create.isMutating}>
            Get my account number
          </Button>
        </div>
      </form>
    );
  }

  return (
    <section
      aria-labelledby="bank-transfer-heading"
      className="flex flex-col gap-4 rounded-card border border-border p-4"
    >
      <h2 id="bank-transfer-heading" className="text-lg font-semibold">
        Fund by bank transfer
      </h2>
      {content}
    </section>
  );
}
