import { useState, type FormEvent } from 'react';
import {
  ANNOUNCEMENT_MSG,
  ANNOUNCEMENT_SEVERITIES,
  ANNOUNCEMENT_SEVERITY_LABELS,
  ANNOUNCEMENT_TEXT_MAX,
  announcementForm,
  msToLagosInput,
  type Announcement,
  type AnnouncementStatus,
} from '@contract/announcements';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input, inputVariants } from '@/components/ui/input';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import {
  useAnnouncements,
  useCreateAnnouncement,
  useEditAnnouncement,
  useEndAnnouncement,
} from '../api/announcements';
import { useTiers } from '../api/tiers';
import { FormCard, ListSection, useAdminForm } from './admin-form';
import { ScreenHeading } from './admin-parts';

type Values = {
  text: string;
  severity: string;
  starts_at: string;
  ends_at: string;
  /** '' is every customer (the select's value). */
  tier_id: string;
  email: boolean;
  /** Publish now (the default: the start is the moment it is sent) or schedule a start. */
  when: 'now' | 'schedule';
};

/** The form's fields in the order it shows them: the first invalid one takes the focus. */
const FIELDS = ['text', 'severity', 'tier_id', 'when', 'starts_at', 'ends_at', 'email'] as const;

const HOUR = 60 * 60 * 1000;
/**
 * A new announcement is published now and runs a day; scheduled instead, its start is the next
 * whole hour (Lagos time).
 */
function fresh(now = Date.now()): Values {
  const start = Math.ceil(now / HOUR) * HOUR;
  return {
    text: '',
    severity: 'info',
    starts_at: msToLagosInput(start),
    ends_at: msToLagosInput(start + 24 * HOUR),
    tier_id: '',
    email: false,
    when: 'now',
  };
}

const valuesOf = (a: Announcement): Values => ({
  text: a.text,
  severity: a.severity,
  starts_at: msToLagosInput(a.starts_at),
  ends_at: msToLagosInput(a.ends_at),
  tier_id: a.tier_id ?? '',
  email: a.email,
  when: 'schedule',
});

const ALL = 'all';

/**
 * Write or change an announcement: the text customers read, its severity, when it shows
 * (Lagos time: the server keeps the instant) and who sees it. E-mail is optional and sent in
 * the background, in batches, once per customer.
 */
function AnnouncementForm({
  editing,
  onDone,
  told,
}: {
  editing: Announcement | null;
  /** Saved (with what to say) or cancelled: back to a new announcement. */
  onDone: (told: string) => void;
  told: string;
}) {
  const create = useCreateAnnouncement();
  const edit = useEditAnnouncement();
  const tiers = useTiers();
  const [saved, setSaved] = useState(told);
  const action = editing ? edit : create;
  const { values, setValues, set, errors, validate, idOf } = useAdminForm<Values>(
    () => (editing ? valuesOf(editing) : fresh()),
    FIELDS,
    () => {
      setSaved('');
      action.reset();
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Published now: it starts this minute (the form's times are to the minute).
    const sent =
      values.when === 'now' ? { ...values, starts_at: msToLagosInput(Date.now()) } : values;
    const parsed = validate(announcementForm(), sent);
    if (!parsed) return;
    try {
      if (editing) {
        await edit.trigger({ params: { id: editing.id }, body: parsed });
        onDone(ANNOUNCEMENT_MSG.saved);
      } else {
        await create.trigger({ body: parsed });
        setValues(fresh());
        setSaved(ANNOUNCEMENT_MSG.created);
        onDone(ANNOUNCEMENT_MSG.created);
      }
    } catch {
      // shown from action.error
    }
  };
  return (
    <FormCard
      id="announcement-form"
      title={editing ? 'Change the announcement' : 'New announcement'}
      onSubmit={submit}
      error={action.error}
      told={saved ? { text: saved } : null}
      actions={
        <>
          <Button type="submit" loading={action.isMutating}>
            {editing ? 'Save changes' : values.when === 'now' ? 'Publish' : 'Schedule'}
          </Button>
          {editing ? (
            <Button type="button" variant="outline" onClick={() => onDone('')}>
              Cancel
            </Button>
          ) : null}
        </>
      }
    >
      <Field
        label="Text customers read"
        hint={`${values.text.length} of ${ANNOUNCEMENT_TEXT_MAX} characters.`}
        controlId={idOf('text')}
        error={errors.text}
        required
        className="sm:col-span-2"
      >
        <textarea
          rows={3}
          maxLength={ANNOUNCEMENT_TEXT_MAX}
          className={cn(inputVariants(), 'h-auto py-2')}
          value={values.text}
          onChange={(e) => set('text')(e.target.value)}
        />
      </Field>
      <Field label="Severity" controlId={idOf('severity')} error={errors.severity}>
        {(control) => (
          <Select value={values.severity} onValueChange={set('severity')}>
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {ANNOUNCEMENT_SEVERITIES.map((s) => (
                <SelectItem key={s} value={s}>
                  {ANNOUNCEMENT_SEVERITY_LABELS[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field label="Audience" controlId={idOf('tier_id')} error={errors.tier_id}>
        {(control) => (
          <Select
            value={values.tier_id === '' ? ALL : values.tier_id}
            onValueChange={(v) => set('tier_id')(v === ALL ? '' : v)}
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All customers</SelectItem>
              {(tiers.data?.message ?? []).map((t) => (
                <SelectItem key={t.id} value={t.id}>
                  {`Tier: ${t.name}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      </Field>
      {editing ? null : (
        <fieldset className="flex flex-wrap gap-x-6 gap-y-1 sm:col-span-2">
          <legend className="mb-1 text-sm font-medium">When it shows</legend>
          {(
            [
              ['now', 'Publish now'],
              ['schedule', 'Schedule'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex min-h-control items-center gap-3 text-sm">
              <input
                type="radio"
                name="announcement-when"
                className="size-5 accent-brand"
                checked={values.when === value}
                onChange={() => set('when')(value)}
              />
              <span>{label}</span>
            </label>
          ))}
        </fieldset>
      )}
      {values.when === 'schedule' ? (
        <Field
          label="Starts (Lagos time)"
          controlId={idOf('starts_at')}
          error={errors.starts_at}
          required
        >
          <Input
            type="datetime-local"
            value={values.starts_at}
            onChange={(e) => set('starts_at')(e.target.value)}
          />
        </Field>
      ) : null}
      <Field label="Ends (Lagos time)" controlId={idOf('ends_at')} error={errors.ends_at} required>
        <Input
          type="datetime-local"
          value={values.ends_at}
          onChange={(e) => set('ends_at')(e.target.value)}
        />
      </Field>
      <label className="flex min-h-control items-center gap-3 text-sm sm:col-span-2">
        <input
          type="checkbox"
          className="size-5 accent-brand"
          checked={values.email}
          onChange={(e) => set('email')(e.target.checked)}
        />
        <span>
          Also e-mail the audience (sent in the background, in batches; each customer once)
        </span>
      </label>
    </FormCard>
  );
}

/** End now, confirmed first: customers stop seeing it and its e-mails stop. */
function EndButton({ announcement }: { announcement: Announcement }) {
  const end = useEndAnnouncement();
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await end.trigger({ body: { id: announcement.id } });
      setAsking(false);
    } catch {
      // shown in the dialog, from end.error
    }
  };
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setAsking(true)}>
        End now
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) end.reset();
        }}
        title="End this announcement?"
        description={
          announcement.status === 'scheduled'
            ? 'It will never show, and no e-mail goes out.'
            : 'Customers stop seeing it at once, and e-mails not sent yet are not sent.'
        }
        confirmLabel="End now"
        tone="destructive"
        loading={end.isMutating}
        error={end.error ? errorMessage(end.error, FALLBACK.genericAlt) : ''}
        onConfirm={() => void confirm()}
      >
        <p className="text-sm [overflow-wrap:anywhere]">{announcement.text}</p>
      </ConfirmDialog>
    </>
  );
}

const STATUS_LABEL: Record<AnnouncementStatus, string> = {
  scheduled: 'Scheduled',
  active: 'Showing now',
  ended: 'Ended',
};

function columns(onEdit: (a: Announcement) => void): PagedTableColumn<Announcement>[] {
  return [
    {
      key: 'text',
      header: 'Announcement',
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span className="text-xs font-semibold text-muted uppercase">
            {ANNOUNCEMENT_SEVERITY_LABELS[a.severity]}
          </span>
          <span className="[overflow-wrap:anywhere]">{a.text}</span>
        </span>
      ),
    },
    {
      key: 'when',
      header: 'When (Lagos)',
      hideOnMobile: true,
      cell: (a) => (
        <span className="flex min-w-0 flex-col text-sm">
          <span>
            From <DateText epochMs={a.starts_at} show="datetime" />
          </span>
          <span>
            to <DateText epochMs={a.ends_at} show="datetime" />
          </span>
        </span>
      ),
    },
    {
      key: 'audience',
      header: 'Audience',
      hideOnMobile: true,
      cell: (a) => (
        <span className="flex min-w-0 flex-col text-sm">
          <span>{a.tier_id === null ? 'All customers' : `Tier: ${a.tier_name ?? a.tier_id}`}</span>
          <span className="text-xs text-muted">
            {a.email ? `E-mailed to ${a.mailed}` : 'No e-mail'}
          </span>
        </span>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (a) => (
        <span className="flex flex-col items-start gap-2 text-sm">
          <span>{STATUS_LABEL[a.status]}</span>
          {a.status === 'ended' ? null : (
            <span className="flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={() => onEdit(a)}>
                Edit
              </Button>
              <EndButton announcement={a} />
            </span>
          )}
        </span>
      ),
    },
  ];
}

type Filter = 'all' | AnnouncementStatus;
const FILTER_OPTIONS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'active', label: 'Showing now' },
  { value: 'ended', label: 'Ended' },
];

/**
 * Announcements (ADR 0059): a banner on every customer's dashboard, or one price
 * tier's, between two Lagos times, until each customer dismisses it; optionally e-mailed.
 */
export function AnnouncementsScreen() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const [editing, setEditing] = useState<Announcement | null>(null);
  const [told, setTold] = useState('');
  const { data, error, isLoading } = useAnnouncements(page, filter === 'all' ? undefined : filter);
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Announcements"
        description="Tell customers about price changes and outages: a banner on their dashboard until they dismiss it, and optionally an e-mail. Every change is in the audit log."
      />
      <AnnouncementForm
        // A new key per announcement edited: the form starts from its values.
        key={`${editing?.id ?? 'new'}:${told}`}
        editing={editing}
        told={told}
        onDone={(message) => {
          setEditing(null);
          setTold(message);
        }}
      />
      <ListSection
        id="announcement-list"
        title="Announcements made"
        error={error}
        filter={{
          value: filter,
          options: FILTER_OPTIONS,
          onChange: (next) => {
            setFilter(next);
            setPage(1);
          },
        }}
      >
        <PagedTable
          caption="Announcements"
          columns={columns((a) => {
            setEditing(a);
            setTold('');
          })}
          rows={data?.message ?? []}
          pageCount={data?.pages}
          getRowKey={(a) => a.id}
          page={data?.page ?? page}
          onPageChange={setPage}
          loading={isLoading}
          empty={<EmptyState size="sm" title="No announcements" />}
        />
      </ListSection>
    </div>
  );
}
