import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/PendingPurchases',
  ...adminPageAt(paths.admin.pending),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Pending purchases');
export const Empty: Story = emptyWith(variants.pendingPurchases.empty, 'No purchase is pending');
export const ServerError: Story = serverErrorWith(variants.pendingPurchases.error);
