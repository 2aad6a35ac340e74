import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Payments',
  ...adminPageAt(paths.admin.payments),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Payments');
export const Loading: Story = loadingWith(variants.payments.slow);
export const Empty: Story = emptyWith(variants.payments.empty, 'No payments yet');
export const ServerError: Story = serverErrorWith(variants.payments.error);
