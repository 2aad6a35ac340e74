import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Overview',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.overview) },
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, 'Overview');
  },
};

export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        variants.adminOverview.slow,
        variants.adminProviders.slow,
        variants.reconciliation.slow,
      ],
    },
  },
};

export const Empty: Story = {
  parameters: {
    msw: {
      handlers: [
        variants.adminOverview.empty,
        variants.adminProviders.empty,
        variants.atgBalance.empty,
        variants.vtBalance.empty,
        variants.reconciliation.empty,
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('0 transactions worth ₦0.00.')).toBeVisible();
  },
};

export const ServerError: Story = {
  parameters: { msw: { handlers: [variants.adminOverview.error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
