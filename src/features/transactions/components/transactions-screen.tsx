import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { StatementKind, Transaction, TransactionStatus } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { FilterSelect } from '@/components/ui/filter-select';
import { SignedAmount } from '@/components/ui/signed-amount';
import { StatusBadge } from '@/components/ui/status-badge';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { lineLabel, lineStatus } from '@/lib/statement';
import { useMyTransactions } from '../api/get-my-transactions';
import { historyPageSize } from './page-size';
import type { TransactionDialogProps } from './transaction-dialog';

/** The details popup (Radix Dialog, the receipt) loads when a line is first opened. */
const TransactionDialog = lazy(() =>
  import('./transaction-dialog').then((module) => ({ default: module.TransactionDialog })),
);

/**
 * The filter dropdown of spec §2 (Default / Reversed / Successful / Failed): its first choice
 * shows everything, so it says "All" (ADR 0078).
 */
export const TRANSACTION_FILTERS = [
  { value: 'default', label: 'All' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'successful', label: 'Successful' },
  { value: 'failed', label: 'Failed' },
] as const satisfies readonly { value: 'default' | TransactionStatus; label: string }[];
type Filter = (typeof TRANSACTION_FILTERS)[number]['value'];

/** The statement's kinds a customer can pick (ADR 0045); "all" shows every line. */
export const KIND_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'purchase', label: 'Purchases' },
  { value: 'refund', label: 'Refunds' },
  { value: 'card_funding', label: 'Card funding' },
  { value: 'bank_transfer', label: 'Bank transfers' },
  { value: 'share_in', label: 'Funds received' },
  { value: 'share_out', label: 'Funds sent' },
  { value: 'coupon', label: 'Coupons' },
] as const satisfies readonly { value: 'all' | StatementKind; label: string }[];
type KindFilter = (typeof KIND_FILTERS)[number]['value'];

/** What a purchase was for (the phone, meter, smart card or account), as its popup shows it. */
const destinationOf = (tx: Transaction) =>
  tx.transaction_phone ?? tx.meter_number ?? tx.smart_card_number ?? tx.account_id;

/** A line's label and, under it, what it was for: "Airtime" alone does not say which number. */
function LineWhat({ tx }: { tx: Transaction }) {
  const dest = destinationOf(tx);
  return (
    <>
      {lineLabel(tx)}
      {dest ? <span className="block text-xs text-muted tabular-nums">{dest}</span> : null}
    </>
  );
}

const columns: PagedTableColumn<Transaction>[] = [
  {
    key: 'date',
    header: 'Date',
    // On phones what the line is goes under the date, so value and status fit in 360 px. The
    // time beside the day (Lagos time): two purchases of one day are told apart.
    cell: (tx) => (
      <>
        <DateText epochMs={tx.date} show="datetime" />
        <span className="block text-xs text-muted [overflow-wrap:anywhere] md:hidden">
          <LineWhat tx={tx} />
        </span>
      </>
    ),
  },
  {
    key: 'id',
    header: 'Transaction ID',
    cell: (tx) => <span className="font-mono text-xs">{tx.transaction_id}</span>,
    hideOnMobile: true,
  },
  { key: 'product', header: 'Product', cell: (tx) => <LineWhat tx={tx} />, hideOnMobile: true },
  {
    key: 'value',
    header: 'Value',
    // On phones the status goes under the value.
    cell: (tx) => (
      <>
        <SignedAmount transaction={tx} />
        <span className="mt-1 flex justify-end md:hidden">
          <StatusBadge kind="transaction" status={lineStatus(tx)} />
        </span>
      </>
    ),
    align: 'end',
  },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => <StatusBadge kind="transaction" status={lineStatus(tx)} />,
    hideOnMobile: true,
  },
];

/**
 * The search a link opened the page with (the bell's View transaction, ADR 0057): `?q=`,
 * read once when the page opens, bounded as the contract bounds it.
 */
function linkedSearch(): string | undefined {
  return new URLSearchParams(window.location.search).get('q')?.trim().slice(0, 64) || undefined;
}

/**
 * Transactions (spec §2 page 3): the history newest first, one server page at a time, filtered
 * by status on the server (ADR 0020); a row opens its details.
 */
export function TransactionsScreen({ onPrint }: Pick<TransactionDialogProps, 'onPrint'>) {
  const { data: me } = useCurrentUser();
  const [filter, setFilter] = useState<Filter>('default');
  const [kind, setKind] = useState<KindFilter>('all');
  const [typed, setTyped] = useState(() => linkedSearch() ?? '');
  const [q, setQ] = useState<string | undefined>(linkedSearch);
  const [page, setPage] = useState(1);
  const [openKey, setOpenKey] = useState<string | null>(null);
  // Mounted from the first opened line on, so closing it still returns focus.
  const [opened, setOpened] = useState(false);
  // Chosen once: a page size that changed with a rotated phone would renumber the pages.
  const [limit] = useState(() =>
    historyPageSize({ width: window.innerWidth, height: window.innerHeight }),
  );
  const { data, error, isLoading } = useMyTransactions({
    page,
    limit,
    ...(filter === 'default' ? {} : { status: filter }),
    ...(kind === 'all' ? {} : { kind }),
    ...(q ? { q } : {}),
  });
  const rows = data?.message ?? [];
  // Looked up by key so the popup closes by itself if the line disappears.
  const open = rows.find((tx) => lineKey(tx) === openKey) ?? null;
  const narrowed = filter !== 'default' || kind !== 'all' || q !== undefined;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim() || undefined);
    setPage(1);
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:px-8">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <h1 className="text-2xl font-bold">Transactions</h1>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <FilterSelect
            label="Show"
            value={filter}
            options={TRANSACTION_FILTERS}
            onChange={(next) => {
              setFilter(next as Filter);
              setPage(1);
            }}
          />
          <FilterSelect
            label="Kind"
            value={kind}
            options={KIND_FILTERS}
            onChange={(next) => {
              setKind(next as KindFilter);
              setPage(1);
            }}
          />
          <form
            role="search"
            aria-label="Search transactions"
            onSubmit={search}
            className="flex items-end gap-2"
          >
            <Field
              label="Search"
              hint="A transaction ID, reference, phone, meter or card number"
              className="flex-1 sm:w-64"
            >
              <Input
                type="search"
                name="q"
                autoComplete="off"
                maxLength={64}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
              />
            </Field>
            <Button type="submit">Search</Button>
          </form>
        </div>
      </div>
      {error && !data ? <FormAlert>{errorMessage(error, FALLBACK.generic)}</FormAlert> : null}
      <PagedTable
        caption="Transactions"
        columns={columns}
        rows={rows}
        pageCount={data?.pages}
        getRowKey={lineKey}
        onRowClick={(tx) => {
          setOpened(true);
          setOpenKey(lineKey(tx));
        }}
        getRowLabel={(tx) => `Open transaction ${tx.transaction_id}`}
        pageSize={limit}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={
          <EmptyState
            size="sm"
            title={
              !narrowed
                ? 'No transactions yet'
                : kind === 'all' && q === undefined
                  ? 'No transactions with this status'
                  : 'No transactions match'
            }
          />
        }
      />
      {opened ? (
        <Suspense fallback={null}>
          <TransactionDialog
            transaction={open}
            userId={me?.message.id ?? ''}
            onClose={() => setOpenKey(null)}
            onPrint={onPrint}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** A line's key: a refund line and its purchase never share one. */
const lineKey = (tx: Transaction) => `${tx.kind ?? 'tx'}:${tx.transaction_id}`;
