import { useState } from 'react';
import type { Transaction } from '@contract/entities';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAllTransactions } from '../api/get-transactions';
import { LoadError, ScreenHeading, SearchForm } from './admin-parts';
import { TransactionDialog } from './transaction-dialog';

// Spec §2 admin 3: id and user are hidden on phones.
const columns: PagedTableColumn<Transaction>[] = [
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
  { key: 'product', header: 'Product', cell: (t) => t.product },
  { key: 'value', header: 'Value', align: 'end', cell: (t) => <Money kobo={t.value} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (t) => <StatusBadge kind="transaction" status={t.status} />,
  },
];

/** Admin page 3 (spec §2): every transaction, 5 per server page, searchable; a row opens details. */
export function TransactionsScreen() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<{ q?: string; id?: string }>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isLoading } = useAllTransactions({ page, ...search });
  const items = data?.message ?? [];
  const open = items.find((t) => t.transaction_id === openId) ?? null;
  const searching = Boolean(search.q || search.id);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading title="Transactions" description="Newest first, 5 per page." />
      <SearchForm
        label="Search transactions"
        fields={[
          { name: 'q', label: 'User e-mail', type: 'email' },
          { name: 'id', label: 'Transaction ID' },
        ]}
        onSearch={(v) => {
          setSearch({ q: v.q, id: v.id });
          setPage(1);
        }}
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Transactions"
        columns={columns}
        rows={items}
        pageCount={data?.pages}
        getRowKey={(t) => t.transaction_id}
        getRowLabel={(t) => `Open transaction ${t.transaction_id}`}
        onRowClick={(t) => setOpenId(t.transaction_id)}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={
          <EmptyState
            size="sm"
            title={searching ? 'No transaction matches this search' : 'No transactions yet'}
          />
        }
      />
      <TransactionDialog transaction={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
