import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Skeleton, SkeletonGroup } from '@/components/ui/skeleton';

const meta = {
  title: 'UI/Skeleton',
  component: Skeleton,
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof Skeleton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[aria-hidden="true"]')).not.toBeNull();
  },
};

export const Block: Story = { args: { shape: 'block' } };

export const Circle: Story = { args: { shape: 'circle' } };

/**
 * A list row while it loads, in a `SkeletonGroup`: the region is one busy status named by its
 * label; the shapes are silent.
 */
export const ListRow: Story = {
  render: () => (
    <SkeletonGroup label="Loading the row" className="flex items-center gap-3">
      <Skeleton shape="circle" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="w-3/4" />
        <Skeleton className="w-1/2" />
      </div>
    </SkeletonGroup>
  ),
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('status', { name: 'Loading the row' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, render: ListRow.render };
