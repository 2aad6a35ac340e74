import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import {
  DELIVERED_CODE_MAX,
  MarkDeliveredBody,
  PENDING_MSG,
  type PendingGoods,
  type PendingPurchase,
} from '@contract/pending';
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
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { statusBadgeVariants } from '@/components/ui/status-badge';
import { errorMessage } from '@/lib/api-error';
import {
  useDeliverPending,
  useFailPending,
  usePendingPurchases,
  useRequeryPending,
} from '../api/pending-purchases';
import { LoadError, ScreenHeading } from './admin-parts';
import { DisputedPurchases } from './purchase-disputes';
import { TimelineLink } from './timeline-link';

const CODE_LABEL: Record<PendingGoods, string> = {
  token: 'Token the provider gave',
  pins: 'Pins the provider gave',
  none: 'Reference the provider gave (optional)',
};

/** Requery answers that settled the purchase (the others leave it pending). */
const SETTLING: readonly string[] = [
  PENDING_MSG.requeryDelivered,
  PENDING_MSG.requeryFailed,
  PENDING_MSG.requeryFailedKept,
];

/** The alert a line carries once pending longer than the alert age (ADR 0078). */
function OverdueBadge({ hours }: { hours: number }) {
  return <span className={statusBadgeVariants({ tone: 'danger' })}>{`Over ${hours} h`}</span>;
}

const columnsFor = (hours: number): PagedTableColumn<PendingPurchase>[] => [
  {
    key: 'purchase',
    header: 'Purchase',
    cell: (p) => (
      <span className="flex min-w-0 flex-col items-start gap-0.5">
        <span>{p.product}</span>
        {p.overdue ? <OverdueBadge hours={hours} /> : null}
        <span className="text-xs break-all text-muted">{p.destination ?? p.service_id}</span>
        {/* Phones have no "Pending since" column: the day shows here. */}
        <span className="text-xs text-muted md:hidden">
          Since <DateText epochMs={p.created_at} />
        </span>
      </span>
    ),
  },
  {
    key: 'user',
    header: 'Customer',
    hideOnMobile: true,
    cell: (p) => <span className="break-all">{p.user}</span>,
  },
  { key: 'amount', header: 'Paid', align: 'end', cell: (p) => <Money kobo={p.amount} /> },
  {
    key: 'since',
    header: 'Pending since',
    hideOnMobile: true,
    cell: (p) => <DateText epochMs={p.created_at} show="datetime" />,
  },
];

type Step = 'actions' | 'confirm-fail' | 'deliver' | 'confirm-deliver';

/**
 * One pending purchase and its three actions. Requery now is harmless and goes at once; fail
 * and refund and mark delivered cannot be undone, so each asks "Yes, …" first. Once one has
 * settled the purchase, only its message and Close remain.
 */
function PendingPanel({
  purchase,
  hours,
  onClose,
}: {
  purchase: PendingPurchase;
  hours: number;
  onClose: () => void;
}) {
  const requery = useRequeryPending();
  const fail = useFailPending();
  const deliver = useDeliverPending();
  const [step, setStep] = useState<Step>('actions');
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState('');
  const body = { id: purchase.transaction_id };

  const settledBy =
    fail.data?.message ??
    deliver.data?.message ??
    (requery.data && SETTLING.includes(requery.data.message) ? requery.data.message : undefined);
  const told = settledBy ?? requery.data?.message;
  const error = requery.error ?? fail.error ?? deliver.error;
  const failure = error ? errorMessage(error, FALLBACK.generic) : '';
  const busy = requery.isMutating || fail.isMutating || deliver.isMutating;
  const reset = () => {
    requery.reset();
    fail.reset();
    deliver.reset();
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    const parsed = MarkDeliveredBody.safeParse({ ...body, code });
    const message = parsed.success
      ? purchase.goods !== 'none' && !parsed.data.code
        ? PENDING_MSG.codeRequired
        : ''
      : (parsed.error.issues[0]?.message ?? PENDING_MSG.codeInvalid);
    setInvalid(message);
    if (!message) setStep('confirm-deliver');
  };
  const finish = (promise: Promise<unknown>) =>
    void promise.catch(() => undefined).finally(() => setStep('actions'));

  return (
    <>
      <DialogHeader>
        <DialogTitle>Pending {purchase.product}</DialogTitle>
        <DialogDescription>{purchase.user}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Transaction</dt>
          <dd className="font-mono text-xs break-all">{purchase.transaction_id}</dd>
          {purchase.destination ? (
            <>
              <dt className="text-muted">For</dt>
              <dd className="break-all">{purchase.destination}</dd>
            </>
          ) : null}
          {purchase.plan ? (
            <>
              <dt className="text-muted">Plan</dt>
              <dd>{purchase.plan}</dd>
            </>
          ) : null}
          <dt className="text-muted">Paid</dt>
          <dd>
            <Money kobo={purchase.amount} />
          </dd>
          <dt className="text-muted">Pending since</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <DateText epochMs={purchase.created_at} show="datetime" />
            {purchase.overdue ? <OverdueBadge hours={hours} /> : null}
          </dd>
          <dt className="text-muted">Provider</dt>
          <dd>
            {purchase.provider ?? '—'}, asked {purchase.requery_attempts}{' '}
            {purchase.requery_attempts === 1 ? 'time' : 'times'}
          </dd>
        </dl>
        <TimelineLink id={purchase.transaction_id} />
        {purchase.overdue ? null : <FormAlert tone="info">{PENDING_MSG.tooRecent}</FormAlert>}
        {told ? <FormAlert tone={settledBy ? 'success' : 'info'}>{told}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {!settledBy && (step === 'deliver' || step === 'confirm-deliver') ? (
          <form id="deliver-form" noValidate onSubmit={checkCode}>
            <Field
              label={CODE_LABEL[purchase.goods]}
              hint={`As the provider gave it, at most ${DELIVERED_CODE_MAX} characters.`}
              error={invalid || undefined}
              required={purchase.goods !== 'none'}
            >
              <Input
                autoComplete="off"
                maxLength={DELIVERED_CODE_MAX}
                value={code}
                readOnly={step === 'confirm-deliver'}
                onChange={(e) => {
                  setCode(e.target.value);
                  setInvalid('');
                }}
              />
            </Field>
          </form>
        ) : null}
        {step === 'confirm-fail' ? (
          <FormAlert tone="info" title="Fail this purchase and refund the customer?">
            The provider is asked first: the customer gets back what they paid, once, only if it
            says the purchase failed or has no record of it.
          </FormAlert>
        ) : null}
        {step === 'confirm-deliver' ? (
          <FormAlert tone="info" title="Mark this purchase delivered?">
            The provider is asked first; unless it says the purchase failed, the customer is not
            refunded and sees what you typed in their history.
          </FormAlert>
        ) : null}
      </DialogBody>
      <DialogFooter>
        {settledBy || !purchase.overdue ? (
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        ) : step === 'confirm-fail' ? (
          <>
            <Button variant="outline" onClick={() => setStep('actions')}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              loading={fail.isMutating}
              onClick={() => finish(fail.trigger({ body }))}
            >
              Yes, fail and refund
            </Button>
          </>
        ) : step === 'deliver' ? (
          <>
            <Button variant="outline" onClick={() => setStep('actions')}>
              Cancel
            </Button>
            <Button type="submit" form="deliver-form">
              Continue
            </Button>
          </>
        ) : step === 'confirm-deliver' ? (
          <>
            <Button variant="outline" onClick={() => setStep('deliver')}>
              Back
            </Button>
            <Button
              loading={deliver.isMutating}
              onClick={() =>
                finish(
                  deliver.trigger({ body: { ...body, ...(code.trim() && { code: code.trim() }) } }),
                )
              }
            >
              Yes, mark delivered
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button
              variant="outline"
              loading={requery.isMutating}
              disabled={busy}
              onClick={() => {
                reset();
                void requery.trigger({ body }).catch(() => undefined);
              }}
            >
              Requery now
            </Button>
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                reset();
                setStep('deliver');
              }}
            >
              Mark delivered
            </Button>
            <Button
              variant="destructive"
              disabled={busy}
              onClick={() => {
                reset();
                setStep('confirm-fail');
              }}
            >
              Fail and refund
            </Button>
          </>
        )}
      </DialogFooter>
    </>
  );
}

/**
 * Every purchase pending now, oldest first (ADR 0078); those pending longer than the alert age
 * (ADR 0041) carry the alert: the requery worker could not settle them. An overdue
 * row opens the purchase with requery now, fail and refund, and mark delivered; each asks the
 * provider first (ADR 0073) and is recorded in the audit log. A younger one opens read-only:
 * it is still the worker's. Below, the disputed purchases.
 */
export function PendingPurchasesScreen() {
  const [page, setPage] = useState(1);
  // The opened purchase is kept, not looked up in the list: once settled it leaves the list,
  // and the dialog must still say what happened.
  const [open, setOpen] = useState<PendingPurchase | null>(null);
  const { data, error, isLoading } = usePendingPurchases(page);
  const hours = data?.alert_hours ?? 24;

  return (
    <div className="flex flex-col gap-6">
      <ScreenHeading
        title="Pending purchases"
        description={`Every purchase pending now, oldest first. Those pending over ${hours} ${hours === 1 ? 'hour' : 'hours'} are marked: ask the provider again, fail and refund, or mark delivered with what the provider gave; the audit log records each.`}
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Pending purchases"
        columns={columnsFor(hours)}
        rows={data?.message ?? []}
        pageCount={data?.pages}
        getRowKey={(p) => p.transaction_id}
        getRowLabel={(p) => `Open pending purchase ${p.transaction_id}`}
        onRowClick={setOpen}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={<EmptyState size="sm" title="No purchase is pending" />}
      />
      <DisputedPurchases />
      <Dialog open={open !== null} onOpenChange={(o) => (o ? undefined : setOpen(null))}>
        <DialogContent>
          {open ? (
            <PendingPanel
              key={open.transaction_id}
              purchase={open}
              hours={hours}
              onClose={() => setOpen(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
