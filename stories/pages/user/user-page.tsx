import type { StoryContext, StoryObj } from '@storybook/react-vite';
import type { ComponentProps, ReactElement } from 'react';
import type { HttpHandler } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { expect, within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { handlersFor } from '@mocks/index';
import { brand } from '@/config/brand';
import { paths } from '@/config/routes';
import { UserDashboardShell } from '@/features/overview/components/dashboard-shell';
import { signedInAt } from './purchase-page';

/**
 * One story set for the signed-in user dashboard pages: every page story is the
 * dashboard layout (Sidebar, balance header, Logout) around the page's screen, opened at the
 * page's path and signed in as the demo customer, with the same states (the page shows,
 * everything loading, the server's error). Each file says only what differs: the path, the
 * screen, the heading and the MSW variant that fails.
 *
 * A doc comment (slash, two stars) on a meta that spreads `userPageAt` makes Storybook's
 * docs transform drop the spread `parameters` (no router: every story fails); use `//` there.
 */

type Story = StoryObj;
type Canvas = ReturnType<typeof within>;

/** The demo customer's seeded balance, as the header shows it. */
const DEMO_BALANCE = '₦25,000.00';

/**
 * The meta's shared part: the dashboard at `path` with `screen` as its page, signed in as the
 * demo customer, plus stand-in headings where the shell's guards and Logout send people.
 */
export const userPageAt = (path: string, screen: ReactElement) => {
  const signedIn = signedInAt(path);
  return {
    component: UserDashboardShell,
    args: { brand: brand.name },
    parameters: { layout: 'fullscreen', ...signedIn.parameters },
    render: (args: ComponentProps<typeof UserDashboardShell>) => (
      <Routes>
        <Route element={<UserDashboardShell {...args} />}>
          <Route path={path} element={screen} />
        </Route>
        <Route path={paths.login} element={<h1>Login page</h1>} />
        <Route path={paths.createPin} element={<h1>Create pin page</h1>} />
      </Routes>
    ),
    beforeEach: signedIn.beforeEach,
  };
};

/**
 * The dashboard navigation, whatever the viewport: on phones it is in the drawer behind
 * "Menu"; on wide screens it is the side column, with More opened.
 */
export async function openNav({ canvas, userEvent }: Pick<StoryContext, 'canvas' | 'userEvent'>) {
  const menu = canvas.queryByRole('button', { name: 'Menu' });
  if (menu) {
    await userEvent.click(menu);
    return within(document.body).findByRole('navigation', { name: 'User dashboard' });
  }
  const nav = canvas.getByRole('navigation', { name: 'User dashboard' });
  const more = within(nav).queryByRole('button', { name: /More/ });
  if (more?.getAttribute('aria-expanded') === 'false') await userEvent.click(more);
  return nav;
}

/** The balance shows in the header. */
export async function expectBalance(canvas: Canvas) {
  await expect(await within(canvas.getByRole('banner')).findByText(DEMO_BALANCE)).toBeVisible();
}

/**
 * The page shows: its h1, the balance in the header, and its sidebar link (named like the
 * heading) marked as the current page.
 */
export const currentPage = (heading: string): Story => ({
  play: async (ctx) => {
    await expect(await ctx.canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectBalance(ctx.canvas);
    const nav = await openNav(ctx);
    await expect(within(nav).getByRole('link', { name: new RegExp(heading) })).toHaveAttribute(
      'aria-current',
      'page',
    );
  },
});

/** Everything still loading (every variant slow). */
export const loadingAll: Story = {
  parameters: { msw: { handlers: handlersFor('slow') } },
};

/** The page's data failed (the `error` variant): the server's message shows. */
export const loadErrorWith = (error: HttpHandler): Story => ({
  parameters: { msw: { handlers: [error] } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(SERVER_MSG.serverError, {}, { timeout: 8000 }),
    ).toBeVisible();
  },
});
