import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Transactions',
  ...adminPageAt(paths.admin.transactions),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Transactions');
export const Loading: Story = loadingWith(variants.transactions.slow);
export const Empty: Story = emptyWith(variants.transactions.empty, 'No transactions yet');
export const ServerError: Story = serverErrorWith(variants.transactions.error);
