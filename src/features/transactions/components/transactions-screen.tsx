import { useState } from 'react';
import type { Transaction, TransactionStatus } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { useMyTransactions } from '../api/get-my-transactions';
import { TransactionDialog, type TransactionDialogProps } from './transaction-dialog';

/** The filter dropdown of spec §2: Default shows everything. */
export const TRANSACTION_FILTERS = [
  { value: 'default', label: 'Default' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
] as const satisfies readonly { value: 'default' | TransactionStatus; label: string }[];
type Filter = (typeof TRANSACTION_FILTERS)[number]['value'];

const columns: PagedTableColumn<Transaction>[] = [
  {
    key: 'date',
    header: 'Date',
    // On phones the product goes under the date, so value and status fit in 360 px.
    cell: (tx) => (
      <>
        <DateText epochMs={tx.date} />
        <span className="block text-xs text-muted md:hidden">{tx.product}</span>
      </>
    ),
  },
  {
    key: 'id',
    header: 'Transaction ID',
    cell: (tx) => <span className="font-mono text-xs">{tx.transaction_id}</span>,
    hideOnMobile: true,
  },
  { key: 'product', header: 'Product', cell: (tx) => tx.product, hideOnMobile: true },
  {
    key: 'value',
    header: 'Value',
    // On phones the status goes under the value.
    cell: (tx) => (
      <>
        <Money kobo={tx.value} />
        <span className="mt-1 flex justify-end md:hidden">
          <StatusBadge kind="transaction" status={tx.status} />
        </span>
      </>
    ),
    align: 'end',
  },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => <StatusBadge kind="transaction" status={tx.status} />,
    hideOnMobile: true,
  },
];

/**
 * Transactions (spec §2 page 3): the history newest first, one server page at a time, filtered
 * by status on the server (ADR 0020); a row opens its details.
 */
export function TransactionsScreen({ onPrint }: Pick<TransactionDialogProps, 'onPrint'>) {
  const { data: me } = useCurrentUser();
  const [filter, setFilter] = useState<Filter>('default');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isLoading } = useMyTransactions({
    page,
    ...(filter === 'default' ? {} : { status: filter }),
  });
  const rows = data?.message ?? [];
  // Looked up by id so the popup closes by itself if the transaction disappears.
  const open = rows.find((tx) => tx.transaction_id === openId) ?? null;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h1 className="text-2xl font-bold">Transactions</h1>
        <Field label="Show" className="sm:w-48">
          {(control) => (
            <Select
              value={filter}
              onValueChange={(next) => {
                setFilter(next as Filter);
                setPage(1);
              }}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {TRANSACTION_FILTERS.map((option) => (
                  <SelectItem key={option.value} value={option.value}>
                    {option.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      </div>
      {error && !data ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      <PagedTable
        caption="Transactions"
        columns={columns}
        rows={rows}
        pageCount={data?.pages}
        getRowKey={(tx) => tx.transaction_id}
        onRowClick={(tx) => setOpenId(tx.transaction_id)}
        getRowLabel={(tx) => `Open transaction ${tx.transaction_id}`}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={
          <EmptyState
            size="sm"
            title={
              filter === 'default' ? 'No transactions yet' : 'No transactions with this status'
            }
          />
        }
      />
      <TransactionDialog
        transaction={open}
        userId={me?.message.id ?? ''}
        onClose={() => setOpenId(null)}
        onPrint={onPrint}
      />
    </div>
  );
}
