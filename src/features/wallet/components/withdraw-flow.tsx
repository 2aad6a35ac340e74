import { useState, type FormEvent } from 'react';
import type { Kobo } from '@contract/money';
import { FALLBACK } from '@contract/messages';
import { NUBAN_LENGTH } from '@contract/nuban';
import { z } from '@contract/zod';
import {
  ResolveAccountBody,
  WITHDRAWAL_MSG,
  WITHDRAWAL_MIN_KOBO,
  WithdrawalBody,
  type Beneficiary,
} from '@contract/withdrawals';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PinInput, pinError } from '@/components/ui/pin-input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isApiError } from '@/lib/api-error';
import { formatNaira } from '@/lib/money';
import { useFormErrors } from '@/lib/use-form-errors';
import {
  useBanks,
  useBeneficiaries,
  useResolveAccount,
  useWithdraw,
  useWithdrawalQuote,
} from '../api/withdrawals';
import { BankPicker } from './bank-picker';
import { SavedAccounts } from './saved-accounts';
import { WithdrawalResult, type SentWithdrawal } from './withdrawal-result';

/** The account money goes to, with the name the bank gave for it. */
export type Payee = Pick<
  Beneficiary,
  'bank_code' | 'bank_name' | 'account_number' | 'account_name'
>;

/** The amount as typed: a naira string, then the contract's amount rules. */
const AMOUNT_PATTERN = /^\d+(\.\d{1,2})?$/;
export const amountForm = () =>
  z.object({
    amount: z.pipe(
      z.pipe(
        z.string().check(
          z.trim(),
          z.refine((v) => AMOUNT_PATTERN.test(v), WITHDRAWAL_MSG.amountInvalid),
        ),
        z.transform(Number),
      ),
      WithdrawalBody.shape.amount,
    ),
  });

/** The pin: required (the contract's message), then 6 digits (the pin field's own rule). */
export function withdrawalPinError(pin: string): string | undefined {
  return pin === '' ? WITHDRAWAL_MSG.pinRequired : pinError(pin);
}

// ── Step 1: the account ────────────────────────────────────────────────────────

const ACCOUNT_FIELDS = ['account_number', 'bank_code'] as const;

/**
 * A saved account, or a new one: the 10-digit number, then the bank (the NUBAN check suggests
 * some), then the bank's name for it. Nothing else is asked until the name is known; an
 * account the bank does not know stops here with the reason.
 */
function AccountStep({ onResolved }: { onResolved: (payee: Payee) => void }) {
  const banks = useBanks();
  const saved = useBeneficiaries();
  const resolve = useResolveAccount();
  const { errors, validate, clear, idOf } = useFormErrors(ACCOUNT_FIELDS);
  const [accountNumber, setAccountNumber] = useState('');
  const [bankCode, setBankCode] = useState('');
  const list = banks.data?.message ?? [];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(ResolveAccountBody, {
      account_number: accountNumber,
      bank_code: bankCode,
    });
    if (!body) return;
    try {
      const { message } = await resolve.trigger({ body });
      const bank = list.find((b) => b.code === body.bank_code);
      onResolved({
        ...body,
        bank_name: bank?.name ?? body.bank_code,
        account_name: message.account_name,
      });
    } catch {
      // shown from resolve.error
    }
  };

  const resolveError = resolve.error
    ? errorMessage(resolve.error, WITHDRAWAL_MSG.resolveUnavailable)
    : '';

  return (
    <div className="flex flex-col gap-6">
      {saved.data && saved.data.message.length > 0 ? (
        <SavedAccounts accounts={saved.data.message} onPick={onResolved} />
      ) : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="new-account-heading"
        className="flex flex-col gap-4"
      >
        <h2 id="new-account-heading" className="text-lg font-semibold">
          {saved.data && saved.data.message.length > 0 ? 'Another account' : 'Bank account'}
        </h2>
        {resolveError ? <FormAlert title="Account not confirmed">{resolveError}</FormAlert> : null}
        <Field
          label="Account number"
          hint="The 10-digit NUBAN."
          controlId={idOf('account_number')}
          error={errors.account_number}
          required
        >
          <Input
            name="account_number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={NUBAN_LENGTH}
            value={accountNumber}
            onChange={(event) => {
              // Digits only, as typed or pasted ("0123 456 785").
              setAccountNumber(event.target.value.replace(/\D/g, '').slice(0, NUBAN_LENGTH));
              clear('account_number');
              resolve.reset();
            }}
          />
        </Field>
        {banks.error ? (
          <FormAlert>{errorMessage(banks.error, FALLBACK.generic)}</FormAlert>
        ) : banks.data ? (
          <BankPicker
            banks={list}
            accountNumber={accountNumber}
            value={bankCode}
            onChange={(code) => {
              setBankCode(code);
              clear('bank_code');
              resolve.reset();
            }}
            error={errors.bank_code}
            controlId={idOf('bank_code')}
          />
        ) : (
          <Skeleton className="h-40" />
        )}
        <Button type="submit" loading={resolve.isMutating} className="self-start">
          Continue
        </Button>
      </form>
    </div>
  );
}

// ── Step 2: the amount ────────────────────────────────────────────────────────

function PayeeCard({ payee, onChange }: { payee: Payee; onChange: () => void }) {
  return (
    <section
      aria-label="Recipient"
      className="flex flex-wrap items-start justify-between gap-2 rounded-card border border-border bg-surface p-3"
    >
      <div className="flex min-w-0 flex-col">
        <span className="text-xs text-muted">Sending to</span>
        <span className="text-lg font-semibold [overflow-wrap:anywhere]" data-testid="payee-name">
          {payee.account_name}
        </span>
        <span className="text-sm text-muted">
          {payee.bank_name} · {payee.account_number}
        </span>
      </div>
      <Button variant="ghost" size="sm" onClick={onChange}>
        Change account
      </Button>
    </section>
  );
}

function AmountStep({
  payee,
  balance,
  initial,
  onBack,
  onAmount,
}: {
  payee: Payee;
  balance: Kobo;
  initial: string;
  onBack: () => void;
  onAmount: (typed: string, kobo: Kobo) => void;
}) {
  const { errors, validate, clear, idOf } = useFormErrors(['amount'] as const);
  const [amount, setAmount] = useState(initial);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(amountForm(), { amount });
    if (body) onAmount(amount.trim(), body.amount);
  };
  return (
    <div className="flex flex-col gap-4">
      <PayeeCard payee={payee} onChange={onBack} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field
          label="Amount (₦)"
          hint={
            <>
              Your balance: <Money kobo={balance} />. At least {formatNaira(WITHDRAWAL_MIN_KOBO)}.
            </>
          }
          controlId={idOf('amount')}
          error={errors.amount}
          required
        >
          <Input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              clear('amount');
            }}
          />
        </Field>
        <Button type="submit" className="self-start">
          Continue
        </Button>
      </form>
    </div>
  );
}

// ── Step 3: the summary and the pin ───────────────────────────────────────────

function ReviewStep({
  payee,
  typed,
  balance,
  onBack,
  onSent,
}: {
  payee: Payee;
  typed: string;
  balance: Kobo;
  onBack: () => void;
  onSent: (sent: SentWithdrawal) => void;
}) {
  const quote = useWithdrawalQuote(Number(typed));
  const withdraw = useWithdraw();
  const [pin, setPin] = useState('');
  const [pinProblem, setPinProblem] = useState<string | undefined>();
  const cost = quote.data?.message;
  const short = cost ? cost.total > balance : false;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!cost || short) return;
    const problem = withdrawalPinError(pin);
    setPinProblem(problem);
    if (problem) {
      document.getElementById('withdraw-pin')?.focus();
      return;
    }
    try {
      const { message } = await withdraw.trigger({
        body: {
          bank_code: payee.bank_code,
          account_number: payee.account_number,
          amount: cost.amount,
          pin,
        },
      });
      onSent(message);
    } catch (error) {
      // A wrong pin belongs beside the pin; any other refusal in the alert.
      if (isApiError(error) && error.type === 'wrong_pin') {
        setPinProblem(error.msg);
        setPin('');
        withdraw.reset();
      }
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">Check and confirm</h2>
      {quote.error ? <FormAlert>{errorMessage(quote.error, FALLBACK.generic)}</FormAlert> : null}
      <dl
        className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-card border border-border p-3 text-sm [overflow-wrap:anywhere]"
      >
        <dt className="text-muted">To</dt>
        <dd className="font-semibold" data-testid="summary-name">
          {payee.account_name}
        </dd>
        <dt className="text-muted">Bank</dt>
        <dd>{payee.bank_name}</dd>
        <dt className="text-muted">Account number</dt>
        <dd>{payee.account_number}</dd>
        <dt className="text-muted">Amount</dt>
        <dd>{cost ? <Money kobo={cost.amount} /> : <Skeleton className="h-4 w-20" />}</dd>
        <dt className="text-muted">Fee</dt>
        <dd>{cost ? <Money kobo={cost.fee} /> : <Skeleton className="h-4 w-16" />}</dd>
        <dt className="text-muted">Stamp duty</dt>
        <dd>
          {cost ? (
            <>
              <Money kobo={cost.duty} />
              {cost.duty === 0 ? (
                <span className="block text-xs text-muted">None under ₦10,000.</span>
              ) : null}
            </>
          ) : (
            <Skeleton className="h-4 w-16" />
          )}
        </dd>
        <dt className="font-semibold">Total debited</dt>
        <dd className="font-semibold" data-testid="summary-total">
          {cost ? <Money kobo={cost.total} /> : <Skeleton className="h-4 w-24" />}
        </dd>
      </dl>
      {short ? (
        <FormAlert>
          {WITHDRAWAL_MSG.insufficient} Your balance: {formatNaira(balance)}.
        </FormAlert>
      ) : null}
      {withdraw.error && withdraw.error.type !== 'wrong_pin' ? (
        <FormAlert>{errorMessage(withdraw.error, FALLBACK.genericAlt)}</FormAlert>
      ) : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Confirm with your pin"
        className="flex flex-col gap-4"
      >
        {short ? null : (
          <Field label="Secret pin" controlId="withdraw-pin" error={pinProblem} required>
            {(control) => (
              <PinInput
                {...control}
                name="pin"
                value={pin}
                onChange={(next) => {
                  setPin(next);
                  setPinProblem(undefined);
                }}
              />
            )}
          </Field>
        )}
        <div className="flex flex-wrap gap-2">
          {short ? null : (
            <Button type="submit" loading={withdraw.isMutating} disabled={!cost}>
              {cost ? `Withdraw ${formatNaira(cost.amount)}` : 'Withdraw'}
            </Button>
          )}
          <Button variant="secondary" onClick={onBack}>
            Change amount
          </Button>
        </div>
      </form>
    </div>
  );
}

// ── The flow ──────────────────────────────────────────────────────────────────

type Step =
  | { name: 'account' }
  | { name: 'amount'; payee: Payee; typed: string }
  | { name: 'review'; payee: Payee; typed: string }
  | { name: 'result'; sent: SentWithdrawal };

/**
 * Withdraw (ADR 0084), as Nigerian banking apps do it: the account (saved, or a new number and
 * its bank), its name from the bank in full, then the amount, then a summary with the fee, the
 * stamp duty and the total, confirmed with the secret pin; then the withdrawal's own screen.
 */
export function WithdrawFlow({ balance }: { balance: Kobo }) {
  const [step, setStep] = useState<Step>({ name: 'account' });
  switch (step.name) {
    case 'account':
      return <AccountStep onResolved={(payee) => setStep({ name: 'amount', payee, typed: '' })} />;
    case 'amount':
      return (
        <AmountStep
          payee={step.payee}
          balance={balance}
          initial={step.typed}
          onBack={() => setStep({ name: 'account' })}
          onAmount={(typed) => setStep({ name: 'review', payee: step.payee, typed })}
        />
      );
    case 'review':
      return (
        <ReviewStep
          payee={step.payee}
          typed={step.typed}
          balance={balance}
          onBack={() => setStep({ name: 'amount', payee: step.payee, typed: step.typed })}
          onSent={(sent) => setStep({ name: 'result', sent })}
        />
      );
    case 'result':
      return <WithdrawalResult sent={step.sent} onDone={() => setStep({ name: 'account' })} />;
  }
}
