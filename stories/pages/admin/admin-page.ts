import type { StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, type within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

/**
 * One story set for the admin pages: every page story is the admin dashboard as the
 * app routes it, opened at the page's path and signed in as the seeded admin, with the same
 * states (the page shows, loading, empty, the server's error). Each file says only what
 * differs: the path, the heading, the MSW variant and the empty list's words.
 *
 * A doc comment (slash, two stars) on a meta that spreads `adminPageAt` makes Storybook's
 * docs transform drop the spread `parameters` (no router: every story fails); use `//` there.
 */

type Story = StoryObj;
type Canvas = ReturnType<typeof within>;

/** The meta's shared part: the routed dashboard at `path`, signed in as the seeded admin. */
export const adminPageAt = (path: string) => ({
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(path) },
  beforeEach: signedInAsAdmin,
});

/**
 * The page shows: its h1 and its sidebar link (named `link`, else as the heading) marked
 * current, then any `more` checks.
 */
export const currentPage = (
  heading: string,
  more?: (canvas: Canvas) => Promise<void>,
  link = heading,
): Story => ({
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, heading, link);
    await more?.(canvas);
  },
});

/** The page still loading (its variants never answer). */
export const loadingWith = (...slow: HttpHandler[]): Story => ({
  parameters: { msw: { handlers: slow } },
});

/** The page's data came back empty (one variant or several): `text` shows. */
export const emptyWith = (empty: HttpHandler | HttpHandler[], text: string): Story => ({
  parameters: { msw: { handlers: [empty].flat() } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(text)).toBeVisible();
  },
});

/** The server failed: its message shows. */
export const serverErrorWith = (error: HttpHandler): Story => ({
  parameters: { msw: { handlers: [error] } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(SERVER_MSG.serverError)).toBeVisible();
  },
});
