import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import {
  adminResolvedTimeline,
  failedOverTimeline,
  pendingThenDeliveredTimeline,
  refundedTimeline,
} from '@mocks/fixtures/timelines';
import { TransactionTimelineScreen } from '@/features/admin/components/transaction-timeline-screen';
import { signedInAsAdmin } from './session';

/**
 * One transaction's whole story for support (ADR 0083): every fact in time order, Lagos time to
 * the second, who acted, the provider's code and words, how long each call took, the ledger's
 * entries in naira with the balance before and after, and a Print button.
 */
const meta = {
  title: 'Features/Admin/TransactionTimelineScreen',
  component: TransactionTimelineScreen,
  beforeEach: signedInAsAdmin,
  parameters: { router: { initialEntries: ['/admin/dashboard/transactions/x'] } },
  args: { id: refundedTimeline.transaction.transaction_id, onPrint: fn() },
} satisfies Meta<typeof TransactionTimelineScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: 'phone', isRotated: false } } };
const desktop = { globals: { viewport: { value: 'desktop', isRotated: false } } };

/** The events' headings, in the page's order. */
async function headings(canvas: ReturnType<typeof within>) {
  const list = await canvas.findByRole('region', { name: 'What happened' });
  return within(list)
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent ?? '');
}

/** VTpass said 016; the wallet was refunded at once, the customer told by e-mail and SMS. */
export const Refunded: Story = {
  ...desktop,
  play: async ({ canvas, args, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Transaction timeline' }),
    ).toBeVisible();
    await expect(await headings(canvas)).toEqual([
      'Created: Airtime · MTN · 08031230000',
      'Ledger entry: Debited for the purchase',
      'Ledger entry: Debited for the purchase',
      'Provider call: Sent to VTpass',
      'Status change: pending → failed',
      'Status change: failed → reversed',
      'Ledger entry: Refunded',
      'E-mail: Refund: ₦980.00 is back in your wallet',
      'SMS: refunded to +234 803 ••• 0000',
    ]);
    const summary = canvas.getByRole('region', { name: 'Summary' });
    await expect(within(summary).getByText('Reversed')).toBeVisible();
    await expect(within(summary).getByText('₦980.00')).toBeVisible();
    // The call: its code, words, latency and the redacted request; Lagos time to the second.
    await expect(canvas.getByText('016')).toBeVisible();
    await expect(canvas.getByText('1.84 s')).toBeVisible();
    await expect(canvas.getAllByText('06 - 03 - 2024 14:05:02')[0]).toBeVisible();
    await expect(canvas.getByText(/"requestId":"202403061405a1b2c3"/)).toBeVisible();
    // Money in naira, with the balance before and after.
    await expect(canvas.getAllByText('−₦980.00')[0]).toBeVisible();
    await expect(canvas.getAllByText('₦9,020.00')[0]).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Print' }));
    await expect(args.onPrint).toHaveBeenCalledOnce();
  },
};

export const RefundedPhone: Story = { ...phone, play: Refunded.play };

/** VTpass refused; the purchase moved to Flutterwave, which delivered it. */
export const FailedOver: Story = {
  ...desktop,
  args: { id: failedOverTimeline.transaction.transaction_id },
  play: async ({ canvas }) => {
    const seen = await headings(canvas);
    await expect(seen.filter((h) => !h.startsWith('Ledger'))).toEqual([
      'Created: Airtime · MTN · 08031230000',
      'Provider call: Sent to VTpass',
      'Failover: Moved from VTpass to Flutterwave',
      'Provider call: Sent to Flutterwave',
      'Status change: pending → successful',
      'E-mail: Airtime: ₦1,000.00 to 08031230000',
    ]);
    await expect(canvas.getByText('2.38 s')).toBeVisible();
  },
};

export const FailedOverPhone: Story = { ...phone, args: FailedOver.args, play: FailedOver.play };

/** Processing, asked by the worker, VTpass's callback, its requery: delivered. */
export const PendingThenDelivered: Story = {
  ...desktop,
  args: { id: pendingThenDeliveredTimeline.transaction.transaction_id },
  play: async ({ canvas }) => {
    const seen = await headings(canvas);
    await expect(seen.filter((h) => !h.startsWith('Ledger'))).toEqual([
      'Created: Airtime · MTN · 08031230000',
      'Provider call: Sent to VTpass',
      'Requery: Asked VTpass about it',
      'Provider callback: Callback from VTpass',
      'Requery: Asked VTpass about it',
      'Status change: pending → successful',
      'E-mail: Airtime delivered: ₦1,000.00 to 08031230000',
      'SMS: purchased to +234 803 ••• 0000',
    ]);
    await expect(canvas.getByText('Requery worker')).toBeVisible();
    await expect(canvas.getByText('000 delivered')).toBeVisible();
  },
};

export const PendingThenDeliveredPhone: Story = {
  ...phone,
  args: PendingThenDelivered.args,
  play: PendingThenDelivered.play,
};

/** A day pending; support asked VTpass (016) and failed and refunded it: who and why. */
export const AdminResolved: Story = {
  ...desktop,
  args: { id: adminResolvedTimeline.transaction.transaction_id },
  play: async ({ canvas }) => {
    const seen = await headings(canvas);
    await expect(seen.slice(-5)).toEqual([
      'Requery: Asked VTpass about it',
      'Status change: pending → reversed',
      'Ledger entry: Refunded',
      'Admin action: Failed and refunded a pending purchase',
      'E-mail: Refund: ₦980.00 is back in your wallet',
    ]);
    await expect(canvas.getByText('support@example.com')).toBeVisible();
    await expect(canvas.getByText('An admin')).toBeVisible();
    await expect(canvas.getByText(/status: pending → reversed/)).toBeVisible();
    await expect(canvas.getAllByText('07 - 03 - 2024 14:06:01')[0]).toBeVisible();
  },
};

export const AdminResolvedPhone: Story = {
  ...phone,
  args: AdminResolved.args,
  play: AdminResolved.play,
};

/** An id that is no transaction: the server's sentence, no timeline. */
export const NotFound: Story = {
  args: { id: 'no-such-transaction' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.transactionNotFound)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print' })).toBeDisabled();
  },
};
