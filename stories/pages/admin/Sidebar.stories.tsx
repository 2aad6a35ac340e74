import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { paths } from '@/config/routes';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at } from './admin-routes';

// The admin menu in a window 800 px high (the desktop viewport): an owner's menu is taller
// than the space the sidebar gives it, so the menu scrolls inside the sidebar; its last item,
// the way back to the user dashboard, can be scrolled into view, and so can Logout.
const meta = {
  title: 'Pages/Admin/Sidebar',
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(paths.admin.overview) },
  beforeEach: signedInAsAdmin,
  globals: { viewport: { value: 'desktop', isRotated: false } },
} satisfies Meta<typeof AdminRoutes>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Whether all of `el` is inside the window. */
const inWindow = (el: Element) => {
  const { top, bottom, height } = el.getBoundingClientRect();
  return top >= 0 && bottom <= window.innerHeight && height > 0;
};

export const ShortWindow: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Overview' });
    await expect(window.innerHeight).toBeLessThanOrEqual(800);
    const nav = canvas.getAllByRole('navigation', { name: 'Admin dashboard' })[0]!;
    // The menu is taller than its box: it scrolls rather than running off the window.
    await expect(nav.scrollHeight).toBeGreaterThan(nav.clientHeight);
    const last = [...nav.querySelectorAll('a')].at(-1)!;
    await expect(last).toHaveTextContent('User dashboard');
    last.scrollIntoView({ block: 'end' });
    await waitFor(() => expect(inWindow(last)).toBe(true));
    // Inside the menu's box, not under its lower edge.
    await expect(last.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      nav.getBoundingClientRect().bottom + 1,
    );
    const logout = canvas.getByRole('button', { name: 'Logout' });
    logout.scrollIntoView({ block: 'end' });
    await waitFor(() => expect(inWindow(logout)).toBe(true));
  },
};
