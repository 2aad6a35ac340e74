import { useState, type FormEvent } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  type AuditAction,
  type AuditEntry,
} from '@contract/audit';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, inputVariants } from '@/components/ui/input';
import type { PagedTableColumn } from '@/components/ui/paged-table';
import { formatNaira } from '@/lib/money';
import { useAuditLog, type AuditQuery } from '../api/get-audit-log';
import { AdminListScreen, useAdminList } from './admin-list-screen';

/** Who acted (ADR 0076): an admin, a customer on their own account, or the system. */
const ACTOR_LABELS = { admin: 'Admin', customer: 'Customer', system: 'System' } as const;

function ActorText({ entry }: { entry: AuditEntry }) {
  return (
    <span className="flex flex-col">
      <span className="break-all">{entry.admin}</span>
      <span className="text-xs text-muted">{ACTOR_LABELS[entry.actor_kind ?? 'admin']}</span>
    </span>
  );
}

const columns: PagedTableColumn<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    cell: (e) => (
      <span className="flex flex-col">
        <DateText epochMs={e.created_at} />
        <span className="text-xs text-muted">
          <DateText epochMs={e.created_at} show="time" />
        </span>
      </span>
    ),
  },
  {
    key: 'admin',
    header: 'By',
    hideOnMobile: true,
    cell: (e) => <ActorText entry={e} />,
  },
  { key: 'action', header: 'Action', cell: (e) => AUDIT_ACTION_LABELS[e.action] },
  {
    key: 'target',
    header: 'Target',
    cell: (e) => <span className="break-all">{e.target_label ?? e.target_id}</span>,
  },
];

/** A before/after value as text; amounts (fields named `…_kobo`) in naira. */
const show = (field: string, v: string | number | boolean | null | undefined) => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (field.endsWith('_kobo') && typeof v === 'number' && Number.isSafeInteger(v)) {
    return formatNaira(v);
  }
  return String(v);
};

/** A field's name as read: `price_kobo` → "price" (its values are shown in naira). */
const fieldLabel = (field: string) => field.replace(/_kobo$/, '').replace(/_/g, ' ');

/** The entry's details: who, when, from where, and each changed field before and after. */
export function AuditEntryDialog({
  entry,
  onClose,
}: {
  entry: AuditEntry | null;
  onClose: () => void;
}) {
  const fields = entry
    ? [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])]
    : [];
  return (
    <Dialog open={entry !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {entry ? (
          <>
            <DialogHeader>
              <DialogTitle>{AUDIT_ACTION_LABELS[entry.action]}</DialogTitle>
              <DialogDescription>{entry.target_label ?? entry.target_id}</DialogDescription>
            </DialogHeader>
            <DialogBody className="flex flex-col gap-4">
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-2">
                <dt className="text-muted">By</dt>
                <dd>
                  <ActorText entry={entry} />
                </dd>
                <dt className="text-muted">When</dt>
                <dd>
                  <DateText epochMs={entry.created_at} />{' '}
                  <DateText epochMs={entry.created_at} show="time" />
                </dd>
                <dt className="text-muted">Target</dt>
                <dd className="font-mono break-all">
                  {entry.target_type} {entry.target_id}
                </dd>
                <dt className="text-muted">Request id</dt>
                <dd className="font-mono break-all">{entry.request_id ?? '—'}</dd>
                <dt className="text-muted">Address</dt>
                <dd className="font-mono break-all">{entry.ip ?? '—'}</dd>
              </dl>
              <table className="w-full text-left text-sm">
                <caption className="sr-only">What changed</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-1 pr-2">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-2">
                      Before
                    </th>
                    <th scope="col" className="py-1">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {fields.map((f) => (
                    <tr key={f} className="border-b border-border last:border-0">
                      <th scope="row" className="py-1 pr-2 font-normal text-muted">
                        {fieldLabel(f)}
                      </th>
                      <td className="py-1 pr-2 break-all">{show(f, entry.before?.[f])}</td>
                      <td className="py-1 break-all">{show(f, entry.after?.[f])}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

type Filters = Omit<AuditQuery, 'page'>;

/**
 * The audit log: what admins changed, newest first, paged on the server; filter by
 * admin e-mail, action and target (an id or e-mail). Read-only: a row opens its details.
 */
export function AuditLogScreen() {
  const list = useAdminList<Filters>();
  const filters = list.query;
  const [draft, setDraft] = useState<{ admin: string; action: string; target: string }>({
    admin: '',
    action: '',
    target: '',
  });
  const filtering = Boolean(filters.admin || filters.action || filters.target);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    list.setQuery({
      admin: draft.admin.trim() || undefined,
      action: (draft.action || undefined) as AuditAction | undefined,
      target: draft.target.trim() || undefined,
    });
  };
  const clear = () => {
    setDraft({ admin: '', action: '', target: '' });
    list.setQuery({});
  };

  return (
    <AdminListScreen
      title="Audit log"
      description="Every change an admin made, newest first. Entries cannot be edited or deleted."
      filters={
        <form
          role="search"
          aria-label="Filter the audit log"
          onSubmit={apply}
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
        >
          <Field label="Admin e-mail" className="sm:w-56">
            <Input
              type="email"
              name="admin"
              autoComplete="off"
              maxLength={254}
              value={draft.admin}
              onChange={(e) => setDraft((d) => ({ ...d, admin: e.target.value }))}
            />
          </Field>
          <Field label="Action" className="sm:w-56">
            <select
              name="action"
              className={inputVariants()}
              value={draft.action}
              onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value }))}
            >
              <option value="">All actions</option>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {AUDIT_ACTION_LABELS[a]}
                </option>
              ))}
            </select>
          </Field>
          <Field label="Target" hint="An id or a customer's e-mail." className="sm:w-56">
            <Input
              name="target"
              autoComplete="off"
              maxLength={254}
              value={draft.target}
              onChange={(e) => setDraft((d) => ({ ...d, target: e.target.value }))}
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit">Filter</Button>
            <Button type="button" variant="outline" onClick={clear}>
              Clear
            </Button>
          </div>
        </form>
      }
      list={list}
      result={useAuditLog({ page: list.page, ...filters })}
      columns={columns}
      getRowKey={(e) => e.id}
      getRowLabel={(e) =>
        `Open entry: ${AUDIT_ACTION_LABELS[e.action]}, ${e.target_label ?? e.target_id}`
      }
      emptyTitle={filtering ? 'No entry matches these filters' : 'No admin action yet'}
      dialog={(open, close) => <AuditEntryDialog entry={open} onClose={close} />}
    />
  );
}
