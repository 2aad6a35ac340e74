import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Withdrawals',
  ...adminPageAt(paths.admin.withdrawals),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Withdrawals');
export const Loading: Story = loadingWith(variants.adminWithdrawals.slow);
export const ServerError: Story = serverErrorWith(variants.adminWithdrawals.error);
