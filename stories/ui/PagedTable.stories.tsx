import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';

import type { Transaction } from '@contract/entities';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { StatusBadge } from '@/components/ui/status-badge';

import { transactions } from './fixtures';

/** Spec §2 admin transactions: id and user hidden on phones. */
const columns: PagedTableColumn<Transaction>[] = [
  {
    key: 'id',
    header: 'Transaction ID',
    cell: (tx) => <span className="font-mono">{tx.transaction_id}</span>,
    hideOnMobile: true,
  },
  { key: 'user', header: 'User', cell: (tx) => tx.user, hideOnMobile: true },
  {
    key: 'date',
    header: 'Date',
    cell: (tx) => <DateText epochMs={tx.date} />,
    hideOnMobile: true,
  },
  { key: 'product', header: 'Product', cell: (tx) => tx.product },
  { key: 'value', header: 'Value', cell: (tx) => <Money kobo={tx.value} />, align: 'end' },
  {
    key: 'status',
    header: 'Status',
    cell: (tx) => <StatusBadge kind="transaction" status={tx.status} />,
  },
];

const meta = {
  title: 'UI/PagedTable',
  component: PagedTable<Transaction>,
  args: {
    caption: 'Transactions',
    columns,
    rows: transactions,
    getRowKey: (tx: Transaction) => tx.transaction_id,
    getRowLabel: (tx: Transaction) => `Open transaction ${tx.transaction_id}`,
    onRowClick: fn(),
    onPageChange: fn(),
  },
} satisfies Meta<typeof PagedTable<Transaction>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Five rows a page; Previous/Next move through "Page X of Y" and stop at the ends. */
export const Paging: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const previous = canvas.getByRole('button', { name: /Previous/ });
    const next = canvas.getByRole('button', { name: /Next/ });
    await expect(canvas.getByText('Page 1 of 3')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(6); // header + 5
    await expect(previous).toBeDisabled();

    await userEvent.click(next);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
    await expect(args.onPageChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByText('TX-2024-0006')).toBeInTheDocument();

    await userEvent.click(next);
    await expect(canvas.getByText('Page 3 of 3')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(3); // header + 2
    await expect(next).toBeDisabled();

    await userEvent.click(previous);
    await expect(canvas.getByText('Page 2 of 3')).toBeVisible();
  },
};

/** A row opens details by mouse and by keyboard (Enter). */
export const ClickableRows: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const row = canvas.getByRole('row', { name: 'Open transaction TX-2024-0002' });
    await userEvent.click(row);
    await expect(args.onRowClick).toHaveBeenCalledWith(transactions[1]);
    row.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRowClick).toHaveBeenCalledTimes(2);
  },
};

/** The parent owns the page (e.g. kept in the URL). */
export const Controlled: Story = { args: { page: 3 } };

/** The server pages the list: the rows are page 4 of 9 as it answered, shown as they are. */
export const ServerPaged: Story = {
  args: { rows: transactions.slice(0, 5), page: 4, pageCount: 9 },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('Page 4 of 9')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(6);
    await expect(canvas.getByText('TX-2024-0001')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Next/ }));
    await expect(args.onPageChange).toHaveBeenLastCalledWith(5);
  },
};

export const Loading: Story = {
  args: { loading: true, rows: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        size="sm"
        title="No transactions yet"
        description="Your purchases will show here."
        action={<Button size="sm">Buy airtime</Button>}
      />
    ),
  },
};

export const NotClickable: Story = {
  args: { onRowClick: undefined, getRowLabel: undefined, rows: transactions.slice(0, 3) },
};

export const LongText: Story = {
  args: {
    rows: transactions.slice(0, 2).map((tx) => ({
      ...tx,
      user: 'a.very.long.customer.email.address.for.testing@some-long-domain.example.com',
    })),
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
