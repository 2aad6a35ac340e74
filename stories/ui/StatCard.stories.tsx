import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Money } from '@/components/ui/money';
import { TransferIcon } from '@/components/ui/icons';
import { StatCard } from '@/components/ui/stat-card';

const meta = {
  title: 'UI/StatCard',
  component: StatCard,
  args: { label: 'Wallet balance', value: <Money kobo={4_410_050} /> },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('₦44,100.50')).toBeVisible();
  },
};

export const WithHint: Story = {
  args: {
    label: 'Transactions',
    value: 128,
    hint: 'All time',
    icon: <TransferIcon className="size-5" />,
  },
};

export const Brand: Story = {
  args: { tone: 'brand', label: 'Total successful', hint: 'Sum of successful transactions' },
};

export const Surface: Story = { args: { tone: 'surface' } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading')).toBeInTheDocument();
  },
};

/** The admin overview (spec §2 admin 1): a grid of figures, one column on phones. */
export const OverviewGrid: Story = {
  decorators: [(Story) => <div className="max-w-4xl">{Story()}</div>],
  render: () => (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <StatCard label="Total users" value={1_204} />
      <StatCard label="Payments" value={3_981} />
      <StatCard label="Payments amount" value={<Money kobo={1_234_567_800} />} />
      <StatCard
        label="Flutterwave wallet balance"
        value={<Money kobo={98_765_400} />}
        tone="surface"
      />
      <StatCard label="VT wallet balance" value={<Money kobo={45_000_000} />} tone="surface" />
      <StatCard
        label="Active recently"
        value={37}
        hint="Logged in within the last 16 minutes"
        tone="brand"
      />
    </div>
  ),
};

export const LongText: Story = {
  args: {
    label: 'Total value of successful transactions since the account was opened',
    value: <Money kobo={987_654_321_098} />,
    hint: 'Reversed and failed transactions are not counted in this figure.',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: OverviewGrid.render,
  decorators: OverviewGrid.decorators,
};
