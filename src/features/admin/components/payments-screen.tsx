import { useState } from 'react';
import type { Payment } from '@contract/entities';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAllPayments } from '../api/get-payments';
import { LoadError, ScreenHeading, SearchForm } from './admin-parts';
import { CHANNEL_LABELS, PaymentDialog } from './payment-dialog';

// Phones: the user folds under the payment id, so the amount and status stay readable.
const columns: PagedTableColumn<Payment>[] = [
  {
    key: 'id',
    header: 'Payment ID',
    cell: (p) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-mono text-xs break-all">{p.t_id}</span>
        <span className="text-xs break-all text-muted md:hidden">{p.user}</span>
      </span>
    ),
  },
  {
    key: 'user',
    header: 'User',
    hideOnMobile: true,
    cell: (p) => <span className="break-all">{p.user}</span>,
  },
  {
    key: 'channel',
    header: 'Channel',
    hideOnMobile: true,
    cell: (p) => CHANNEL_LABELS[p.channel],
  },
  { key: 'amount', header: 'Amount', align: 'end', cell: (p) => <Money kobo={p.amount} /> },
  {
    key: 'status',
    header: 'Status',
    cell: (p) => <StatusBadge kind="payment" status={p.status} />,
  },
];

/**
 * Admin page 4 (spec §2): card payments and bank transfers (issue 16), searchable by user and
 * reference; a row opens details.
 */
export function PaymentsScreen() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState<{ q?: string; reference?: string }>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, error, isLoading } = useAllPayments({ page, ...search });
  const items = data?.message ?? [];
  const open = items.find((p) => p.id === openId) ?? null;
  const searching = Boolean(search.q || search.reference);

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Payments"
        description="Card payments and bank transfers, newest first."
      />
      <SearchForm
        label="Search payments"
        fields={[
          { name: 'q', label: 'User e-mail', type: 'email' },
          { name: 'reference', label: 'Payment reference' },
        ]}
        onSearch={(v) => {
          setSearch({ q: v.q, reference: v.reference });
          setPage(1);
        }}
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Payments"
        columns={columns}
        rows={items}
        pageCount={data?.pages}
        getRowKey={(p) => p.id}
        getRowLabel={(p) => `Open payment ${p.t_id}`}
        onRowClick={(p) => setOpenId(p.id)}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={
          <EmptyState
            size="sm"
            title={searching ? 'No payment matches this search' : 'No payments yet'}
          />
        }
      />
      <PaymentDialog payment={open} onClose={() => setOpenId(null)} />
    </div>
  );
}
