import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { Spinner } from '@/components/ui/spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading dashboard' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading dashboard' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: () => (
    <div className="flex items-center gap-4 text-brand">
      <Spinner size="sm" label="Loading small" />
      <Spinner size="md" label="Loading medium" />
      <Spinner size="lg" label="Loading large" />
    </div>
  ),
};

/** The admin dashboard's page-level spinner (spec §2). */
export const PageLoading: Story = {
  render: (args) => (
    <div className="flex min-h-48 flex-col items-center justify-center gap-2 text-muted">
      <Spinner {...args} size="lg" className="text-brand" />
      <p className="text-sm">Loading…</p>
    </div>
  ),
};

export const Dark: Story = { globals: { theme: 'dark' }, render: Sizes.render };
