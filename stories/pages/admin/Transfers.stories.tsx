import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Transfers',
  ...adminPageAt(paths.admin.transfers),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Unmatched transfers');
export const Loading: Story = loadingWith(variants.heldTransfers.slow);
export const ServerError: Story = serverErrorWith(variants.heldTransfers.error);
