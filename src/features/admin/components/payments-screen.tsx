import type { Payment } from '@contract/entities';
import { Money } from '@/components/ui/money';
import type { PagedTableColumn } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { useAllPayments } from '../api/get-payments';
import { AdminListScreen, useAdminList } from './admin-list-screen';
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
 * Admin page 4 (spec §2): card payments and bank transfers, searchable by user and
 * reference; a row opens details.
 */
export function PaymentsScreen() {
  const list = useAdminList<{ q: string; reference: string }>();
  const searching = Boolean(list.query.q || list.query.reference);

  return (
    <AdminListScreen
      title="Payments"
      description="Card payments and bank transfers, newest first."
      search={{
        label: 'Search payments',
        fields: [
          { name: 'q', label: 'User e-mail', type: 'email' },
          { name: 'reference', label: 'Payment reference' },
        ],
        onSearch: (v) => list.setQuery({ q: v.q, reference: v.reference }),
      }}
      list={list}
      result={useAllPayments({ page: list.page, ...list.query })}
      columns={columns}
      getRowKey={(p) => p.id}
      getRowLabel={(p) => `Open payment ${p.t_id}`}
      emptyTitle={searching ? 'No payment matches this search' : 'No payments yet'}
      dialog={(open, close) => <PaymentDialog payment={open} onClose={close} />}
    />
  );
}
