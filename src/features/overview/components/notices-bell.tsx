import * as React from 'react';
import { bellLabel } from '@contract/notices';
import { Button } from '@/components/ui/button';
import { NotificationsIcon } from '@/components/ui/icons';
import { useNotices } from '../api/notices';

const NoticesDialog = React.lazy(() =>
  import('./notices-dialog').then((module) => ({ default: module.NoticesDialog })),
);

/**
 * The bell in the customer's header (ADR 0057): its name says how many notices
 * are unread; it opens the newest 20 (notices-dialog.tsx, loaded the first time it opens). Read state lives on the server, so every device agrees. `now` is for stories
 * (the seed's clock); the app passes none.
 */
export function NoticesBell({ now }: { now?: number }) {
  const [open, setOpen] = React.useState(false);
  const [loaded, setLoaded] = React.useState(false);
  // "5 min ago" counts from when the list was opened (read in the handler, not in render).
  const [openedAt, setOpenedAt] = React.useState(0);
  const bellRef = React.useRef<HTMLButtonElement>(null);
  const { data } = useNotices();
  const unread = data?.message.unread ?? 0;

  return (
    <>
      <Button
        ref={bellRef}
        variant="ghost"
        size="icon"
        aria-label={bellLabel(unread)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className="relative"
        onClick={() => {
          setOpenedAt(Date.now());
          setLoaded(true);
          setOpen(true);
        }}
      >
        <NotificationsIcon className="size-5" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-1 right-1 min-w-4 rounded-full bg-danger px-1 text-center text-[0.625rem] leading-4 font-semibold text-danger-fg"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Button>
      {loaded ? (
        <React.Suspense fallback={null}>
          <NoticesDialog
            open={open}
            onOpenChange={setOpen}
            now={now ?? openedAt}
            returnFocusTo={bellRef}
          />
        </React.Suspense>
      ) : null}
    </>
  );
}
