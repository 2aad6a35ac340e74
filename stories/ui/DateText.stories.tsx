import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { DateText } from '@/components/ui/date-text';

// 2024-03-05 23:30 UTC is already 6 March in Lagos (UTC+1).
const LATE_EVENING_UTC = Date.UTC(2024, 2, 5, 23, 30);

const meta = {
  title: 'UI/DateText',
  component: DateText,
  args: { epochMs: LATE_EVENING_UTC },
} satisfies Meta<typeof DateText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** DD - MM - YYYY (spec §2), in Lagos time. */
export const DateOnly: Story = {
  play: async ({ canvas }) => {
    const time = canvas.getByText('06 - 03 - 2024');
    await expect(time.tagName).toBe('TIME');
    await expect(time).toHaveAttribute('datetime', '2024-03-05T23:30:00.000Z');
  },
};

export const Time: Story = {
  args: { show: 'time' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('00:30')).toBeVisible();
  },
};

export const DateAndTime: Story = {
  args: { show: 'datetime' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('06 - 03 - 2024 00:30')).toBeVisible();
  },
};

export const Muted: Story = { args: { tone: 'muted' } };

export const Epoch: Story = { args: { epochMs: 0, show: 'datetime' } };

export const LongText: Story = {
  render: (args) => (
    <p className="max-w-48 text-sm">
      Your coupon expires on <DateText {...args} /> at <DateText {...args} show="time" />, Lagos
      time; redeem it before then.
    </p>
  ),
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { show: 'datetime' } };
