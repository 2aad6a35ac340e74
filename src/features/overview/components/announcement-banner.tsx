import {
  ANNOUNCEMENT_SEVERITY_LABELS,
  type AnnouncementSeverity,
  type CustomerAnnouncement,
} from '@contract/announcements';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { CloseIcon, ErrorIcon, InfoIcon, WarningIcon } from '@/components/ui/icons';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useDismissAnnouncement, useMyAnnouncements } from '../api/announcements';

/** Severity colours from the design tokens; the icon and the label repeat them in words. */
const TONE: Record<AnnouncementSeverity, { box: string; icon: string; Icon: typeof InfoIcon }> = {
  info: { box: 'border-brand/40 bg-brand-soft', icon: 'text-brand', Icon: InfoIcon },
  warning: { box: 'border-warning/50 bg-warning-soft', icon: 'text-warning', Icon: WarningIcon },
  outage: { box: 'border-danger/50 bg-danger-soft', icon: 'text-danger', Icon: ErrorIcon },
};

function Banner({ announcement }: { announcement: CustomerAnnouncement }) {
  const dismiss = useDismissAnnouncement();
  const { box, icon, Icon } = TONE[announcement.severity];
  const label = ANNOUNCEMENT_SEVERITY_LABELS[announcement.severity];
  return (
    <li
      className={cn('flex items-start gap-2 rounded-control border py-1 pr-1 pl-3 text-sm', box)}
      data-severity={announcement.severity}
    >
      <Icon className={cn('mt-3 size-4 shrink-0', icon)} strokeWidth={2.5} />
      <div className="min-w-0 flex-1 py-2 [overflow-wrap:anywhere]">
        <p>
          <span className="font-semibold">{label}: </span>
          {announcement.text}
        </p>
        {dismiss.error ? (
          <p role="alert" className="mt-1 font-medium text-danger">
            {errorMessage(dismiss.error, FALLBACK.genericAlt)}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={`Dismiss: ${label}`}
        loading={dismiss.isMutating}
        onClick={() =>
          void dismiss.trigger({ body: { id: announcement.id } }).catch(() => {
            // shown under the text, from dismiss.error
          })
        }
      >
        <CloseIcon className="size-4" />
      </Button>
    </li>
  );
}

/**
 * The admins' announcements live for this customer (ADR 0059), above every
 * dashboard page until dismissed; the dismissal is kept on the server, so it holds on every
 * device. Nothing is drawn while they load or when the call fails: a banner is no reason to
 * keep a customer from the page.
 */
export function AnnouncementBanner() {
  const { data } = useMyAnnouncements();
  const shown = data?.message ?? [];
  if (shown.length === 0) return null;
  return (
    <section aria-label="Announcements" className="px-4 pt-4 md:px-8">
      <ul className="flex flex-col gap-2">
        {shown.map((a) => (
          <Banner key={a.id} announcement={a} />
        ))}
      </ul>
    </section>
  );
}
