import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { adminPageAt, currentPage } from './admin-page';
import type { AdminRoutes } from './admin-routes';

const meta = {
  title: 'Pages/Admin/Security',
  ...adminPageAt(paths.admin.security),
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = currentPage('Two-factor sign-in', async (canvas) => {
  await expect(
    await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }),
  ).toBeVisible();
});

export const StartError: Story = {
  parameters: { msw: { handlers: [variants.twoFactorStart.error] } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Set up two-factor sign-in' }));
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
};
