import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import { REVIEW_REASON_EXPLAINED } from '@contract/withdrawal-review';
import {
  RejectWithdrawalBody,
  reviewReasonLabel,
  WithdrawalSettingsBody,
  WITHDRAWAL_MSG,
  WITHDRAWAL_STATUS_LABEL,
  WITHDRAWAL_STATUSES,
  type AdminWithdrawal,
  type WithdrawalSettings,
  type WithdrawalStatus,
} from '@contract/withdrawals';
import { MAX_LENGTH } from '@contract/rules';
import { Button, focusRing } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { FilterSelect } from '@/components/ui/filter-select';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, inputVariants } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import type { PagedTableColumn } from '@/components/ui/paged-table';
import { Skeleton } from '@/components/ui/skeleton';
import { WithdrawalStatusBadge } from '@/components/ui/withdrawal-status-badge';
import { errorMessage } from '@/lib/api-error';
import { nairaFieldText, typedNairaToWire } from '@/lib/money';
import { cn } from '@/lib/cn';
import {
  useAdminWithdrawal,
  useAdminWithdrawals,
  useApproveWithdrawal,
  useRejectWithdrawal,
  useRequeryWithdrawal,
  useResolveWithdrawal,
  useSetWithdrawalSettings,
  useWithdrawalSettings,
  type WithdrawalsQuery,
} from '../api/withdrawals';
import { AdminListScreen, useAdminList } from './admin-list-screen';
import { useAdminCan } from './admin-access';

const ALL = 'all';
const STATUS_OPTIONS = [
  { value: ALL, label: 'Every status' },
  ...WITHDRAWAL_STATUSES.map((s) => ({ value: s, label: WITHDRAWAL_STATUS_LABEL[s] })),
];

/**
 * Why a withdrawal waits (or waited) for review, in plain words (ADR 0088). The review amount is
 * named only when it still explains it (the amount is above the amount set now).
 */
function reviewReasonText(w: AdminWithdrawal, reviewAbove: number | undefined): string | null {
  if (!w.review_reason) return null;
  const above = reviewAbove !== undefined && w.amount > reviewAbove ? reviewAbove : undefined;
  return reviewReasonLabel(w.review_reason, above);
}

function columnsFor(reviewAbove: number | undefined): PagedTableColumn<AdminWithdrawal>[] {
  return [
    {
      key: 'id',
      header: 'Withdrawal',
      cell: (w) => (
        <span className="flex min-w-0 flex-col">
          <span className="font-mono text-xs break-all">{w.id}</span>
          <span className="text-xs break-all text-muted">{w.user}</span>
        </span>
      ),
    },
    {
      key: 'account',
      header: 'To',
      hideOnMobile: true,
      cell: (w) => (
        <span className="flex min-w-0 flex-col">
          <span className="[overflow-wrap:anywhere]">{w.account_name}</span>
          <span className="text-xs text-muted">
            {w.bank_name} · {w.account_number}
          </span>
        </span>
      ),
    },
    { key: 'amount', header: 'Amount', align: 'end', cell: (w) => <Money kobo={w.amount} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (w) => {
        // The queue says why each one waits; a decided one says it in its details.
        const why = w.status === 'awaiting_review' ? reviewReasonText(w, reviewAbove) : null;
        return (
          <span className="flex min-w-0 flex-col items-start gap-1">
            <WithdrawalStatusBadge status={w.status} />
            {why ? (
              <span className="text-xs text-muted [overflow-wrap:anywhere]">{why}</span>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'date',
      header: 'Date',
      hideOnMobile: true,
      cell: (w) => <DateText epochMs={w.created_at} show="datetime" />,
    },
  ];
}

// ── The approvers' daily total ──────────────────────────────────────────────────

/**
 * The owner's form for what one finance admin may approve of withdrawals in a Lagos day
 * (ADR 0088): saved with the other withdrawal settings, audited on the server.
 */
function ApproverDailyForm({ current }: { current: WithdrawalSettings }) {
  const save = useSetWithdrawalSettings();
  const [typed, setTyped] = useState(() => nairaFieldText(current.approver_daily));
  const [invalid, setInvalid] = useState('');
  const [saved, setSaved] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const parsed = WithdrawalSettingsBody.shape.approver_daily.safeParse(typedNairaToWire(typed));
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? WITHDRAWAL_MSG.thresholdInvalid);
      return;
    }
    try {
      await save.trigger({ body: { ...current, approver_daily: parsed.data } });
      setSaved(WITHDRAWAL_MSG.settingsSaved);
    } catch {
      // shown from save.error
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Approvers' daily total"
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <Field
        label="Approvers' daily total (₦)"
        hint="What one finance admin may approve of withdrawals a day; past it an owner must. 0: every approval is an owner's."
        error={invalid || undefined}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setInvalid('');
            setSaved('');
            save.reset();
          }}
        />
      </Field>
      <Button type="submit" variant="secondary" className="sm:mt-6" loading={save.isMutating}>
        Save daily total
      </Button>
      <div aria-live="polite" className="sm:col-span-2 empty:hidden">
        {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
        {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.genericAlt)}</FormAlert> : null}
      </div>
    </form>
  );
}

// ── The kill switch ───────────────────────────────────────────────────────────

/**
 * Whether withdrawals are on (ADR 0084), with what customers read while they are paused. Every
 * admin of the page sees it; only an owner may turn it (the server refuses anyone else), after
 * a confirmation that says what customers will read.
 */
function KillSwitch() {
  const settings = useWithdrawalSettings();
  const save = useSetWithdrawalSettings();
  const mayChange = useAdminCan('admins');
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  const current = settings.data?.message;
  if (settings.error) {
    return <FormAlert>{errorMessage(settings.error, FALLBACK.generic)}</FormAlert>;
  }
  if (!current) return <Skeleton className="h-24" />;
  const typed = message ?? current.paused_message;
  const turning = current.enabled ? 'Pause withdrawals' : 'Resume withdrawals';

  const confirm = async () => {
    try {
      await save.trigger({
        body: { ...current, enabled: !current.enabled, paused_message: typed.trim() },
      });
      setSaved(WITHDRAWAL_MSG.settingsSaved);
      setAsking(false);
    } catch {
      // shown in the dialog, from save.error
    }
  };

  return (
    <section
      aria-labelledby="kill-switch-heading"
      className="flex flex-col gap-3 rounded-card border border-border p-4"
    >
      <h2 id="kill-switch-heading" className="text-lg font-semibold">
        Withdrawals are {current.enabled ? 'on' : 'paused'}
      </h2>
      <p className="text-sm text-muted">
        Above <Money kobo={current.review_above} /> a withdrawal waits for review, and so does one
        that takes a customer's withdrawals of the day above it. New accounts take at most{' '}
        <Money kobo={current.new_beneficiary_cap} /> in their first 24 hours. A finance admin
        approves at most <Money kobo={current.approver_daily} /> a day; past it an owner must.
      </p>
      {!current.enabled ? (
        <FormAlert tone="info" title="Customers read">
          {current.paused_message}
        </FormAlert>
      ) : null}
      <p role="status" className="text-sm empty:hidden">
        {saved}
      </p>
      {mayChange ? <ApproverDailyForm current={current} /> : null}
      {mayChange ? (
        <div>
          <Button
            variant={current.enabled ? 'destructive' : 'primary'}
            onClick={() => {
              setSaved('');
              save.reset();
              setMessage(null);
              setAsking(true);
            }}
          >
            {turning}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Only an owner can pause or resume withdrawals.</p>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={(open) => (open ? undefined : setAsking(false))}
        title={current.enabled ? 'Pause every new withdrawal?' : 'Resume withdrawals?'}
        description={
          current.enabled
            ? 'Withdrawals under way finish; no new one starts until they are resumed. Customers read the message below.'
            : 'Customers can withdraw again at once.'
        }
        tone={current.enabled ? 'destructive' : 'primary'}
        confirmLabel={turning}
        loading={save.isMutating}
        error={save.error ? errorMessage(save.error, FALLBACK.genericAlt) : undefined}
        onConfirm={() => void confirm()}
      >
        {current.enabled ? (
          <Field label="Message to customers" hint={`At most ${MAX_LENGTH.text} characters.`}>
            <textarea
              rows={3}
              maxLength={MAX_LENGTH.text}
              className={cn(inputVariants(), 'h-auto py-2')}
              value={typed}
              onChange={(e) => setMessage(e.target.value)}
            />
          </Field>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}

// ── One withdrawal ────────────────────────────────────────────────────────────

function RejectForm({ id, onDone }: { id: string; onDone: () => void }) {
  const reject = useRejectWithdrawal();
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = RejectWithdrawalBody.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? WITHDRAWAL_MSG.reasonRequired);
      return;
    }
    try {
      await reject.trigger({ params: { id }, body: parsed.data });
      onDone();
    } catch {
      // shown from reject.error
    }
  };
  return (
    <form noValidate onSubmit={submit} aria-label="Reject" className="flex flex-col gap-2">
      <Field
        label="Reason for the customer"
        hint="The customer reads it; the whole amount returns to their wallet."
        error={invalid || undefined}
        required
      >
        <textarea
          rows={2}
          maxLength={MAX_LENGTH.text}
          className={cn(inputVariants(), 'h-auto py-2')}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setInvalid('');
            reject.reset();
          }}
        />
      </Field>
      {reject.error ? (
        <FormAlert>{errorMessage(reject.error, FALLBACK.genericAlt)}</FormAlert>
      ) : null}
      <Button
        type="submit"
        variant="destructive"
        loading={reject.isMutating}
        className="self-start"
      >
        Reject and refund
      </Button>
    </form>
  );
}

function WithdrawalDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useAdminWithdrawal(id);
  const reviewAbove = useWithdrawalSettings().data?.message.review_above;
  const requery = useRequeryWithdrawal();
  const approve = useApproveWithdrawal();
  const resolve = useResolveWithdrawal();
  const mayDecide = useAdminCan('adjustments');
  const [done, setDone] = useState('');
  const w = detail.data?.message;
  const close = () => {
    setDone('');
    requery.reset();
    approve.reset();
    resolve.reset();
    onClose();
  };
  const act = async (action: 'requery' | 'approve' | 'resolve') => {
    if (!w) return;
    setDone('');
    requery.reset();
    approve.reset();
    resolve.reset();
    try {
      if (action === 'resolve') {
        const answer = await resolve.trigger({ params: { id: w.id } });
        setDone(answer.message);
        return;
      }
      if (action === 'requery') await requery.trigger({ params: { id: w.id } });
      else await approve.trigger({ params: { id: w.id } });
      setDone(action === 'requery' ? WITHDRAWAL_MSG.requeried : WITHDRAWAL_MSG.approved);
    } catch {
      // shown below, from the mutation's error
    }
  };
  const failure = requery.error ?? approve.error ?? resolve.error;

  return (
    <Dialog open={id !== null} onOpenChange={(o) => (o ? undefined : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Withdrawal {id}</DialogTitle>
          <DialogDescription>{w ? w.user : 'Loading…'}</DialogDescription>
        </DialogHeader>
        {/* Long with the provider's answers: a scrollable body a keyboard can reach (axe). */}
        <DialogBody className={cn('flex flex-col gap-4', focusRing)} tabIndex={0}>
          {detail.error ? (
            <FormAlert>{errorMessage(detail.error, FALLBACK.generic)}</FormAlert>
          ) : null}
          {!w && !detail.error ? <Skeleton className="h-40" /> : null}
          {w ? (
            <>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-2 [overflow-wrap:anywhere]">
                <dt className="text-muted">Status</dt>
                <dd>
                  <WithdrawalStatusBadge status={w.status} />
                </dd>
                {w.review_reason ? (
                  <>
                    <dt className="text-muted">
                      {w.status === 'awaiting_review' ? 'Why it waits' : 'Why it waited'}
                    </dt>
                    <dd>
                      <span className="font-semibold">{reviewReasonText(w, reviewAbove)}</span>
                      <span className="block text-muted">
                        {REVIEW_REASON_EXPLAINED[w.review_reason]}
                      </span>
                    </dd>
                  </>
                ) : null}
                <dt className="text-muted">Customer</dt>
                <dd className="break-all">{w.user}</dd>
                <dt className="text-muted">To</dt>
                <dd>
                  <span className="font-semibold">{w.account_name}</span>
                  <span className="block text-muted">
                    {w.bank_name} ({w.bank_code}) · {w.account_number}
                  </span>
                </dd>
                <dt className="text-muted">Amount</dt>
                <dd>
                  <Money kobo={w.amount} />
                </dd>
                <dt className="text-muted">Fee and stamp duty</dt>
                <dd>
                  <Money kobo={w.fee} /> + <Money kobo={w.duty} />
                </dd>
                <dt className="text-muted">Total debited</dt>
                <dd className="font-semibold">
                  <Money kobo={w.total} />
                </dd>
                <dt className="text-muted">Flutterwave id</dt>
                <dd className="font-mono text-xs">{w.provider_id ?? '—'}</dd>
                <dt className="text-muted">Created</dt>
                <dd>
                  <DateText epochMs={w.created_at} show="datetime" />
                </dd>
                {w.reviewer ? (
                  <>
                    <dt className="text-muted">Reviewed by</dt>
                    <dd className="break-all">
                      {w.reviewer}
                      {w.reviewed_at ? (
                        <>
                          {', '}
                          <DateText epochMs={w.reviewed_at} show="datetime" />
                        </>
                      ) : null}
                    </dd>
                  </>
                ) : null}
                {w.reason ? (
                  <>
                    <dt className="text-muted">Reason</dt>
                    <dd>{w.reason}</dd>
                  </>
                ) : null}
              </dl>
              <section aria-labelledby="provider-answers" className="flex flex-col gap-2">
                <h3 id="provider-answers" className="font-semibold">
                  Provider answers
                </h3>
                {w.events.length === 0 ? (
                  <p className="text-sm text-muted">Not sent to Flutterwave yet.</p>
                ) : (
                  <ol className="flex flex-col gap-2">
                    {w.events.map((e, i) => (
                      <li key={i} className="rounded-control border border-border p-2 text-sm">
                        <p>
                          <span className="font-semibold">{e.status}</span>{' '}
                          <span className="text-muted">
                            ({e.source}, <DateText epochMs={e.created_at} show="datetime" />)
                          </span>
                        </p>
                        {e.message ? <p>{e.message}</p> : null}
                        <pre className="mt-1 text-xs break-all whitespace-pre-wrap text-muted">
                          {e.raw}
                        </pre>
                      </li>
                    ))}
                  </ol>
                )}
              </section>
              {done ? (
                <p role="status" className="text-sm font-medium">
                  {done}
                </p>
              ) : null}
              {failure ? <FormAlert>{errorMessage(failure, FALLBACK.genericAlt)}</FormAlert> : null}
              {w.status === 'awaiting_review' && mayDecide ? (
                <section aria-labelledby="review-heading" className="flex flex-col gap-3">
                  <h3 id="review-heading" className="font-semibold">
                    Review
                  </h3>
                  <Button
                    className="self-start"
                    loading={approve.isMutating}
                    onClick={() => void act('approve')}
                  >
                    Approve and send
                  </Button>
                  <RejectForm id={w.id} onDone={() => setDone(WITHDRAWAL_MSG.rejected)} />
                </section>
              ) : null}
              {w.status === 'pending' && mayDecide ? (
                <section aria-labelledby="resolve-heading" className="flex flex-col gap-2">
                  <h3 id="resolve-heading" className="font-semibold">
                    Stuck?
                  </h3>
                  <p className="text-sm text-muted">
                    Resolve asks Flutterwave about this reference first. Paid: it is marked
                    successful. Failed, or no record a day after it was last sent: the whole debit
                    goes back to the customer. Anything else changes nothing.
                  </p>
                  <Button
                    variant="outline"
                    className="self-start"
                    loading={resolve.isMutating}
                    onClick={() => void act('resolve')}
                  >
                    Resolve from Flutterwave’s answer
                  </Button>
                </section>
              ) : null}
              {w.status === 'awaiting_review' && !mayDecide ? (
                <p className="text-sm text-muted">A finance admin approves or rejects it.</p>
              ) : null}
            </>
          ) : null}
        </DialogBody>
        <DialogFooter>
          {w?.status === 'pending' ? (
            <Button
              variant="outline"
              loading={requery.isMutating}
              onClick={() => void act('requery')}
            >
              Ask Flutterwave again
            </Button>
          ) : null}
          <Button variant="outline" onClick={close}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// ── The page ──────────────────────────────────────────────────────────────────

/**
 * Admin Withdrawals (ADR 0084): the kill switch, every withdrawal (search by customer, account
 * or reference; filter by status), the ones awaiting review first in their own filter, and one
 * withdrawal's details with Flutterwave's answers, a requery while it processes, and the
 * reviewer's approve or reject with a reason.
 */
export function WithdrawalsScreen() {
  const list = useAdminList<Omit<WithdrawalsQuery, 'page'>>();
  const queue = useAdminWithdrawals({ page: 1, status: 'awaiting_review' });
  const waiting = queue.data?.total ?? 0;
  const status = list.query.status ?? ALL;
  const searching = Boolean(list.query.q || list.query.status);
  const reviewAbove = useWithdrawalSettings().data?.message.review_above;

  return (
    <div className="flex flex-col gap-6">
      <KillSwitch />
      <AdminListScreen
        title="Withdrawals"
        description="Money customers sent to bank accounts, newest first. Open one for Flutterwave's answers; a processing one can be asked about again."
        search={{
          label: 'Search withdrawals',
          fields: [{ name: 'q', label: 'Customer, account number or name, reference' }],
          onSearch: (v) => list.setQuery({ ...list.query, q: v.q }),
        }}
        filters={
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(next) =>
                list.setQuery({
                  ...list.query,
                  status: next === ALL ? undefined : (next as WithdrawalStatus),
                })
              }
            />
            <Button
              variant={status === 'awaiting_review' ? 'primary' : 'outline'}
              onClick={() => list.setQuery({ ...list.query, status: 'awaiting_review' })}
            >
              Awaiting review ({waiting})
            </Button>
          </div>
        }
        list={list}
        result={useAdminWithdrawals({ page: list.page, ...list.query })}
        columns={columnsFor(reviewAbove)}
        getRowKey={(w) => w.id}
        getRowLabel={(w) => `Open withdrawal ${w.id}`}
        emptyTitle={searching ? 'No withdrawal matches' : 'No withdrawals yet'}
        // By its id, not its row: an approved one leaves the review filter, its dialog stays.
        dialog={(_open, close) => <WithdrawalDialog id={list.openKey} onClose={close} />}
      />
    </div>
  );
}
