import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';

import { AirtimeIcon, PlusIcon } from '@/components/ui/icons';
import { ShortcutTile } from '@/components/ui/shortcut-tile';

const meta = {
  title: 'UI/ShortcutTile',
  component: ShortcutTile,
  args: { href: '/user/dashboard/airtime', icon: <AirtimeIcon />, label: 'Airtime' },
  decorators: [(Story) => <div className="grid w-32">{Story()}</div>],
} satisfies Meta<typeof ShortcutTile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A service: icon and label; the label names the link. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Airtime' });
    await expect(link).toHaveAttribute('href', '/user/dashboard/airtime');
    await expect(link.querySelector('svg')).not.toBeNull();
  },
};

/** Fund wallet stands out. */
export const Brand: Story = {
  args: { tone: 'brand', icon: <PlusIcon />, label: 'Fund wallet', href: '/user/dashboard/wallet' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Fund wallet' })).toBeVisible();
  },
};

/**
 * A saved recipient: its name, then the product and number, whole: a narrow tile wraps the
 * line rather than cutting the number ("Airtime · 08031234…").
 */
export const WithDetail: Story = {
  args: {
    label: "Mum's MTN",
    detail: 'Airtime · 08031234567',
    href: '/user/dashboard/airtime?recipient=rcp_mum_mtn',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Mum's MTN.*08031234567/ })).toBeVisible();
    const detail = canvas.getByText('Airtime · 08031234567');
    await expect(detail.scrollWidth).toBeLessThanOrEqual(detail.clientWidth);
  },
};
