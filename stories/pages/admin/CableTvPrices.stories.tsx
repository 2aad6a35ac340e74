import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

const meta = {
  title: 'Pages/Admin/CableTvPrices',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.cableTvPrices) },
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, 'Cable TV plan prices');
  },
};

export const Loading: Story = {
  parameters: { msw: { handlers: [variants.products.slow] } },
};

export const Empty: Story = {
  parameters: { msw: { handlers: [variants.products.empty] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No TV providers yet')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.products.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
