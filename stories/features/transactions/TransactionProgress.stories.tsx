import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { Transaction } from '@contract';
import { demoSession } from '@mocks/index';
import { pendingThenDeliveredTimeline, refundedTimeline } from '@mocks/fixtures/timelines';
import { TransactionDialog } from '@/features/transactions/components/transaction-dialog';
import { clearSession, saveTokens } from '@/lib/session';

/**
 * The customer's own story of a purchase in History's details (ADR 0083): each status it took
 * and when (Lagos time), and each e-mail or SMS sent about it. Never the provider, its code or
 * the request: the server answers none of them.
 */
const meta = {
  title: 'Features/Transactions/TransactionDialog/What happened',
  component: TransactionDialog,
  beforeEach: () => {
    saveTokens(demoSession());
    return () => clearSession();
  },
  args: { transaction: null, userId: 'u-ada', onClose: fn(), onPrint: fn() },
} satisfies Meta<typeof TransactionDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: 'phone', isRotated: false } } };
const desktop = { globals: { viewport: { value: 'desktop', isRotated: false } } };

/** The admin fixture's purchase, as the customer's History lists it. */
const asCustomer = (id: string, status: Transaction['status']): Transaction => ({
  transaction_id: id,
  user: 'ada@example.com',
  user_id: 'u-ada',
  date: refundedTimeline.transaction.date,
  product: 'Airtime',
  value: 100_000,
  status,
  direction: 'debit',
  amountCharged: 98_000,
  balance_before: 1_000_000,
  balance_after: 902_000,
  service_id: 'mtn',
  plan: 'MTN',
  transaction_phone: '08031230000',
  kind: 'purchase',
});

async function progress() {
  const dialog = await within(document.body).findByRole('dialog', { name: 'Transaction details' });
  const region = await within(dialog).findByRole('region', { name: 'What happened' });
  return { dialog, lines: within(region).getAllByRole('listitem') };
}

/** Refunded: processing, failed, refunded, with the e-mail and the SMS that told it. */
export const Refunded: Story = {
  ...desktop,
  args: { transaction: asCustomer('TX-TL-REFUNDED', 'reversed') },
  play: async () => {
    const { dialog, lines } = await progress();
    await expect(lines.map((l) => l.firstChild?.textContent)).toEqual([
      'Processing',
      'Failed',
      'Refunded to your wallet',
      'E-mail sent',
      'SMS sent',
    ]);
    await expect(lines[0]).toHaveTextContent('06 - 03 - 2024 14:05');
    // Nothing of the provider's.
    await expect(dialog).not.toHaveTextContent(/VTpass|016|TRANSACTION FAILED/);
  },
};

export const RefundedPhone: Story = { ...phone, args: Refunded.args, play: Refunded.play };

/** Pending, then delivered a minute and a half later: both times, and the messages. */
export const PendingThenDelivered: Story = {
  ...desktop,
  args: {
    transaction: asCustomer(pendingThenDeliveredTimeline.transaction.transaction_id, 'successful'),
  },
  play: async () => {
    const { dialog, lines } = await progress();
    await expect(lines.map((l) => l.firstChild?.textContent)).toEqual([
      'Processing',
      'Delivered',
      'E-mail sent',
      'SMS sent',
    ]);
    await expect(lines[1]).toHaveTextContent('06 - 03 - 2024 14:06');
    await expect(dialog).not.toHaveTextContent(/VTpass|000 delivered|callback/i);
  },
};

export const PendingThenDeliveredPhone: Story = {
  ...phone,
  args: PendingThenDelivered.args,
  play: PendingThenDelivered.play,
};
