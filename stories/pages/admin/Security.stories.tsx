import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Security',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.security) },
  beforeEach: signedInAsAdmin,
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, 'Two-factor sign-in');
    await expect(
      await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }),
    ).toBeVisible();
  },
};

export const StartError: Story = {
  parameters: { msw: { handlers: [variants.twoFactorStart.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
