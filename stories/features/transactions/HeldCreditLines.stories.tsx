import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import type { Transaction } from '@contract';
import { demoSession, now, statementOf } from '@mocks/index';
import { untilClickable } from '../../pointer';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * History and credits a verification level's limit held (ADR 0076): a held card payment is a
 * line "Card funding, held" that moved nothing (its amount muted, no sign, status Held); once
 * released it is "Card funding, released", credited, linked to its card payment by the payment
 * reference, never an "Adjustment".
 */
const meta = {
  title: 'Features/Transactions/TransactionsScreen/Held credits',
  component: TransactionsScreen,
  args: { onPrint: fn() },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof TransactionsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const base = {
  user: 'demo@paybills.ng',
  user_id: 'u_demo',
  product: 'Funding',
  direction: 'credit',
  amountCharged: 0,
  kind: 'card_funding',
  value: 40_000_00,
  stamp_duty: 50_00,
  fee: 0,
  reference: 'PB-20261101-41',
} as const satisfies Partial<Transaction>;

const heldLine = (): Transaction => ({
  ...base,
  transaction_id: 'held_41',
  date: now() - 60_000,
  status: 'pending',
  balance_before: 0,
  balance_after: 0,
  amount: 0,
  held: {
    status: 'held',
    reason: 'daily_funding',
    amount: 39_950_00,
    held_at: now() - 60_000,
    released_at: null,
  },
});

const releasedLine = (): Transaction => ({
  ...base,
  transaction_id: 'pay_41',
  date: now(),
  status: 'successful',
  balance_before: 25_000_00,
  balance_after: 64_950_00,
  amount: 39_950_00,
  held: {
    status: 'released',
    reason: 'daily_funding',
    amount: 39_950_00,
    held_at: now() - 86_400_000,
    released_at: now(),
  },
});

async function firstRow(canvasElement: HTMLElement) {
  const table = await within(canvasElement).findByRole('table', { name: 'Transactions' });
  await waitFor(() => expect(table).not.toHaveAttribute('aria-busy'));
  return within(table).getAllByRole('row')[1]!;
}

/** Held: "Card funding, held", ₦39,950.00 unsigned (not in the balance), status Held. */
export const HeldLine: Story = {
  parameters: { msw: { handlers: [statementOf([heldLine()])] } },
  play: async ({ canvasElement, userEvent }) => {
    const row = await firstRow(canvasElement);
    await expect(within(row).getAllByText('Card funding, held')[0]).toBeInTheDocument();
    await expect(within(row).getAllByText('Held')[0]).toBeInTheDocument();
    await expect(row).toHaveTextContent('₦39,950.00');
    await expect(row).not.toHaveTextContent('+');
    await untilClickable(row);
    await userEvent.click(row);
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: 'Transaction details' },
      { timeout: 5000 },
    );
    await expect(
      within(dialog).getByText('It would have passed your daily funding limit'),
    ).toBeVisible();
    await expect(within(dialog).getByText('PB-20261101-41')).toBeVisible();
    await expect(within(dialog).queryByText('Balance after')).toBeNull();
  },
};

/** Released: "Card funding, released", credited, the payment reference and when it was held. */
export const ReleasedLine: Story = {
  parameters: { msw: { handlers: [statementOf([releasedLine()])] } },
  play: async ({ canvasElement, userEvent }) => {
    const row = await firstRow(canvasElement);
    await expect(within(row).getAllByText('Card funding, released')[0]).toBeInTheDocument();
    await expect(row).not.toHaveTextContent('Adjustment');
    await untilClickable(row);
    await userEvent.click(row);
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: 'Transaction details' },
      { timeout: 5000 },
    );
    await expect(within(dialog).getByText('Payment reference')).toBeVisible();
    await expect(within(dialog).getByText('PB-20261101-41')).toBeVisible();
    await expect(within(dialog).getByText('Held on')).toBeVisible();
    await expect(within(dialog).getByText('Credited')).toBeVisible();
  },
};
