import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Tiers',
  ...adminPageAt(paths.admin.tiers),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Price tiers');
export const Loading: Story = loadingWith(variants.tiers.slow);
export const ServerError: Story = serverErrorWith(variants.tiers.error);
