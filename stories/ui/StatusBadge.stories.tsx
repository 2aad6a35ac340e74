import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { PAYMENT_STATUSES, TRANSACTION_STATUSES } from '@contract/entities';
import { StatusBadge } from '@/components/ui/status-badge';

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  args: { kind: 'transaction', status: 'successful' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Successful: Story = {};
export const Failed: Story = { args: { status: 'failed' } };
export const Reversed: Story = { args: { status: 'reversed' } };
export const Pending: Story = { args: { status: 'pending' } };
export const Cancelled: Story = { args: { status: 'cancelled' } };

/** Spec §4: failed and cancelled red, reversed dark green, pending grey, successful light green. */
export const AllTransactionStatuses: Story = {
  render: () => (
    <ul className="flex flex-wrap gap-2">
      {TRANSACTION_STATUSES.map((status) => (
        <li key={status}>
          <StatusBadge kind="transaction" status={status} />
        </li>
      ))}
      <li>
        <StatusBadge kind="transaction" status="processing" />
      </li>
    </ul>
  ),
  play: async ({ canvas }) => {
    const tone = (text: string) =>
      canvas.getByText(text).closest('[data-tone]')?.getAttribute('data-tone');
    await expect(tone('Failed')).toBe('danger');
    await expect(tone('Cancelled')).toBe('danger');
    await expect(tone('Reversed')).toBe('success-strong');
    await expect(tone('Pending')).toBe('neutral');
    await expect(tone('Successful')).toBe('success');
    // "Other" statuses are light green too.
    await expect(tone('Processing')).toBe('success');
  },
};

/** Spec §4: completed green, failed red, pending grey, cancelled red. */
export const AllPaymentStatuses: Story = {
  render: () => (
    <ul className="flex flex-wrap gap-2">
      {PAYMENT_STATUSES.map((status) => (
        <li key={status}>
          <StatusBadge kind="payment" status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    const tone = (text: string) =>
      canvas.getByText(text).closest('[data-tone]')?.getAttribute('data-tone');
    await expect(tone('Completed')).toBe('success');
    await expect(tone('Failed')).toBe('danger');
    await expect(tone('Pending')).toBe('neutral');
    await expect(tone('Cancelled')).toBe('danger');
  },
};

export const LongText: Story = {
  render: () => (
    <div className="w-28">
      <StatusBadge kind="transaction" status="awaiting-provider-confirmation" />
    </div>
  ),
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {TRANSACTION_STATUSES.map((status) => (
          <StatusBadge key={status} kind="transaction" status={status} />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        {PAYMENT_STATUSES.map((status) => (
          <StatusBadge key={status} kind="payment" status={status} />
        ))}
      </div>
    </div>
  ),
};
