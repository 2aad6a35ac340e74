import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Adjustments',
  ...adminPageAt(paths.admin.adjustments),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Adjustments');
export const Empty: Story = emptyWith(variants.adjustments.empty, 'No adjustments');
export const ServerError: Story = serverErrorWith(variants.adjustments.error);
