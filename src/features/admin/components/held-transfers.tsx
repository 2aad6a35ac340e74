import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import { AssignTransferBody, type HeldTransfer } from '@contract/transfers';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { errorMessage } from '@/lib/api-error';
import { useAssignTransfer, useHeldTransfers } from '../api/transfers';
import { LoadError, ScreenHeading } from './admin-parts';

/** One held transfer's "assign to" box: the customer's e-mail and one click. */
function AssignForm({ transfer }: { transfer: HeldTransfer }) {
  const assign = useAssignTransfer();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState('');
  const inputId = `assign-${transfer.id}`;

  if (transfer.status === 'assigned') {
    return <span className="text-sm break-all">Assigned to {transfer.assigned_to}</span>;
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AssignTransferBody.safeParse({ id: transfer.id, email });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? '');
      return;
    }
    assign.trigger({ body: parsed.data }).catch(() => undefined);
  };
  const failure = assign.error ? errorMessage(assign.error, FALLBACK.genericAlt) : invalid;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={inputId} className="sr-only">
          {`Customer e-mail for transfer ${transfer.reference}`}
        </label>
        <Input
          id={inputId}
          type="email"
          placeholder="customer@example.com"
          className="w-56"
          value={email}
          aria-invalid={failure ? true : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid('');
            assign.reset();
          }}
        />
        <Button type="submit" size="sm" loading={assign.isMutating}>
          Assign
        </Button>
      </div>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {assign.data ? (
        <p role="status" className="text-sm">
          {assign.data.message}
        </p>
      ) : null}
    </form>
  );
}

const columns: PagedTableColumn<HeldTransfer>[] = [
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
  { key: 'assign', header: 'Assign to a customer', cell: (t) => <AssignForm transfer={t} /> },
];

/**
 * Transfers to an account number that is nobody's (issue 16): held, never lost, until an
 * admin assigns each to a customer by e-mail (one click; recorded in the audit log).
 */
export function HeldTransfersScreen() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useHeldTransfers(page);
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Unmatched transfers"
        description="Bank transfers to an account number that is no customer’s, held first. Assign each to the customer it belongs to: their wallet is credited once, and the audit log records it."
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Unmatched bank transfers"
        columns={columns}
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
