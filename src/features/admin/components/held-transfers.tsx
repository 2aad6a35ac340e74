import { useState, type FormEvent } from 'react';
import type { User } from '@contract/entities';
import type { FourEyesLimits } from '@contract/four-eyes';
import { FALLBACK, SERVER_MSG } from '@contract/messages';
import { AssignTransferBody, type HeldTransfer } from '@contract/transfers';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { errorMessage } from '@/lib/api-error';
import { formatNaira } from '@/lib/money';
import { useAssignTransfer, useFindCustomer, useHeldTransfers } from '../api/transfers';
import { useFourEyes } from '../api/four-eyes';
import { LoadError, ScreenHeading } from './admin-parts';
import { DailyTotals, whyText } from './four-eyes';

/**
 * One held transfer's "assign to" box: the customer's e-mail, then a confirmation that names
 * the customer and the amount (ADR 0046), since a typo would credit a stranger.
 */
function AssignForm({
  transfer,
  fourEyes,
}: {
  transfer: HeldTransfer;
  fourEyes: FourEyesLimits | undefined;
}) {
  const assign = useAssignTransfer();
  const find = useFindCustomer();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState('');
  /** The customer the e-mail belongs to, while the admin confirms. */
  const [customer, setCustomer] = useState<User | null>(null);
  const inputId = `assign-${transfer.id}`;

  if (transfer.status === 'assigned') {
    return <span className="text-sm break-all">Assigned to {transfer.assigned_to}</span>;
  }
  if (transfer.awaiting) {
    return (
      <span className="flex min-w-0 flex-col text-sm" data-testid="awaiting">
        <span className="break-all">
          Waiting for a second admin: to {transfer.awaiting.customer}, asked by{' '}
          {transfer.awaiting.maker}.
        </span>
        <span className="text-xs text-muted">{whyText(transfer.awaiting.why, fourEyes)}</span>
        <span className="text-xs text-muted">Approve or reject it on the Adjustments page.</span>
      </span>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = AssignTransferBody.safeParse({ id: transfer.id, email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? '');
      return;
    }
    try {
      const found = await find.trigger({ query: { q: parsed.data.email, page: 1, limit: 5 } });
      // The search also matches the start of names: only the exact address is this customer.
      const match = found.message.find((u) => u.email.toLowerCase() === parsed.data.email);
      if (match) setCustomer(match);
      else setInvalid(SERVER_MSG.userNotFound);
    } catch {
      // shown from find.error
    }
  };
  const confirm = async () => {
    if (!customer) return;
    try {
      await assign.trigger({ body: { id: transfer.id, email: customer.email } });
      setCustomer(null);
    } catch {
      // shown in the dialog, from assign.error
    }
  };
  const dialogError = assign.error ? errorMessage(assign.error, FALLBACK.genericAlt) : '';
  const failure = find.error ? errorMessage(find.error, FALLBACK.genericAlt) : invalid;
  return (
    <form noValidate onSubmit={submit} className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          {`Customer e-mail for transfer ${transfer.reference}`}
        </label>
        <Input
          id={inputId}
          type="email"
          placeholder="customer@example.com"
          className="w-full min-w-0 sm:w-56"
          value={email}
          aria-invalid={failure ? true : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid('');
            find.reset();
            assign.reset();
          }}
        />
        <Button type="submit" size="sm" loading={find.isMutating}>
          Assign
        </Button>
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {assign.data ? (
        <p role="status" className="text-sm">
          {assign.data.message}
        </p>
      ) : null}
      <ConfirmDialog
        open={customer !== null}
        onOpenChange={(open) => {
          if (!open) {
            setCustomer(null);
            assign.reset();
          }
        }}
        title="Assign this transfer?"
        description="The customer's wallet is credited at once if it fits today's totals, else it waits for a second admin. The audit log records it."
        confirmLabel={`Credit ${formatNaira(transfer.amount)}`}
        loading={assign.isMutating}
        error={dialogError}
        onConfirm={() => void confirm()}
      >
        {customer ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
            <dt className="text-muted">Customer</dt>
            <dd className="font-semibold" data-testid="assign-customer">
              {customer.name}
            </dd>
            <dt className="text-muted">E-mail</dt>
            <dd>{customer.email}</dd>
            <dt className="text-muted">Amount</dt>
            <dd>{formatNaira(transfer.amount)}</dd>
            <dt className="text-muted">Transfer</dt>
            <dd className="font-mono text-xs">{transfer.reference}</dd>
          </dl>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}

const columns = (fourEyes: FourEyesLimits | undefined): PagedTableColumn<HeldTransfer>[] => [
  {
    key: 'reference',
    header: 'Transfer',
    cell: (t) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-mono text-xs break-all">{t.reference}</span>
        <span className="text-xs text-muted">To {t.account_number}</span>
        <span className="text-xs break-all text-muted">{t.sender}</span>
      </span>
    ),
  },
  { key: 'amount', header: 'Amount', align: 'end', cell: (t) => <Money kobo={t.amount} /> },
  {
    key: 'received',
    header: 'Received',
    hideOnMobile: true,
    cell: (t) => <DateText epochMs={t.received_at} />,
  },
  {
    key: 'assign',
    header: 'Assign to a customer',
    cell: (t) => <AssignForm transfer={t} fourEyes={fourEyes} />,
  },
];

/**
 * Transfers to an account number that is nobody's: held, never lost, until an
 * admin assigns each to a customer by e-mail (one click; recorded in the audit log).
 */
export function HeldTransfersScreen() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useHeldTransfers(page);
  const fourEyes = useFourEyes();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Unmatched transfers"
        description="Bank transfers to an account number that is no customer’s, held first. Assign each to the customer it belongs to: their wallet is credited once, and the audit log records it. Above the threshold, or past the day's totals, a second admin approves first."
      />
      <DailyTotals state={fourEyes.data?.message} />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Unmatched bank transfers"
        // On a phone the e-mail box needs the card's whole width, not a squeezed last column.
        stackOnMobile
        columns={columns(fourEyes.data?.message)}
        rows={data?.message ?? []}
        pageCount={data?.pages}
        getRowKey={(t) => t.id}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={<EmptyState size="sm" title="No unmatched transfers" />}
      />
    </div>
  );
}
