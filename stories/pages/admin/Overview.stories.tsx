import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Overview',
  ...adminPageAt(paths.admin.overview),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Overview');
export const Loading: Story = loadingWith(
  variants.adminOverview.slow,
  variants.adminProviders.slow,
  variants.reconciliation.slow,
);
export const Empty: Story = emptyWith(
  [
    variants.adminOverview.empty,
    variants.adminProviders.empty,
    variants.atgBalance.empty,
    variants.vtBalance.empty,
    variants.reconciliation.empty,
  ],
  '0 transactions worth ₦0.00.',
);
export const ServerError: Story = serverErrorWith(variants.adminOverview.error);
