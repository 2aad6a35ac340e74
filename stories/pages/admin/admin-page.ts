import type { StoryObj } from '@storybook/react-vite';
import type { HttpHandler } from 'msw';
import { expect, type within } from 'storybook/test';
import { SERVER_MSG } from '@contract';
import { signedInAsAdmin } from '../../features/admin/session';
import { AdminRoutes, at, expectCurrentPage } from './admin-routes';

/**
 * One story set for the admin pages (issue 27): every page story is the admin dashboard as the
 * app routes it, opened at the page's path and signed in as the seeded admin, with the same
 * states (the page shows, loading, empty, the server's error). Each file says only what
 * differs: the path, the heading, the MSW variant and the empty list's words.
 */

type Story = StoryObj;
type Canvas = ReturnType<typeof within>;

/** The meta's shared part: the routed dashboard at `path`, signed in as the seeded admin. */
export const adminPageAt = (path: string) => ({
  component: AdminRoutes,
  parameters: { layout: 'fullscreen', ...at(path) },
  beforeEach: signedInAsAdmin,
});

/** The page shows: its h1 and its sidebar link marked current, then any `more` checks. */
export const currentPage = (heading: string, more?: (canvas: Canvas) => Promise<void>): Story => ({
  play: async ({ canvas }) => {
    await expectCurrentPage(canvas, heading);
    await more?.(canvas);
  },
});

/** The list still loading (the variant never answers). */
export const loadingWith = (slow: HttpHandler): Story => ({
  parameters: { msw: { handlers: [slow] } },
});

/** The list came back empty: its empty state's words show. */
export const emptyWith = (empty: HttpHandler, text: string): Story => ({
  parameters: { msw: { handlers: [empty] } },
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
