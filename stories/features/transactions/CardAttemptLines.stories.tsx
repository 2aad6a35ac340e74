import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { Transaction } from '@contract';
import { demoSession, now, statementOf } from '@mocks/index';
import { untilClickable } from '../../pointer';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * History and card payments that moved no money (ADR 0076): a card payment that failed (the
 * customer paid nothing) reads "Card funding, failed", one cancelled at the checkout "Card
 * funding, cancelled": the amount muted and unsigned, its status, no balance before or after,
 * the payment reference in the details and no receipt to share or print.
 */
const meta = {
  title: 'Features/Transactions/TransactionsScreen/Card attempts',
  component: TransactionsScreen,
  args: { onPrint: fn() },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof TransactionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const attempt = (status: 'failed' | 'cancelled'): Transaction => ({
  transaction_id: `pay_${status}`,
  user: 'demo@paybills.ng',
  user_id: 'u_demo',
  date: now() - 60_000,
  product: 'Funding',
  value: 5_000_00,
  status,
  direction: 'credit',
  amountCharged: 0,
  balance_before: 0,
  balance_after: 0,
  kind: 'card_funding',
  amount: 0,
  reference: 'PB-20261101-52',
});

async function openLine(
  canvasElement: HTMLElement,
  userEvent: { click: (el: Element) => Promise<void> },
  label: string,
  status: string,
) {
  const table = await within(canvasElement).findByRole('table', { name: 'Transactions' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  const row = within(table).getAllByRole('row')[1]!;
  await expect(within(row).getAllByText(label)[0]).toBeInTheDocument();
  await expect(within(row).getAllByText(status)[0]).toBeInTheDocument();
  await expect(row).toHaveTextContent('₦5,000.00');
  await expect(row).not.toHaveTextContent('+');
  await untilClickable(row);
  await userEvent.click(row);
  const dialog = await within(document.body).findByRole(
    'dialog',
    { name: 'Transaction details' },
    { timeout: 5000 },
  );
  await expect(within(dialog).getByText('Payment reference')).toBeVisible();
  await expect(within(dialog).getByText('PB-20261101-52')).toBeVisible();
  await expect(within(dialog).queryByText('Balance before')).toBeNull();
  await expect(within(dialog).queryByText('Balance after')).toBeNull();
  await expect(within(dialog).queryByText('Credited')).toBeNull();
  await expect(within(dialog).queryByRole('button', { name: 'Share receipt' })).toBeNull();
  await expect(within(dialog).queryByRole('button', { name: 'Print receipt' })).toBeNull();
}

/** Failed: "Card funding, failed", ₦5,000.00 unsigned, status Failed, nothing credited. */
export const FailedAttempt: Story = {
  parameters: { msw: { handlers: [statementOf([attempt('failed')])] } },
  play: async ({ canvasElement, userEvent }) => {
    await openLine(canvasElement, userEvent, 'Card funding, failed', 'Failed');
  },
};

/** Cancelled at the checkout: "Card funding, cancelled", status Cancelled. */
export const CancelledAttempt: Story = {
  parameters: { msw: { handlers: [statementOf([attempt('cancelled')])] } },
  play: async ({ canvasElement, userEvent }) => {
    await openLine(canvasElement, userEvent, 'Card funding, cancelled', 'Cancelled');
  },
};
