import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MSG, type Transaction } from '@contract';
import { demoSession, statementOf } from '@mocks/index';
import { ShareFundsResult } from '@/features/wallet/components/share-funds-result';
import { clearSession, saveTokens } from '@/lib/session';

/** A fixed instant, so nothing in a screenshot moves: 2024-03-06 14:05 Lagos. */
const AT = Date.UTC(2024, 2, 6, 13, 5);

const sent = {
  amount: 1_500_00,
  email: 'tunde@example.com',
  name: 'Tun*** B***',
  balance: 23_500_00,
};

/** The sender's statement line of that share, as GET /api/user/transactions answers it. */
const line: Transaction = {
  transaction_id: '202403061405000042',
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: AT,
  product: 'Transfer',
  value: 1_500_00,
  status: 'successful',
  direction: 'debit',
  amountCharged: 1_500_00,
  balance_before: 25_000_00,
  balance_after: 23_500_00,
  counterparty: 'tunde@example.com',
  counterparty_name: 'Tunde Bakare',
  kind: 'share_out',
  amount: 1_500_00,
};

const meta = {
  title: 'Features/Wallet/ShareFundsResult',
  component: ShareFundsResult,
  args: { sent, onDone: fn() },
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
} satisfies Meta<typeof ShareFundsResult>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The share's screen (ADR 0075): what was sent, to the masked name confirmed (never the full
 * name the statement knows), the transaction id and time, the new balance, and the receipt.
 */
export const Sent: Story = {
  parameters: { msw: { handlers: [statementOf([line])] } },
  play: async ({ canvas, args, userEvent }) => {
    const result = canvas.getByTestId('share-result');
    await expect(within(result).getByText(MSG.fundsSent)).toBeVisible();
    await expect(await within(result).findByText(line.transaction_id)).toBeVisible();
    await expect(within(result).getByText('06 - 03 - 2024')).toBeVisible();
    await expect(within(result).getByText('14:05')).toBeVisible();
    await expect(within(result).getByText('₦23,500.00')).toBeVisible();
    await expect(within(result).getAllByText(sent.name).length).toBeGreaterThan(0);
    await expect(within(result).queryByText('Tunde Bakare')).toBeNull();
    await expect(within(result).getByRole('button', { name: 'Share receipt' })).toBeVisible();
    await userEvent.click(within(result).getByRole('button', { name: 'Send more' }));
    await expect(args.onDone).toHaveBeenCalledOnce();
  },
};

/**
 * The statement could not be read (or has no such line yet): the money moved all the same, so
 * the screen still says so with the balance, sends the customer to History for the id and
 * time, and offers no receipt it cannot make.
 */
export const LineNotFound: Story = {
  parameters: { msw: { handlers: [statementOf([])] } },
  play: async ({ canvas }) => {
    const result = canvas.getByTestId('share-result');
    await expect(within(result).getByText(MSG.fundsSent)).toBeVisible();
    await expect((await within(result).findAllByText('See Transaction History')).length).toBe(2);
    await expect(within(result).getByText('₦23,500.00')).toBeVisible();
    await expect(within(result).queryByRole('button', { name: 'Share receipt' })).toBeNull();
  },
};
