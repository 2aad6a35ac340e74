import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { Link } from '@/lib/link';

import {
  AppRouter,
  RouteErrorBoundary,
  ScrollRestoration,
  useNavigationPending,
} from './navigation';

function PendingFlag() {
  return useNavigationPending() ? <p>Next page loading</p> : null;
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AppRouter', () => {
  it('keeps the current page up and says so while the next page’s code loads', async () => {
    let finish: (page: { default: React.ComponentType }) => void = () => {};
    const SlowPage = React.lazy(
      () => new Promise<{ default: React.ComponentType }>((resolve) => (finish = resolve)),
    );
    render(
      <AppRouter>
        <PendingFlag />
        <React.Suspense fallback={<p>Blank loading page</p>}>
          <Routes>
            <Route path="/" element={<Link to="/slow">Go to the slow page</Link>} />
            <Route path="/slow" element={<SlowPage />} />
          </Routes>
        </React.Suspense>
      </AppRouter>,
    );

    await userEvent.click(screen.getByRole('link', { name: 'Go to the slow page' }));

    expect(await screen.findByText('Next page loading')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Blank loading page')).not.toBeInTheDocument();

    await act(async () => finish({ default: () => <h1>Slow page</h1> }));

    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument();
    expect(screen.queryByText('Next page loading')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/slow');
  });

  it('opens a new page at the top and returns to the old scroll position on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    render(
      <AppRouter>
        <ScrollRestoration />
        <Routes>
          <Route path="/" element={<Link to="/next">Next</Link>} />
          <Route path="/next" element={<h1>Next page</h1>} />
        </Routes>
      </AppRouter>,
    );
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(640);
    scrollTo.mockClear();

    await userEvent.click(screen.getByRole('link', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    act(() => window.history.back());

    expect(await screen.findByRole('link', { name: 'Next' })).toBeInTheDocument();
    await waitFor(() => expect(scrollTo).toHaveBeenLastCalledWith(0, 640));
  });
});

describe('RouteErrorBoundary', () => {
  function Broken(): React.ReactNode {
    throw new Error('chunk failed to load');
  }

  it('shows the error page instead of a page that throws, until the next navigation', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    window.history.replaceState(null, '', '/broken');
    render(
      <AppRouter>
        <RouteErrorBoundary fallback={<Link to="/">Something went wrong: go home</Link>}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/broken" element={<Broken />} />
          </Routes>
        </RouteErrorBoundary>
      </AppRouter>,
    );

    await userEvent.click(screen.getByRole('link', { name: 'Something went wrong: go home' }));

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
  });
});
