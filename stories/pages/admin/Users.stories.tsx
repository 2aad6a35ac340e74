import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Users',
  ...adminPageAt(paths.admin.users),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Users');
export const Loading: Story = loadingWith(variants.users.slow);
export const Empty: Story = emptyWith(variants.users.empty, 'No users yet');
export const ServerError: Story = serverErrorWith(variants.users.error);
