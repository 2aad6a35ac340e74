import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    title: 'No transactions yet',
    description: 'Buy airtime, data or a TV plan and it will show here.',
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No transactions yet')).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    title: 'Your wallet is empty',
    description: 'Fund it by card to start buying.',
    action: <Button>Fund wallet</Button>,
  },
};

export const Small: Story = { args: { size: 'sm', description: undefined } };

export const LongText: Story = {
  args: {
    title: 'No coupons match the code you searched for in your list of purchased coupons',
    description:
      'Coupon codes end with the product name (for example -AIRTIME or -DATA-REGULAR). Paste the code without spaces, or clear the search to see every coupon you bought.',
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { action: <Button>Buy airtime</Button> },
};
