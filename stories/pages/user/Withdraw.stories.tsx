import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { WithdrawScreen } from '@/features/wallet/components/withdraw-screen';
import type { UserDashboardShell } from '@/features/overview/components/dashboard-shell';
import { loadErrorWith, loadingAll, userPageAt } from './user-page';

// The Withdraw page (ADR 0084) at its own URL, inside the user dashboard layout. It has no menu
// entry of its own: the Wallet page's Withdraw button and the overview's shortcut open it.
// (A doc comment here would make Storybook replace the meta's spread parameters.)
const meta = {
  title: 'Pages/User/Withdraw',
  ...userPageAt(paths.user.withdraw, <WithdrawScreen />),
} satisfies Meta<typeof UserDashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
    await expect(await canvas.findByLabelText(/Account number/)).toBeVisible();
  },
};
export const Loading: Story = loadingAll;
export const LoadError: Story = loadErrorWith(variants.banks.error);
