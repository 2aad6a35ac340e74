import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Money } from '@/components/ui/money';

const meta = {
  title: 'UI/Money',
  component: Money,
  args: { kobo: 123_450 },
} satisfies Meta<typeof Money>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 123450 kobo → "₦1,234.50": NGN with two decimals (spec §1). */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('₦1,234.50')).toBeVisible();
  },
};

export const Zero: Story = {
  args: { kobo: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('₦0.00')).toBeVisible();
  },
};

/** A real minus sign (U+2212), read as "minus". */
export const Negative: Story = {
  args: { kobo: -25_000, tone: 'signed' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('\u2212₦250.00')).toHaveClass('text-danger');
  },
};

export const Positive: Story = { args: { kobo: 5_000_000, tone: 'signed' } };

export const Kobo: Story = {
  args: { kobo: 5 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('₦0.05')).toBeVisible();
  },
};

export const Large: Story = { args: { kobo: 123_456_789_012, size: 'lg' } };

export const Muted: Story = { args: { tone: 'muted' } };

export const LongText: Story = {
  render: (args) => (
    <p className="max-w-48 text-sm">
      Your wallet was charged <Money {...args} kobo={987_654_321_00} /> for 20 units of WAEC Result
      Checker PIN.
    </p>
  ),
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  render: () => (
    <div className="flex flex-col gap-1">
      <Money kobo={123_450} />
      <Money kobo={-25_000} tone="signed" />
      <Money kobo={25_000} tone="signed" />
      <Money kobo={0} tone="muted" />
    </div>
  ),
};
