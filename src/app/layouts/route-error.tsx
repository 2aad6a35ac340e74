import { Link } from '@/lib/link';

import { paths } from '@/config/routes';

import { focusRing, PageTitle } from './layout-parts';

/**
 * Last-resort error screen. The usual cause is a page chunk that failed to download (a flaky
 * network, or a new release replaced the files), which a reload fixes.
 */
export function RouteError() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-bg px-4 text-center text-fg">
      <PageTitle title="Something went wrong" />
      <h1 className="text-2xl font-bold">Something went wrong</h1>
      <p className="max-w-prose text-muted">
        This page could not be shown. Check your connection and reload the page.
      </p>
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={`rounded-md bg-brand px-4 py-2 font-medium text-brand-fg ${focusRing}`}
        >
          Reload the page
        </button>
        <Link
          to={paths.home}
          className={`rounded-md border border-border px-4 py-2 font-medium ${focusRing}`}
        >
          Go to the home page
        </Link>
      </div>
    </main>
  );
}
