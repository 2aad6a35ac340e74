import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { BottomNav } from '@/components/ui/bottom-nav';
import { AirtimeIcon, HomeIcon, TransactionsIcon, WalletIcon } from '@/components/ui/icons';

const entries = [
  { href: '/home', label: 'Home', icon: <HomeIcon /> },
  { href: '/airtime', label: 'Airtime', icon: <AirtimeIcon /> },
  { href: '/history', label: 'History', icon: <TransactionsIcon /> },
  { href: '/wallet', label: 'Wallet', icon: <WalletIcon /> },
];

const meta = {
  title: 'UI/BottomNav',
  component: BottomNav,
  args: { label: 'Shortcuts', entries, currentHref: '/home' },
  globals: { viewport: { value: 'phone' } },
  // The bar is fixed to the window's bottom: shoot the whole window.
  parameters: { visual: { fullPage: true } },
  decorators: [(Story) => <div className="min-h-40">{Story()}</div>],
} satisfies Meta<typeof BottomNav>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The bar exists on phones only (hidden from `md` up, where the sidebar shows everything). */
const isWide = () => window.matchMedia('(min-width: 48rem)').matches;

/** Four places; the current one is marked for screen readers and drawn in the brand colour. */
export const Default: Story = {
  play: async ({ canvas }) => {
    if (isWide()) return;
    const nav = canvas.getByRole('navigation', { name: 'Shortcuts' });
    const links = within(nav).getAllByRole('link');
    await expect(links.map((a) => a.textContent)).toEqual(['Home', 'Airtime', 'History', 'Wallet']);
    await expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: 'Wallet' })).not.toHaveAttribute(
      'aria-current',
    );
  },
};

/** On another page, that entry is current. */
export const OnWallet: Story = {
  args: { currentHref: '/wallet' },
  play: async ({ canvas }) => {
    if (isWide()) return;
    await expect(canvas.getByRole('link', { name: 'Wallet' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};
