import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState, type ComponentProps } from 'react';
import { expect, fn, screen, waitFor } from 'storybook/test';

import {
  AdminIcon,
  AirtimeIcon,
  CableTvIcon,
  CouponIcon,
  DataIcon,
  EducationIcon,
  ElectricityIcon,
  HomeIcon,
  SettingsIcon,
  TransactionsIcon,
  WalletIcon,
} from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { Sidebar, type SidebarEntry } from '@/components/ui/sidebar';

/** Spec §2 user dashboard pages, with the Admin entry for admins. */
const ENTRIES: SidebarEntry[] = [
  { label: 'Overview', href: '/user/dashboard/1', icon: <HomeIcon /> },
  { label: 'Wallet', href: '/user/dashboard/2', icon: <WalletIcon /> },
  { label: 'Transactions', href: '/user/dashboard/3', icon: <TransactionsIcon /> },
  { label: 'Airtime', href: '/user/dashboard/4', icon: <AirtimeIcon /> },
  { label: 'Data', href: '/user/dashboard/5', icon: <DataIcon /> },
  { label: 'CableTV', href: '/user/dashboard/6', icon: <CableTvIcon /> },
  { label: 'Electricity', href: '/user/dashboard/7', icon: <ElectricityIcon /> },
  { label: 'Settings', href: '/user/dashboard/8', icon: <SettingsIcon /> },
  { label: 'Admin', href: '/admin/dashboard', icon: <AdminIcon />, adminOnly: true },
];
const MORE: SidebarEntry[] = [
  { label: 'Buy Coupon', href: '/user/dashboard/10', icon: <CouponIcon /> },
  { label: 'Education', href: '/user/dashboard/11', icon: <EducationIcon /> },
];

/** The drawer's code loads the first time it opens (decision 0022): allow for a cold start. */
const DRAWER_LOAD = { timeout: 5000 };

/** True from the `md` breakpoint, where the side column shows instead of the Menu button. */
const isWide = () => window.matchMedia('(min-width: 48rem)').matches;

type Args = ComponentProps<typeof Sidebar> & { startCollapsed?: boolean; tallPage?: boolean };

function SidebarFrame({ startCollapsed = false, tallPage = false, ...props }: Args) {
  const [collapsed, setCollapsed] = useState(startCollapsed);
  return (
    <div className="-m-4 min-h-[32rem] bg-bg md:flex">
      <Sidebar {...props} collapsed={collapsed} onCollapsedChange={setCollapsed} />
      <main className={cn('flex-1 p-4 text-sm text-muted', tallPage && 'h-[2400px]')}>
        Page content
      </main>
    </div>
  );
}

const meta = {
  title: 'UI/Sidebar',
  component: SidebarFrame,
  args: {
    label: 'User dashboard',
    brand: 'PayBills',
    entries: ENTRIES,
    moreEntries: MORE,
    currentHref: '/user/dashboard/1',
    onLogout: fn(),
    // Links must not navigate the Storybook frame.
    renderLink: ({ children, onClick, ...props }) => (
      <a
        {...props}
        onClick={(event) => {
          event.preventDefault();
          onClick?.();
        }}
      >
        {children}
      </a>
    ),
  },
} satisfies Meta<typeof SidebarFrame>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A customer: no Admin entry; More holds Buy Coupon and Education. */
export const Customer: Story = {
  play: async ({ canvas, userEvent, args }) => {
    if (!isWide()) return; // phones: see MobileDrawer
    const nav = canvas.getByRole('navigation', { name: 'User dashboard' });
    await expect(canvas.queryByRole('link', { name: /Admin/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: /Overview/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const more = canvas.getByRole('button', { name: /More/ });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('link', { name: /Buy Coupon/ })).not.toBeInTheDocument();
    await userEvent.click(more);
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('link', { name: /Buy Coupon/ })).toBeVisible();
    await expect(nav).toContainElement(canvas.getByRole('link', { name: /Education/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Logout' }));
    await expect(args.onLogout).toHaveBeenCalled();
  },
};

export const Admin: Story = {
  args: { isAdmin: true, currentHref: '/user/dashboard/10' },
  play: async ({ canvas }) => {
    if (!isWide()) return;
    await expect(canvas.getByRole('link', { name: /Admin/ })).toHaveAttribute(
      'href',
      '/admin/dashboard',
    );
    // The current page is inside More, so More starts open.
    await expect(canvas.getByRole('link', { name: /Buy Coupon/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
};

/** Icons-only mode: every entry keeps its name for screen readers. */
export const Collapsible: Story = {
  play: async ({ canvas, userEvent }) => {
    if (!isWide()) return;
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse sidebar' }));
    const expand = canvas.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('link', { name: 'Transactions' })).toBeVisible();
  },
};

export const Collapsed: Story = { args: { startCollapsed: true } };

/** Phones: a Menu button opens the navigation in a drawer; choosing a page closes it. */
export const MobileDrawer: Story = {
  globals: { viewport: { value: 'phone' } },
  parameters: { visual: { fullPage: true } },
  play: async ({ canvas, userEvent }) => {
    if (isWide()) return; // wide screens have no Menu button
    const menu = canvas.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const drawer = await screen.findByRole('dialog', { name: 'PayBills' }, DRAWER_LOAD);
    await expect(drawer).toHaveTextContent('Buy Coupon');
    await userEvent.click(screen.getByRole('link', { name: /Wallet/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(menu).toHaveFocus();
  },
};

export const MobileDrawerOpen: Story = {
  args: { defaultDrawerOpen: true, isAdmin: true },
  globals: { viewport: { value: 'phone' } },
  parameters: { visual: { fullPage: true } },
  play: async () => {
    await expect(
      await screen.findByRole('dialog', { name: 'PayBills' }, DRAWER_LOAD),
    ).toBeVisible();
  },
};

export const LongText: Story = {
  args: {
    brand: 'PayBills Nigeria Limited — bills and airtime',
    entries: [
      ...ENTRIES.slice(0, 3),
      { label: 'Electricity tokens for prepaid and postpaid meters', href: '/user/dashboard/7' },
    ],
  },
};

/** The light/dark switch above Logout, as both dashboards show it. */
export const WithThemeSwitch: Story = {
  args: { themeSwitch: true, defaultDrawerOpen: true },
  parameters: { visual: { fullPage: true } },
  play: async () => {
    await screen.findByRole('dialog', { name: 'PayBills' }, DRAWER_LOAD);
    // In the sidebar on wide screens, in the open drawer on phones.
    const switches = await screen.findAllByRole('button', { name: /Theme: phone setting/ });
    await expect(switches.some((s) => s.checkVisibility())).toBe(true);
  },
};

export const Dark: Story = { globals: { theme: 'dark' }, args: { isAdmin: true } };

/** on a page taller than the window the column's colour goes all the way down. */
export const TallPage: Story = {
  args: { tallPage: true },
  play: async ({ canvasElement }) => {
    if (!isWide()) return; // phones have the bar and drawer instead
    const column = canvasElement.querySelector('[data-slot="sidebar-column"]');
    await expect(column).not.toBeNull();
    await expect(column!.getBoundingClientRect().height).toBeGreaterThanOrEqual(2400);
    await expect(getComputedStyle(column!).backgroundColor).not.toBe('rgba(0, 0, 0, 0)');
  },
};
