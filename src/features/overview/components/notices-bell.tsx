import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FALLBACK } from '@contract/messages';
import { bellLabel, NOTICES_MSG, type Notice } from '@contract/notices';
import { Button, focusRing } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { NotificationsIcon } from '@/components/ui/icons';
import { Money } from '@/components/ui/money';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatAgo } from '@/lib/dates';
import { useNotices, useReadNotices } from '../api/notices';

/** "+₦5,000.00" in (green), "−₦980.00" out; screen readers hear "in" or "out". */
function SignedMoney({ kobo }: { kobo: number }) {
  const credit = kobo > 0;
  return (
    <span className={cn('text-sm font-semibold', credit && 'text-success')}>
      {credit ? <span aria-hidden="true">+</span> : null}
      <Money kobo={kobo} />
      <span className="sr-only">{credit ? ' in' : ' out'}</span>
    </span>
  );
}

function NoticeItem({
  notice,
  now,
  onOpenLink,
}: {
  notice: Notice;
  now: number;
  onOpenLink: () => void;
}) {
  return (
    <li className="flex items-start gap-3 py-3" data-read={notice.read}>
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', notice.read ? '' : 'bg-brand')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 [overflow-wrap:anywhere]">
        <p className={cn('text-sm', notice.read ? 'text-fg' : 'font-semibold')}>
          {notice.read ? null : <span className="sr-only">Unread: </span>}
          {notice.title}
        </p>
        <time className="text-xs text-muted" dateTime={new Date(notice.created_at).toISOString()}>
          {formatAgo(notice.created_at, now)}
        </time>
        {notice.transaction_id ? (
          <Link
            to={`${paths.user.transactions}?q=${encodeURIComponent(notice.transaction_id)}`}
            onClick={onOpenLink}
            className={cn(
              'inline-flex min-h-control-sm items-center self-start text-sm text-brand underline-offset-4 hover:underline pointer-coarse:min-h-control',
              focusRing,
            )}
          >
            {NOTICES_MSG.view}
          </Link>
        ) : null}
      </div>
      {notice.amount !== null ? <SignedMoney kobo={notice.amount} /> : null}
    </li>
  );
}

/** The newest notice with a number: "read up to" it leaves any that arrived since unread. */
function newestNumbered(notices: Notice[]): string | undefined {
  const ids = notices.map((n) => n.id).filter((id) => /^\d+$/.test(id));
  return ids.sort((a, b) => Number(b) - Number(a))[0];
}

/**
 * The bell in the customer's header (issue 26 §2; ADR 0057): its name says how many notices
 * are unread; it opens the newest 20 (what, how much, when, a link to the statement line)
 * with "Mark all as read". Read state lives on the server, so every device agrees. `now` is
 * for stories (the seed's clock); the app passes none.
 */
export function NoticesBell({ now }: { now?: number }) {
  const [open, setOpen] = useState(false);
  // "5 min ago" counts from when the list was opened (read in the handler, not in render).
  const [openedAt, setOpenedAt] = useState(0);
  const { data, error, isLoading, mutate } = useNotices();
  const read = useReadNotices();
  const bell = data?.message;
  const unread = bell?.unread ?? 0;
  const at = now ?? openedAt;

  const markAll = () => {
    const upTo = newestNumbered(bell?.notices ?? []);
    void read.trigger({ body: upTo ? { up_to: upTo } : {} }).catch(() => {
      // shown in the footer, from read.error
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setOpenedAt(Date.now());
        setOpen(next);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={bellLabel(unread)} className="relative">
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
      </DialogTrigger>
      <DialogContent size="sm" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{NOTICES_MSG.title}</DialogTitle>
        </DialogHeader>
        {/* Focusable: a long list scrolls, and the keyboard must reach it even with no link. */}
        <DialogBody
          className={cn('py-1', focusRing)}
          tabIndex={0}
          aria-busy={isLoading || undefined}
        >
          {bell ? (
            bell.notices.length === 0 ? (
              <EmptyState title={NOTICES_MSG.empty} description={NOTICES_MSG.emptyHint} size="sm" />
            ) : (
              <ul className="divide-y divide-border" aria-label={NOTICES_MSG.title}>
                {bell.notices.map((n) => (
                  <NoticeItem key={n.id} notice={n} now={at} onOpenLink={() => setOpen(false)} />
                ))}
              </ul>
            )
          ) : error ? (
            <div className="flex flex-col items-start gap-3 py-3">
              <p role="alert" className="text-sm font-medium text-danger">
                {errorMessage(error, NOTICES_MSG.loadFailed)}
              </p>
              <Button type="button" variant="outline" onClick={() => void mutate()}>
                {NOTICES_MSG.retry}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-3 py-3">
              <span className="sr-only">Loading</span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-10 w-full" />
              ))}
            </div>
          )}
        </DialogBody>
        {bell && bell.notices.length > 0 ? (
          <DialogFooter>
            {read.error ? (
              <p role="alert" className="text-sm font-medium text-danger sm:mr-auto sm:self-center">
                {errorMessage(read.error, FALLBACK.genericAlt)}
              </p>
            ) : null}
            <Button
              type="button"
              variant="outline"
              disabled={unread === 0}
              loading={read.isMutating}
              onClick={markAll}
            >
              {NOTICES_MSG.markAll}
            </Button>
          </DialogFooter>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
