import { useState } from 'react';
import type { Transaction, TransactionStatus } from '@contract/entities';
import { ADMIN_USERS_MSG } from '@contract/messages/admin-users';
import { DATE_FILTER_MSG } from '@contract/time';
import { DateText } from '@/components/ui/date-text';
import { Field } from '@/components/ui/field';
import { FilterSelect } from '@/components/ui/filter-select';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import type { PagedTableColumn } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAllTransactions } from '../api/get-transactions';
import { AdminListScreen, useAdminList } from './admin-list-screen';
import { TransactionDialog } from './transaction-dialog';

/** The status filter: every status the server sets (spec §4), or all of them. */
export const STATUS_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'successful', label: 'Successful' },
  { value: 'pending', label: 'Pending' },
  { value: 'failed', label: 'Failed' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const satisfies readonly { value: 'all' | TransactionStatus; label: string }[];
type StatusFilter = (typeof STATUS_FILTERS)[number]['value'];

// Spec §2 admin 3: id and user are hidden on phones. At 360 px two columns remain, as in the
// customer's history: the date with the product under it, the value with the status under it
// (three columns are a few pixels too wide).
const columns: PagedTableColumn<Transaction>[] = [
  {
    key: 'date',
    header: 'Date',
    cell: (t) => (
      <>
        <DateText epochMs={t.date} />
        <span className="block text-xs text-muted md:hidden">{t.product}</span>
      </>
    ),
  },
  {
    key: 'id',
    header: 'Transaction ID',
    hideOnMobile: true,
    cell: (t) => <span className="font-mono text-xs">{t.transaction_id}</span>,
  },
  {
    key: 'user',
    header: 'User',
    hideOnMobile: true,
    cell: (t) => <span className="break-all">{t.user}</span>,
  },
  { key: 'product', header: 'Product', hideOnMobile: true, cell: (t) => t.product },
  {
    key: 'value',
    header: 'Value',
    align: 'end',
    cell: (t) => (
      <>
        <Money kobo={t.value} />
        <span className="mt-1 flex justify-end md:hidden">
          <StatusBadge kind="transaction" status={t.status} />
        </span>
      </>
    ),
  },
  {
    key: 'status',
    header: 'Status',
    hideOnMobile: true,
    cell: (t) => <StatusBadge kind="transaction" status={t.status} />,
  },
];

/** The date range as typed, and the last one the server was asked for (a valid one). */
type Range = { from: string; to: string };

/**
 * Admin page 3 (spec §2): every transaction, 5 per server page, searchable (by the user, the
 * phone, meter, card or reference it was for, or its id), filtered on the
 * server by status and by a range of Lagos days, both inclusive (ADR 0048); a row opens
 * details.
 */
export function TransactionsScreen() {
  const list = useAdminList<{ q: string; id: string; dest: string }>();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [typed, setTyped] = useState<Range>({ from: '', to: '' });
  const [range, setRange] = useState<Range>({ from: '', to: '' });
  const result = useAllTransactions({
    page: list.page,
    ...list.query,
    ...(status === 'all' ? {} : { status }),
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: range.to } : {}),
  });
  const narrowed = Boolean(
    list.query.q || list.query.id || list.query.dest || status !== 'all' || range.from || range.to,
  );
  const rangeError =
    typed.from && typed.to && typed.from > typed.to ? DATE_FILTER_MSG.order : undefined;

  // A date input reports '' until its date is whole, so every value here is a day or nothing;
  // a range that ends before it starts stays on screen with its message and is not sent.
  const setDay = (which: keyof Range, value: string) => {
    const next = { ...typed, [which]: value };
    setTyped(next);
    if (!next.from || !next.to || next.from <= next.to) {
      setRange(next);
      list.setPage(1);
    }
  };

  return (
    <AdminListScreen
      title="Transactions"
      description="Newest first, 5 per page."
      search={{
        label: 'Search transactions',
        fields: [
          { name: 'q', label: 'User e-mail', type: 'email' },
          // A phone complaint (ADR 0078): what the purchase was for, exact.
          {
            name: 'dest',
            label: 'Phone, meter, card or reference',
            hint: 'A phone as 080… or +234…',
          },
          { name: 'id', label: 'Transaction ID' },
        ],
        onSearch: (v) => list.setQuery({ q: v.q, id: v.id, dest: v.dest }),
      }}
      filters={
        <div
          role="group"
          aria-label="Filter transactions"
          className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-start"
        >
          <FilterSelect
            label="Status"
            value={status}
            options={STATUS_FILTERS}
            className="col-span-2 sm:w-48"
            onChange={(next) => {
              setStatus(next as StatusFilter);
              list.setPage(1);
            }}
          />
          <Field label="From" className="sm:w-44">
            <Input
              type="date"
              name="from"
              max={typed.to || undefined}
              value={typed.from}
              onChange={(e) => setDay('from', e.target.value)}
            />
          </Field>
          <Field label="To" className="sm:w-44" error={rangeError}>
            <Input
              type="date"
              name="to"
              min={typed.from || undefined}
              value={typed.to}
              onChange={(e) => setDay('to', e.target.value)}
            />
          </Field>
        </div>
      }
      list={list}
      result={result}
      columns={columns}
      getRowKey={(t) => t.transaction_id}
      getRowLabel={(t) => `Open transaction ${t.transaction_id}`}
      emptyTitle={narrowed ? ADMIN_USERS_MSG.noTransactionMatches : 'No transactions yet'}
      dialog={(open, close) => <TransactionDialog transaction={open} onClose={close} />}
    />
  );
}
