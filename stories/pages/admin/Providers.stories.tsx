import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Providers',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.providers) },
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, 'Providers');
    await expect(await canvas.findByRole('table', { name: 'Providers per product' })).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminProviders.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
