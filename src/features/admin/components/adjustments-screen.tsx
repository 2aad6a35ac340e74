import { useState, type FormEvent } from 'react';
import {
  ADJUSTMENT_MSG,
  ADJUSTMENT_REASON_MAX,
  ADJUSTMENT_REFERENCE_MAX,
  adjustmentForm,
  type Adjustment,
  type AdjustmentDirection,
  type AdjustmentStatus,
} from '@contract/adjustments';
import type { User } from '@contract/entities';
import type { FourEyesLimits } from '@contract/four-eyes';
import { FALLBACK, SERVER_MSG } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { DetailList } from '@/components/ui/detail-list';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { errorMessage } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/current-user';
import { formatNaira } from '@/lib/money';
import {
  useAdjustments,
  useApproveAdjustment,
  useCreateAdjustment,
  useRejectAdjustment,
} from '../api/adjustments';
import { useFindCustomer } from '../api/transfers';
import { FormCard, ListSection, useAdminForm } from './admin-form';
import { ScreenHeading } from './admin-parts';
import { CheckerDecision, DailyTotals, WaitingApprovals, whyText } from './four-eyes';

type Values = {
  email: string;
  direction: AdjustmentDirection;
  amount: string;
  reason: string;
  reference: string;
};
const EMPTY: Values = { email: '', direction: 'credit', amount: '', reason: '', reference: '' };
/** The form's fields in the order it shows them: the first invalid one takes the focus. */
const FIELDS = ['email', 'direction', 'amount', 'reference', 'reason'] as const;

type Parsed = {
  email: string;
  direction: AdjustmentDirection;
  amount: number;
  reason: string;
  reference: string;
};

const STATUS_LABEL: Record<AdjustmentStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  rejected: 'Rejected',
};

/**
 * The adjustment form: the customer's e-mail, credit or debit, the amount, the reason the
 * customer will read and the admin's reference. Continue names the customer (their name, not
 * just the e-mail typed) and the amount in a confirmation before any money moves (ADR 0046).
 */
function AdjustmentForm({
  approvalAbove,
  fourEyes,
}: {
  approvalAbove?: number;
  fourEyes?: FourEyesLimits;
}) {
  const create = useCreateAdjustment();
  const find = useFindCustomer();
  const [pending, setPending] = useState<{ customer: User; body: Parsed } | null>(null);
  const [done, setDone] = useState<Adjustment | null>(null);
  const { values, setValues, set, errors, validate, show, idOf } = useAdminForm(
    EMPTY,
    FIELDS,
    () => {
      setDone(null);
      find.reset();
    },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = validate(adjustmentForm(), values);
    if (!parsed) return;
    try {
      const found = await find.trigger({ query: { q: parsed.email, page: 1, limit: 5 } });
      // The search also matches the start of names: only the exact address is this customer.
      const match = found.message.find((u) => u.email.toLowerCase() === parsed.email);
      if (match) setPending({ customer: match, body: parsed });
      else show({ email: SERVER_MSG.userNotFound });
    } catch {
      // shown from find.error
    }
  };
  const confirm = async () => {
    if (!pending) return;
    try {
      const res = await create.trigger({ body: pending.body });
      setDone(res.message);
      setPending(null);
      setValues(EMPTY);
    } catch {
      // shown in the dialog, from create.error
    }
  };
  const body = pending?.body;
  const needsApproval = body && approvalAbove !== undefined && body.amount > approvalAbove;
  const verb = body?.direction === 'debit' ? 'Debit' : 'Credit';
  const told = done
    ? done.status === 'pending'
      ? {
          tone: 'info' as const,
          text: `${ADJUSTMENT_MSG.awaitingApproval} ${whyText(done.why ?? 'above_threshold', fourEyes)}`,
        }
      : { text: ADJUSTMENT_MSG.applied }
    : null;
  return (
    <FormCard
      id="new-adjustment"
      title="New adjustment"
      onSubmit={submit}
      error={find.error}
      told={told}
      actions={
        <Button type="submit" loading={find.isMutating}>
          Continue
        </Button>
      }
      after={
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => {
            if (!open) {
              setPending(null);
              create.reset();
            }
          }}
          title={`${verb} this wallet?`}
          description={
            needsApproval
              ? "It waits for a second admin's approval; no money moves until then."
              : "The wallet moves at once if it fits today's totals, else it waits for a second admin. The audit log records it."
          }
          confirmLabel={body ? `${verb} ${formatNaira(body.amount)}` : verb}
          tone={body?.direction === 'debit' ? 'destructive' : 'primary'}
          loading={create.isMutating}
          error={create.error ? errorMessage(create.error, FALLBACK.genericAlt) : ''}
          onConfirm={() => void confirm()}
        >
          {pending ? (
            <DetailList
              items={[
                {
                  label: 'Customer',
                  value: pending.customer.name,
                  strong: true,
                  testId: 'adjustment-customer',
                },
                { label: 'E-mail', value: pending.customer.email },
                { label: verb, value: formatNaira(pending.body.amount) },
                { label: 'Reason', value: pending.body.reason },
                { label: 'Reference', value: pending.body.reference, mono: true },
              ]}
            />
          ) : null}
        </ConfirmDialog>
      }
    >
      <Field label="Customer e-mail" controlId={idOf('email')} error={errors.email} required>
        <Input
          type="email"
          autoComplete="off"
          placeholder="customer@example.com"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
      </Field>
      <Field label="Credit or debit" controlId={idOf('direction')} error={errors.direction}>
        {(control) => (
          <Select
            value={values.direction}
            onValueChange={(v) => set('direction')(v as AdjustmentDirection)}
          >
            <SelectTrigger {...control}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="credit">Credit (add to the wallet)</SelectItem>
              <SelectItem value="debit">Debit (take from the wallet)</SelectItem>
            </SelectContent>
          </Select>
        )}
      </Field>
      <Field
        label="Amount (₦)"
        controlId={idOf('amount')}
        hint={
          approvalAbove !== undefined
            ? `Above ${formatNaira(approvalAbove)} a second admin approves before money moves.`
            : undefined
        }
        error={errors.amount}
        required
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          maxLength={16}
          value={values.amount}
          onChange={(e) => set('amount')(e.target.value)}
        />
      </Field>
      <Field
        label="Reference"
        controlId={idOf('reference')}
        hint="A receipt or ticket number; the same reference is never used twice."
        error={errors.reference}
        required
      >
        <Input
          autoComplete="off"
          maxLength={ADJUSTMENT_REFERENCE_MAX}
          value={values.reference}
          onChange={(e) => set('reference')(e.target.value)}
        />
      </Field>
      <Field
        label="Reason"
        controlId={idOf('reason')}
        hint="The customer sees it in their history."
        error={errors.reason}
        required
        className="sm:col-span-2"
      >
        <Input
          autoComplete="off"
          maxLength={ADJUSTMENT_REASON_MAX}
          value={values.reason}
          onChange={(e) => set('reason')(e.target.value)}
        />
      </Field>
    </FormCard>
  );
}

/**
 * Approve or Reject for another admin's pending adjustment, each confirmed first; its maker
 * may only withdraw it. The row stays in the list, so it tells the answer itself.
 */
function Decision({ adjustment, mine = false }: { adjustment: Adjustment; mine?: boolean }) {
  const approve = useApproveAdjustment();
  const reject = useRejectAdjustment();
  const [told, setTold] = useState('');
  const amount = formatNaira(adjustment.amount);
  const verb = adjustment.direction === 'credit' ? 'Credit' : 'Debit';
  if (told) {
    return (
      <p role="status" className="text-sm">
        {told}
      </p>
    );
  }
  return (
    <CheckerDecision
      id={adjustment.id}
      mine={mine}
      noun="adjustment"
      approve={approve}
      reject={reject}
      approveLabel={`${verb} ${amount}`}
      approveDescription={`The wallet is ${adjustment.direction === 'credit' ? 'credited' : 'debited'} at once, and the audit log records you as the approver.`}
      rejectDescription="No money moves, and it cannot be approved later."
      onDone={setTold}
      details={
        <DetailList
          items={[
            { label: 'Customer', value: adjustment.user_name, strong: true },
            { label: 'E-mail', value: adjustment.user },
            { label: verb, value: amount },
            { label: 'Reason', value: adjustment.reason },
            { label: 'Made by', value: adjustment.maker },
          ]}
        />
      }
    />
  );
}

function columns(
  meId: string | undefined,
  limits: FourEyesLimits | undefined,
): PagedTableColumn<Adjustment>[] {
  return [
    {
      key: 'customer',
      header: 'Customer',
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span>{a.user_name}</span>
          <span className="text-xs break-all text-muted">{a.user}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      header: 'Amount',
      align: 'end',
      cell: (a) => (
        <span className="whitespace-nowrap">
          {a.direction === 'credit' ? '+' : '−'}
          <Money kobo={a.amount} />
        </span>
      ),
    },
    {
      key: 'reason',
      header: 'Reason',
      hideOnMobile: true,
      cell: (a) => (
        <span className="flex min-w-0 flex-col">
          <span className="[overflow-wrap:anywhere]">{a.reason}</span>
          <span className="font-mono text-xs break-all text-muted">{a.reference}</span>
        </span>
      ),
    },
    {
      key: 'made',
      header: 'Made by',
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
      key: 'status',
      header: 'Status',
      cell: (a) =>
        a.status === 'pending' ? (
          <span className="flex min-w-0 flex-col gap-1 text-sm">
            {a.maker_id === meId ? <span>Waiting for another admin</span> : null}
            {a.why ? <span className="text-xs text-muted">{whyText(a.why, limits)}</span> : null}
            <Decision adjustment={a} mine={a.maker_id === meId} />
          </span>
        ) : (
          <span className="flex min-w-0 flex-col text-sm">
            <span>{STATUS_LABEL[a.status]}</span>
            {a.checker ? (
              <span className="text-xs break-all text-muted">by {a.checker}</span>
            ) : null}
          </span>
        ),
    },
  ];
}

type Filter = 'all' | 'pending' | 'approved' | 'rejected';
const FILTER_OPTIONS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

/**
 * Manual wallet adjustments (ADR 0050): credit or debit a customer's wallet with
 * a reason they see; above the threshold a second admin approves (never the maker) before any
 * money moves. Every step is in the audit log.
 */
export function AdjustmentsScreen() {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<Filter>('all');
  const { data, error, isLoading } = useAdjustments(page, filter === 'all' ? undefined : filter);
  const { data: me } = useCurrentUser();
  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Adjustments"
        description="Credit or debit a customer's wallet, with a reason they see in their history. Above the approval threshold, or past the day's totals, a second admin approves before money moves; every step is in the audit log."
      />
      <DailyTotals state={data?.four_eyes} />
      <AdjustmentForm approvalAbove={data?.approval_above} fourEyes={data?.four_eyes} />
      <ListSection
        id="adjustment-list"
        title="Adjustments made"
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
          caption="Manual wallet adjustments"
          columns={columns(me?.message.id, data?.four_eyes)}
          rows={data?.message ?? []}
          pageCount={data?.pages}
          getRowKey={(a) => a.id}
          page={data?.page ?? page}
          onPageChange={setPage}
          loading={isLoading}
          empty={<EmptyState size="sm" title="No adjustments" />}
        />
      </ListSection>
      <WaitingApprovals />
    </div>
  );
}
