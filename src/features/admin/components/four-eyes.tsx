import { useState, type FormEvent, type ReactNode } from 'react';
import {
  FourEyesBody,
  FOUR_EYES_MSG,
  KIND_LABEL,
  waitReasonText,
  type Approval,
  type FourEyesLimits,
  type FourEyesState,
} from '@contract/four-eyes';
import { FALLBACK } from '@contract/messages';
import { ROLE_LABEL } from '@contract/roles';
import { fieldMessages } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { formatNaira } from '@/lib/money';
import {
  useApprovals,
  useApproveApproval,
  useRejectApproval,
  useSetFourEyes,
} from '../api/four-eyes';
import { useAdminCan } from './admin-access';
import { LoadError } from './admin-parts';

/** Why an action waits, in one sentence (the limits it was measured against). */
export const whyText = (why: Approval['why'], limits: FourEyesLimits | undefined) =>
  limits ? waitReasonText(why, limits) : '';

/** The owner's form for the daily totals of instant actions (audited on the server). */
function DailyTotalsForm({ state }: { state: FourEyesState }) {
  const save = useSetFourEyes();
  const [values, setValues] = useState(() => ({
    maker_daily: String(state.maker_daily / 100),
    customer_daily: String(state.customer_daily / 100),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: 'maker_daily' | 'customer_daily') => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: '' }));
    save.reset();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = {
      maker_daily: /^\d+(\.\d{1,2})?$/.test(values.maker_daily.trim())
        ? Number(values.maker_daily)
        : Number.NaN,
      customer_daily: /^\d+(\.\d{1,2})?$/.test(values.customer_daily.trim())
        ? Number(values.customer_daily)
        : Number.NaN,
    };
    const parsed = FourEyesBody.safeParse(typed);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed));
      return;
    }
    try {
      await save.trigger({ body: parsed.data });
    } catch {
      // shown from save.error
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Daily totals of instant actions"
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label="Per admin, a day (₦)" error={errors.maker_daily || undefined}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={values.maker_daily}
            onChange={(e) => set('maker_daily')(e.target.value)}
          />
        </Field>
        <Field label="Per customer, a day (₦)" error={errors.customer_daily || undefined}>
          <Input
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={values.customer_daily}
            onChange={(e) => set('customer_daily')(e.target.value)}
          />
        </Field>
        <Button type="submit" variant="secondary" className="sm:mt-6" loading={save.isMutating}>
          Save daily totals
        </Button>
      </div>
      <div aria-live="polite">
        {save.data ? <FormAlert tone="success">{FOUR_EYES_MSG.saved}</FormAlert> : null}
        {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.genericAlt)}</FormAlert> : null}
      </div>
    </form>
  );
}

/**
 * The four-eyes rules as they stand for this admin today (ADR 0070): what they may still move
 * alone, the per-customer total and the threshold; an owner changes the daily totals here.
 */
export function DailyTotals({ state }: { state: FourEyesState | undefined }) {
  const mayEdit = useAdminCan('admins');
  if (!state) return null;
  return (
    <section
      aria-labelledby="daily-totals"
      className="flex flex-col gap-3 rounded-card border border-border p-4"
    >
      <h2 id="daily-totals" className="text-lg font-semibold">
        Four eyes
      </h2>
      <p className="text-sm" data-testid="maker-left">
        You may still move {formatNaira(state.maker_left)} alone today, of{' '}
        {formatNaira(state.maker_daily)}.
      </p>
      <ul className="list-disc pl-5 text-sm text-muted">
        <li>
          Each customer: at most {formatNaira(state.customer_daily)} a day by instant actions.
        </li>
        <li>Above {formatNaira(state.approval_above)}, a second admin always approves.</li>
        <li>
          No admin moves money into their own wallet, or approves what they asked for or what
          credits them.
        </li>
      </ul>
      {state.approvers.length > 0 ? (
        <p className="text-sm" data-testid="approvers">
          Who else can approve:{' '}
          {state.approvers.map((a) => `${a.email} (${ROLE_LABEL[a.role]})`).join(', ')}.
        </p>
      ) : (
        <FormAlert tone="info" data-testid="approvers">
          No other admin can approve what you ask for: an owner must give a second admin the Finance
          or Owner role first.
        </FormAlert>
      )}
      {mayEdit ? <DailyTotalsForm state={state} /> : null}
    </section>
  );
}

/** What a decision calls: POST …/approve or …/reject with `{ id }`, answered with a sentence. */
interface DecisionCall {
  trigger: (input: { body: { id: string } }) => Promise<{ message: string }>;
  reset: () => void;
  isMutating: boolean;
  error?: unknown;
}

/**
 * A checker's Approve (never on their own request) and Reject (Withdraw, for its maker), each
 * confirmed in a dialog that names what is decided (`details`); the answer goes to `onDone`.
 * One piece for the adjustments and the other waiting requests (ADR 0070).
 */
export function CheckerDecision({
  id,
  mine,
  noun,
  approve,
  reject,
  approveLabel,
  approveDescription,
  rejectDescription,
  details,
  onDone,
}: {
  id: string;
  mine: boolean;
  /** "adjustment", "request": the dialog's title names it. */
  noun: string;
  approve: DecisionCall;
  reject: DecisionCall;
  approveLabel: string;
  approveDescription: string;
  rejectDescription: string;
  details: ReactNode;
  onDone: (message: string) => void;
}) {
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const action = asking === 'reject' ? reject : approve;
  const rejectLabel = mine ? 'Withdraw' : 'Reject';
  const decide = async () => {
    try {
      const res = await action.trigger({ body: { id } });
      setAsking(null);
      onDone(res.message);
    } catch {
      // shown in the dialog, from action.error
    }
  };
  return (
    <div className="flex flex-wrap gap-2">
      {mine ? null : (
        <Button size="sm" onClick={() => setAsking('approve')}>
          Approve
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={() => setAsking('reject')}>
        {rejectLabel}
      </Button>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setAsking(null);
            approve.reset();
            reject.reset();
          }
        }}
        title={asking === 'reject' ? `${rejectLabel} this ${noun}?` : `Approve this ${noun}?`}
        description={asking === 'reject' ? rejectDescription : approveDescription}
        confirmLabel={asking === 'reject' ? rejectLabel : approveLabel}
        tone={asking === 'reject' ? 'destructive' : 'primary'}
        loading={action.isMutating}
        error={action.error ? errorMessage(action.error, FALLBACK.genericAlt) : ''}
        onConfirm={() => void decide()}
      >
        {details}
      </ConfirmDialog>
    </div>
  );
}

/** Another admin's waiting request (or one's own, to withdraw); the list tells the answer. */
function Decision({
  approval,
  mine,
  onDone,
}: {
  approval: Approval;
  mine: boolean;
  onDone: (message: string) => void;
}) {
  const approve = useApproveApproval();
  const reject = useRejectApproval();
  return (
    <div className="flex flex-col gap-2">
      {mine ? <span className="text-sm">Waiting for another admin</span> : null}
      <CheckerDecision
        id={approval.id}
        mine={mine}
        noun="request"
        approve={approve}
        reject={reject}
        approveLabel="Approve"
        approveDescription="It is carried out at once, and the audit log records you as the approver."
        rejectDescription="Nothing changes, and it cannot be approved later."
        onDone={onDone}
        details={
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm [overflow-wrap:anywhere]">
            <dt className="text-muted">Request</dt>
            <dd className="font-semibold">{approval.summary}</dd>
            <dt className="text-muted">Amount</dt>
            <dd>{formatNaira(approval.amount)}</dd>
            <dt className="text-muted">Asked by</dt>
            <dd>{approval.maker}</dd>
          </dl>
        }
      />
    </div>
  );
}

function columns(
  meId: string | undefined,
  limits: FourEyesLimits | undefined,
  onDone: (message: string) => void,
) {
  const cols: PagedTableColumn<Approval>[] = [
    {
      key: 'what',
      header: 'Request',
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span className="text-xs text-muted">{KIND_LABEL[a.kind]}</span>
          <span className="[overflow-wrap:anywhere]">{a.summary}</span>
          <span className="text-xs text-muted">{whyText(a.why, limits)}</span>
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: (a) => <Money kobo={a.amount} /> },
    {
      key: 'asked',
      header: 'Asked by',
      hideOnMobile: true,
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span className="break-all">{a.maker}</span>
          <span className="text-xs text-muted">
            <DateText epochMs={a.created_at} show="datetime" />
          </span>
        </span>
      ),
    },
    {
      key: 'decide',
      header: 'Decision',
      cell: (a) => <Decision approval={a} mine={a.maker_id === meId} onDone={onDone} />,
    },
  ];
  return cols;
}

/**
 * The actions other than adjustments that wait for a second admin (ADR 0070): held transfer
 * assignments, reversals, level and limit changes. The longest wait comes first.
 */
export function WaitingApprovals() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useApprovals(page);
  const { data: me } = useCurrentUser();
  const [told, setTold] = useState('');
  return (
    <section aria-labelledby="waiting-approvals" className="flex flex-col gap-3">
      <h2 id="waiting-approvals" className="text-lg font-semibold">
        Waiting for a second admin
      </h2>
      <p className="text-sm text-muted">
        Transfer assignments, reversals and level changes that one admin may not make alone.
      </p>
      {error ? <LoadError error={error} /> : null}
      <div aria-live="polite">{told ? <FormAlert tone="success">{told}</FormAlert> : null}</div>
      <PagedTable
        caption="Requests waiting for a second admin"
        columns={columns(me?.message.id, data?.four_eyes, setTold)}
        rows={data?.message ?? []}
        pageCount={data?.pages}
        getRowKey={(a) => a.id}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={<EmptyState size="sm" title="Nothing is waiting" />}
      />
    </section>
  );
}
