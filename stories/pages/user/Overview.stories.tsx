import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { adminSession, BLOCKED_CUSTOMER, issueSession, noPinSession } from '@mocks/index';
import type { UserDashboardShell } from '@/features/overview/components/dashboard-shell';
import { OverviewScreen } from '@/features/overview/components/overview-screen';
import { paths } from '@/config/routes';
import { clearSession, getSession, saveTokens } from '@/lib/session';
import { currentPage, loadingAll, openNav, userPageAt } from './user-page';

// The user dashboard at /user/dashboard: the layout (Sidebar, balance header, Logout, the
// signed-out redirect) around the Overview page. (A doc comment here would make Storybook
// replace the meta's spread parameters with its docs description.)
const meta = {
  title: 'Pages/User/Overview',
  ...userPageAt(paths.user.overview, <OverviewScreen />),
} satisfies Meta<typeof UserDashboardShell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page with the balance in the header (and Overview the current page). */
export const Default: Story = currentPage('Overview');

/** The drawer lists the pages in spec order, More's pages last; no Admin for a customer. */
export const Navigation: Story = {
  play: async (ctx) => {
    await within(ctx.canvas.getByRole('banner')).findByText('₦25,000.00', {}, { timeout: 5000 });
    const nav = await openNav(ctx);
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent?.replace(/^\W+/, '').trim());
    await expect(names).toEqual([
      'Overview',
      'Wallet',
      'Transactions',
      'Airtime',
      'Data',
      'CableTV',
      'Electricity',
      'Settings',
      'Buy Coupon',
      'Education',
    ]);
    await expect(within(nav).getByRole('link', { name: /Overview/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** An admin also sees the Admin entry, leading to /admin/dashboard. */
export const AdminEntry: Story = {
  beforeEach: () => {
    saveTokens(adminSession());
  },
  play: async (ctx) => {
    await ctx.canvas.findByRole('heading', { level: 1, name: 'Overview' });
    const nav = await openNav(ctx);
    await waitFor(() =>
      expect(within(nav).getByRole('link', { name: /Admin/ })).toHaveAttribute(
        'href',
        paths.admin.overview,
      ),
    );
  },
};

/** Logout ends the session and goes to the login page. */
export const Logout: Story = {
  play: async (ctx) => {
    const { canvas, userEvent } = ctx;
    await canvas.findByRole('heading', { level: 1, name: 'Overview' });
    const nav = await openNav(ctx);
    // Logout sits under the navigation, in the drawer or the side column.
    const logout = within(nav.parentElement!).getByRole('button', { name: 'Logout' });
    await userEvent.click(logout);
    await expect(await canvas.findByRole('heading', { name: 'Login page' })).toBeVisible();
    await expect(getSession().tokens).toBeNull();
  },
};

/** Signed out: /user/dashboard sends the visitor to the login page. */
export const SignedOut: Story = {
  beforeEach: () => {
    clearSession();
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Login page' })).toBeVisible();
  },
};

/** No pin yet: the overview sends the customer to create one. */
export const NoPin: Story = {
  beforeEach: () => {
    saveTokens(noPinSession());
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { name: 'Create pin page' })).toBeVisible();
  },
};

/**
 * Blocked while signed in: every call answers 423, so the dashboard says why instead of
 * pages waiting for data, and offers a way out.
 */
export const Blocked: Story = {
  beforeEach: () => {
    saveTokens(issueSession(BLOCKED_CUSTOMER.id));
  },
  play: async ({ canvas, userEvent }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Account blocked' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(SERVER_MSG.accountBlocked);
    await expect(canvas.queryByRole('region', { name: 'Summary' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Log out' }));
    await expect(await canvas.findByRole('heading', { name: 'Login page' })).toBeVisible();
    await expect(getSession().tokens).toBeNull();
  },
};

/**
 * The blocked screen as the customer is left with it (the visual baseline's state): the reason and "Log out", nothing else of the dashboard.
 */
export const BlockedShown: Story = {
  beforeEach: () => {
    saveTokens(issueSession(BLOCKED_CUSTOMER.id));
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Account blocked' }),
    ).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent(SERVER_MSG.accountBlocked);
    await expect(canvas.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'Summary' })).toBeNull();
  },
};

/** Everything still loading. */
export const Loading: Story = loadingAll;
