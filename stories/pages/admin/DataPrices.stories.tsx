import type { Meta, StoryObj } from '@storybook/react-vite';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage, emptyWith, loadingWith, serverErrorWith } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/DataPrices',
  ...adminPageAt(paths.admin.dataPrices),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Data plan prices');
export const Loading: Story = loadingWith(variants.products.slow);
export const Empty: Story = emptyWith(variants.products.empty, 'No networks yet');
export const ServerError: Story = serverErrorWith(variants.products.error);
