import { Outlet } from 'react-router-dom';

import { ScrollRestoration, useNavigationPending } from '../navigation';

import { Spinner } from './pending-fallback';

/**
 * The route above every page: restores scroll (and scrolls to #hash targets), and shows a
 * small spinner while the next page's code chunk loads. The current page stays on screen
 * meanwhile, so nothing jumps.
 */
export function RootLayout() {
  const pending = useNavigationPending();
  return (
    <>
      <ScrollRestoration />
      {pending && (
        <div className="pointer-events-none fixed top-3 right-3 z-50 rounded-full border border-border bg-bg p-1.5 shadow-md">
          <Spinner />
        </div>
      )}
      <Outlet />
    </>
  );
}
