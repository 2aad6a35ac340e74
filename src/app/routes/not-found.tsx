import { Link } from '@/lib/link';

import { focusRing, PageTitle } from '@/app/layouts/layout-parts';
import { paths } from '@/config/routes';
// Deep import: the '@contract' barrel would pull zod and every schema into this small chunk.
import { MSG } from '@contract/messages';

export function NotFoundPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <PageTitle title={MSG.pageNotFound} />
      <p className="text-5xl font-bold text-brand" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">{MSG.pageNotFound}</h1>
      <p className="text-muted">The page you asked for does not exist or has moved.</p>
      <Link
        to={paths.home}
        className={`rounded-md bg-brand px-4 py-2 font-medium text-brand-fg hover:opacity-90 ${focusRing}`}
      >
        Go to the home page
      </Link>
    </div>
  );
}
