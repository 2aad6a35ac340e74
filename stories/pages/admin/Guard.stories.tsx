import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { api } from '@contract';
import { variants } from '@mocks/index';
import { paths } from '@/config/routes';
import { signedInAsAdmin, signedInAsCustomer, signedOut } from '../../features/admin/session';
import { AdminRoutes, at } from './admin-routes';

/** Who reaches /admin/dashboard: admins only; nobody sees admin data before the check. */
const meta = {
  title: 'Pages/Admin/Guard',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.users) },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A signed-in customer is sent to the user dashboard; no admin call is made. */
export const CustomerRefused: Story = {
  beforeEach: signedInAsCustomer,
  play: async ({ canvas }) => {
    const adminCalls: string[] = [];
    const seen = (e: PerformanceEntry) => {
      if (e.name.includes(api.users.path)) adminCalls.push(e.name);
    };
    performance.getEntriesByType('resource').forEach(seen);
    await expect(await canvas.findByRole('heading', { name: 'User dashboard' })).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    performance.getEntriesByType('resource').forEach(seen);
    await expect(adminCalls).toEqual([]);
  },
};

/** A signed-out visitor is sent to login. */
export const SignedOut: Story = {
  beforeEach: signedOut,
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Login page' })).toBeVisible();
  },
};

/** While the current user loads: only a spinner, no admin page. */
export const Checking: Story = {
  beforeEach: signedInAsAdmin,
  parameters: { msw: { handlers: [variants.currentUser.slow] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading the admin dashboard' })).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: 'Users' })).toBeNull();
  },
};

/** The side menu switches pages, each at its own URL; Logout signs out and goes to login. */
export const NavigateAndLogout: Story = {
  beforeEach: signedInAsAdmin,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Users' });
    const nav = canvas.getAllByRole('navigation', { name: 'Admin dashboard' })[0]!;
    await userEvent.click(
      [...nav.querySelectorAll('a')].find((a) => a.textContent?.includes('Payments'))!,
    );
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(
      [...nav.querySelectorAll('a')].find((a) => a.textContent?.includes('User dashboard')),
    ).toHaveAttribute('href', paths.user.overview);
    const logout = canvas.getAllByRole('button', { name: 'Logout' }).find((b) => b.offsetParent);
    await userEvent.click(logout!);
    await expect(await canvas.findByRole('heading', { name: 'Login page' })).toBeVisible();
    await waitFor(() => expect(localStorage.getItem('JWTtoken')).toBeNull());
  },
};
