import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';
import type { UserDashboardShell } from '@/features/overview/components/dashboard-shell';
import { currentPage, loadErrorWith, loadingAll, userPageAt } from './user-page';

// The Wallet page at its own URL, inside the user dashboard layout. (A doc comment here
// would make Storybook replace the meta's spread parameters with its docs description.)
const meta = {
  title: 'Pages/User/Wallet',
  ...userPageAt(paths.user.wallet, <WalletScreen />),
} satisfies Meta<typeof UserDashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = currentPage('Wallet');
export const Loading: Story = loadingAll;
export const LoadError: Story = loadErrorWith(variants.currentUser.error);

/** Withdraw (ADR 0084) opens its own page from the balance. */
export const WithdrawLink: Story = {
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: 'Withdraw' });
    await expect(link).toHaveAttribute('href', paths.user.withdraw);
  },
};
