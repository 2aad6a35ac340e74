import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation, type RouteObject } from 'react-router-dom';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import { brand } from '@/config/brand';
import { paths } from '@/config/routes';
import { clearSession, saveTokens } from '@/lib/session';

import { AppRoutes, routes } from './router';

/** Every route's chunk loader (`handle`, see lazyRoute), the nested ones included. */
const chunkLoads = (list: RouteObject[]): Promise<unknown>[] =>
  list.flatMap((route) => [
    ...(typeof route.handle === 'function' ? [(route.handle as () => Promise<unknown>)()] : []),
    ...chunkLoads(route.children ?? []),
  ]);

function renderAt(path: string) {
  const router = { state: { location: { pathname: path } } };
  function LocationProbe() {
    router.state.location = useLocation();
    return null;
  }
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe />
    </MemoryRouter>,
  );
  return router;
}

describe('app router', () => {
  // Every page chunk loaded before the first test: what these tests assert is where a route
  // leads, not how long Vite takes to transform a chunk the first time (on a loaded machine
  // the dashboard's layout took longer than findBy's one second, and the test saw its spinner).
  beforeAll(async () => {
    await Promise.all(chunkLoads(routes));
  }, 120_000);

  // A page chunk a test set loading at its very end (a link followed) must not still be loading
  // when jsdom is torn down: on a loaded machine that import failed after teardown. Awaiting
  // every chunk settles the ones in flight (each loads once).
  afterAll(async () => {
    await Promise.all(chunkLoads(routes));
  }, 60_000);

  beforeEach(() => {
    // ScrollRestoration scrolls on every navigation; jsdom has no layout to scroll.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    renderAt('/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('also answers unknown dashboard sub-paths with the 404 page', async () => {
    renderAt('/user/dashboard/no-such-page');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
  });

  it('shows the landing page with the brand and a Sign up link', async () => {
    renderAt(paths.home);

    expect(
      await screen.findByRole('heading', { level: 1, name: brand.tagline }),
    ).toBeInTheDocument();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: brand.name })).toHaveAttribute('href', '/');
    const signupLinks = screen.getAllByRole('link', { name: 'Sign up' });
    expect(signupLinks.length).toBeGreaterThan(0);
    for (const link of signupLinks) expect(link).toHaveAttribute('href', paths.signup);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the FAQ with the coupon questions and the support e-mail', async () => {
    renderAt(paths.faq);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Frequently asked questions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What are coupons?' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How do I redeem a coupon?' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: brand.supportEmail })[0]).toHaveAttribute(
      'href',
      `mailto:${brand.supportEmail}`,
    );
  });

  it('sends a signed-out visitor of the user dashboard to the login page', async () => {
    const router = renderAt(paths.user.wallet);

    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  it('renders a dashboard page inside the dashboard layout', async () => {
    // Signed in (the tokens need not be valid: the layout and page render before the user loads).
    saveTokens({ JWTtoken: 'test-token', refresh_token: 'test-refresh' });
    try {
      renderAt(paths.user.wallet);

      expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeInTheDocument();
      const nav = screen.getByRole('navigation', { name: 'User dashboard' });
      expect(within(nav).getByRole('link', { name: 'Wallet' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    } finally {
      clearSession();
    }
  });

  it('offers a signed-in visitor of a public page the dashboard, once the server accepts the token', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization');
      return new Response('{}', { status: auth === 'Bearer good-token' ? 200 : 401 });
    });
    vi.stubGlobal('fetch', fetchMock);
    try {
      saveTokens({ JWTtoken: 'good-token', refresh_token: 'r' });
      renderAt(paths.faq);
      const header = await screen.findByRole('banner');
      expect(await within(header).findByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
        'href',
        paths.user.overview,
      );
      expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.anything());
      cleanup();

      saveTokens({ JWTtoken: 'dead-token', refresh_token: 'r' });
      renderAt(paths.faq);
      const again = await screen.findByRole('banner');
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
      expect(within(again).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    } finally {
      clearSession();
      vi.unstubAllGlobals();
    }
  });

  it('sends a signed-out visitor of the admin dashboard to the login page', async () => {
    const router = renderAt(paths.admin.dataPrices);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.login);
  });

  const everyScreen = [
    paths.home,
    paths.faq,
    paths.privacyPolicy,
    paths.paymentVerification,
    paths.login,
    paths.signup,
    paths.signupWithReferral('ADA123'),
    paths.forgotPassword,
    paths.resetPassword('reset-token'),
    paths.verifyEmail('verify-token'),
    paths.createPin,
    ...Object.values(paths.user),
    ...Object.values(paths.admin),
  ];

  it.each(everyScreen)('has a page with one h1 at %s', async (path) => {
    renderAt(path);

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveTextContent('Page not found');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('main')).toContainElement(heading);
  });

  it('shows the loading spinner while the first page chunk loads', async () => {
    // A fresh copy of the route table: no page chunk of it has loaded yet.
    vi.resetModules();
    const fresh = await import('./router');
    render(
      <MemoryRouter initialEntries={[paths.privacyPolicy]}>
        <fresh.AppRoutes />
      </MemoryRouter>,
    );

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Privacy policy' }),
    ).toBeInTheDocument();
  });
});
