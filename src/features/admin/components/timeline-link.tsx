import { useInRouterContext } from 'react-router-dom';
import { paths } from '@/config/routes';
import { Link } from '@/lib/link';

const CLASS = 'inline-flex min-h-11 items-center self-start text-sm font-medium underline';

/**
 * The way from a transaction's dialog to its whole story (ADR 0083). A plain link where no
 * router is around (a dialog shown on its own, as in its stories).
 */
export function TimelineLink({ id }: { id: string }) {
  const inRouter = useInRouterContext();
  const href = paths.adminTransaction(id);
  return inRouter ? (
    <Link to={href} className={CLASS}>
      Open the timeline
    </Link>
  ) : (
    <a href={href} className={CLASS}>
      Open the timeline
    </a>
  );
}
