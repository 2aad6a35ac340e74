import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Admins',
  ...adminPageAt(paths.admin.admins),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Admins', async (canvas) => {
  await expect(await canvas.findByText('Ifeoluwa Adebayo')).toBeVisible();
});
export const ServerError: Story = serverErrorWith(variants.admins.error);
