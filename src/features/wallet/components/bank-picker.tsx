import { useId, useMemo, useState } from 'react';
import type { Bank } from '@contract/withdrawals';
import { suggestBanks } from '@contract/nuban';
import { WarningIcon } from '@/components/ui/icons';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** At most this many banks are listed for a search: type more letters to narrow it. */
const SHOWN = 40;

export type BankPickerProps = {
  banks: readonly Bank[];
  /** The account number typed so far: at 10 digits, the banks its check digit allows come first. */
  accountNumber: string;
  /** The chosen bank's code, or ''. */
  value: string;
  onChange: (code: string) => void;
  /** The field's error (the contract's message), shown under the list. */
  error?: string;
  /** Id of the search box: a form's "first invalid field" focus lands there. */
  controlId?: string;
};

/**
 * The bank of a new account, as banking apps ask for it: a search box over Flutterwave's list
 * and the banks as radio buttons. Once the account number has 10 digits, the banks its NUBAN
 * check digit allows (contract/nuban.ts) are suggested above the rest; only a suggestion, since
 * a number can pass for several banks and some providers' codes are no CBN codes.
 */
export function BankPicker({
  banks,
  accountNumber,
  value,
  onChange,
  error,
  controlId,
}: BankPickerProps) {
  const [search, setSearch] = useState('');
  const name = useId();
  const generated = useId();
  const searchId = controlId ?? generated;
  const errorId = `${searchId}-error`;
  const suggested = useMemo(() => suggestBanks(accountNumber, banks), [accountNumber, banks]);
  const term = search.trim().toLowerCase();
  const matching = banks.filter((b) => !term || b.name.toLowerCase().includes(term));
  const others = matching.filter((b) => !suggested.includes(b)).slice(0, SHOWN);
  const chosen = banks.find((b) => b.code === value);

  const option = (bank: Bank) => (
    <li key={bank.code}>
      <label
        className={cn(
          'flex min-h-control cursor-pointer items-center gap-3 rounded-control px-3 py-2 text-sm',
          'hover:bg-surface has-[:checked]:bg-brand/10 has-[:checked]:font-semibold',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40',
        )}
      >
        <input
          type="radio"
          name={name}
          value={bank.code}
          checked={value === bank.code}
          onChange={() => onChange(bank.code)}
          className="size-4 accent-brand"
        />
        <span className="[overflow-wrap:anywhere]">{bank.name}</span>
      </label>
    </li>
  );

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="mb-1.5 text-sm font-medium text-fg">
        Bank
        <span aria-hidden="true" className="ml-0.5 text-danger">
          *
        </span>
      </legend>
      {chosen ? (
        <p className="text-sm" data-testid="chosen-bank">
          Chosen: <span className="font-semibold">{chosen.name}</span>
        </p>
      ) : null}
      {suggested.length > 0 ? (
        <div className="flex flex-col gap-1">
          <p className="text-xs font-semibold text-muted" id={`${searchId}-suggested`}>
            Suggested for {accountNumber}
          </p>
          <ul aria-labelledby={`${searchId}-suggested`} className="flex flex-col gap-0.5">
            {suggested.map(option)}
          </ul>
        </div>
      ) : null}
      <label htmlFor={searchId} className="sr-only">
        Search banks
      </label>
      <Input
        id={searchId}
        type="search"
        placeholder="Search banks"
        autoComplete="off"
        value={search}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setSearch(event.target.value)}
      />
      <ul
        aria-label={suggested.length > 0 ? 'Other banks' : 'Banks'}
        className="flex max-h-64 flex-col gap-0.5 overflow-y-auto rounded-control border border-border p-1"
      >
        {others.map(option)}
        {others.length === 0 ? (
          <li className="px-3 py-2 text-sm text-muted">No bank matches “{search.trim()}”.</li>
        ) : null}
      </ul>
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-sm font-medium text-danger">
          <WarningIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </fieldset>
  );
}
