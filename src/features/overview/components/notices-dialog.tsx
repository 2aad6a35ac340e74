import type * as React from 'react';
import { Link } from '@/lib/link';
import { FALLBACK } from '@contract/messages';
import { NOTICES_MSG, type Notice } from '@contract/notices';
import { Button, focusRing } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { SignedMoney } from '@/components/ui/signed-amount';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/routes';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatAgo } from '@/lib/dates';
import { useNotices, useReadNotices } from '../api/notices';

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
      {notice.amount !== null ? (
        <SignedMoney kobo={notice.amount} className="text-sm font-semibold" />
      ) : null}
    </li>
  );
}

/** The newest notice with a number: "read up to" it leaves any that arrived since unread. */
function newestNumbered(notices: Notice[]): string | undefined {
  const ids = notices.map((n) => n.id).filter((id) => /^\d+$/.test(id));
  return ids.sort((a, b) => Number(b) - Number(a))[0];
}

/**
 * The bell's list (ADR 0057): the newest 20 notices (what, how much, when, a link
 * to the statement line) with "Mark all as read". Radix Dialog with its focus trap and scroll
 * lock is this module's own, so a dashboard loads it the first time the bell is pressed, not
 * on every first visit (decision 0022). Only notices-bell.tsx imports it.
 */
export function NoticesDialog({
  open,
  onOpenChange,
  now,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What "5 min ago" counts from. */
  now: number;
  /** The bell: focus goes back to it when the list closes. */
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
}) {
  const { data, error, isLoading, mutate } = useNotices();
  const read = useReadNotices();
  const bell = data?.message;
  const unread = bell?.unread ?? 0;

  const markAll = () => {
    const upTo = newestNumbered(bell?.notices ?? []);
    void read.trigger({ body: upTo ? { up_to: upTo } : {} }).catch(() => {
      // shown in the footer, from read.error
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="sm"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
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
                  <NoticeItem
                    key={n.id}
                    notice={n}
                    now={now}
                    onOpenLink={() => onOpenChange(false)}
                  />
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
