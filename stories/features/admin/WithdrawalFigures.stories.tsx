import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { AdminOverview } from '@contract';
import { WithdrawalFigures } from '@/features/admin/components/withdrawal-figures';

/**
 * The overview's withdrawal figures (ADR 0094): fee income net of refunds, settled withdrawals
 * and what they sent, today and over the last 30 days (Lagos), and how many wait now.
 */
const NORMAL: AdminOverview['withdrawals'] = {
  today: { fee_income: 1_343_75, settled_count: 42, settled_amount: 1_250_000_00 },
  last_30_days: { fee_income: 38_902_50, settled_count: 1_204, settled_amount: 41_380_000_00 },
  pending: 3,
  awaiting_review: 1,
};
const NONE = { fee_income: 0, settled_count: 0, settled_amount: 0 };

const meta = {
  title: 'Features/Admin/WithdrawalFigures',
  component: WithdrawalFigures,
} satisfies Meta<typeof WithdrawalFigures>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const card = (canvas: Canvas, name: string) => within(canvas.getByRole('article', { name }));
/** The value beside `label` in a card. */
const value = (c: Canvas, label: string) => c.getByText(label).nextElementSibling;

/** A day with withdrawals paid and a few waiting. */
export const Normal: Story = {
  args: { figures: NORMAL },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Withdrawals' })).toBeVisible();
    const today = card(canvas, 'Today');
    await expect(value(today, 'Fee income')).toHaveTextContent('₦1,343.75');
    await expect(value(today, 'Settled')).toHaveTextContent('42');
    await expect(value(today, 'Amount sent')).toHaveTextContent('₦1,250,000.00');
    const month = card(canvas, 'Last 30 days');
    await expect(value(month, 'Fee income')).toHaveTextContent('₦38,902.50');
    await expect(value(month, 'Settled')).toHaveTextContent('1,204');
    await expect(value(month, 'Amount sent')).toHaveTextContent('₦41,380,000.00');
    const waiting = card(canvas, 'Waiting now');
    await expect(value(waiting, 'Processing')).toHaveTextContent('3');
    await expect(value(waiting, 'Awaiting review')).toHaveTextContent('1');
  },
};

/** No withdrawal yet: zeros, not blanks. */
export const Zero: Story = {
  args: {
    figures: { today: NONE, last_30_days: NONE, pending: 0, awaiting_review: 0 },
  },
  play: async ({ canvas }) => {
    const today = card(canvas, 'Today');
    await expect(value(today, 'Fee income')).toHaveTextContent('₦0.00');
    await expect(value(today, 'Settled')).toHaveTextContent('0');
    await expect(value(card(canvas, 'Last 30 days'), 'Amount sent')).toHaveTextContent('₦0.00');
    await expect(value(card(canvas, 'Waiting now'), 'Awaiting review')).toHaveTextContent('0');
  },
};

/** Only a refund today, of yesterday's withdrawal: today's fee income is below zero. */
export const RefundOfYesterday: Story = {
  args: {
    figures: {
      today: { fee_income: -10_75, settled_count: 0, settled_amount: 0 },
      last_30_days: { fee_income: 2_688, settled_count: 1, settled_amount: 10_000_00 },
      pending: 0,
      awaiting_review: 0,
    },
  },
  play: async ({ canvas }) => {
    await expect(value(card(canvas, 'Today'), 'Fee income')).toHaveTextContent('−₦10.75');
    await expect(value(card(canvas, 'Last 30 days'), 'Fee income')).toHaveTextContent('₦26.88');
  },
};

/** The overview still loading: placeholders, the section busy. */
export const Loading: Story = {
  args: { figures: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Withdrawals' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('article')).toBeNull();
  },
};
