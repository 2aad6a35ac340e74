import { useState, type FormEvent } from 'react';
import { FALLBACK } from '@contract/messages';
import { DISPUTE_OURS_LABEL } from '@contract/entities';
import {
  DISPUTE_MSG,
  DISPUTE_NOTE_MAX,
  DISPUTE_RESOLUTION_LABEL,
  DISPUTE_RESOLUTIONS,
  DISPUTE_SOURCE_LABEL,
  ResolveDisputeBody,
  type DisputeResolution,
  type PurchaseDispute,
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
import { FilterSelect } from '@/components/ui/filter-select';
import { FormAlert } from '@/components/ui/form-alert';
import { Input, inputVariants } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { usePurchaseDisputes, useResolveDispute } from '../api/pending-purchases';
import { useAdminCan } from './admin-access';
import { LoadError } from './admin-parts';

type State = 'open' | 'resolved';
const STATE_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
] as const;

/** "Refunded, provider says delivered": what disagrees, in one line. */
const disagreement = (d: PurchaseDispute) =>
  `${DISPUTE_OURS_LABEL[d.ours]}, provider says ${d.provider_says}`;

const columns: PagedTableColumn<PurchaseDispute>[] = [
  {
    key: 'purchase',
    header: 'Purchase',
    cell: (d) => (
      <span className="flex min-w-0 flex-col">
        <span>{d.product}</span>
        <span className="text-xs break-all text-muted">{d.destination ?? d.transaction_id}</span>
        <span className="text-xs text-muted md:hidden">{disagreement(d)}</span>
      </span>
    ),
  },
  {
    key: 'user',
    header: 'Customer',
    hideOnMobile: true,
    cell: (d) => <span className="break-all">{d.user}</span>,
  },
  { key: 'amount', header: 'Paid', align: 'end', cell: (d) => <Money kobo={d.amount} /> },
  { key: 'what', header: 'Disagreement', hideOnMobile: true, cell: disagreement },
  {
    key: 'seen',
    header: 'Heard',
    hideOnMobile: true,
    cell: (d) => <DateText epochMs={d.seen_at} show="datetime" />,
  },
];

type Values = { resolution: DisputeResolution; note: string; adjustment: string };

/**
 * An owner's resolution: keep as is, or corrected by a wallet adjustment (its reference), with
 * a note. Nothing moves here: the money, if it needs correcting, moves by the adjustment.
 */
function ResolveForm({ dispute }: { dispute: PurchaseDispute }) {
  const resolve = useResolveDispute();
  const [values, setValues] = useState<Values>({ resolution: 'kept', note: '', adjustment: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const set = (name: keyof Values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const adjusted = values.resolution === 'adjusted';
    const parsed = ResolveDisputeBody.safeParse({
      id: dispute.transaction_id,
      resolution: values.resolution,
      note: values.note,
      ...(adjusted && values.adjustment.trim() ? { adjustment: values.adjustment } : {}),
    });
    const found: Partial<Record<keyof Values, string>> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Values;
        found[key] ??= issue.message;
      }
    }
    if (adjusted && !values.adjustment.trim()) found.adjustment = DISPUTE_MSG.adjustmentRequired;
    setErrors(found);
    if (parsed.success && Object.keys(found).length === 0) {
      void resolve.trigger({ body: parsed.data }).catch(() => undefined);
    }
  };
  if (resolve.data) return <FormAlert tone="success">{resolve.data.message}</FormAlert>;
  const failure = resolve.error ? errorMessage(resolve.error, FALLBACK.generic) : '';
  return (
    <form
      id="resolve-dispute"
      noValidate
      onSubmit={submit}
      aria-labelledby="resolve-title"
      className="flex flex-col gap-3"
    >
      <h3 id="resolve-title" className="font-semibold">
        Resolve
      </h3>
      <FilterSelect
        label="Resolution"
        className="w-full"
        value={values.resolution}
        options={DISPUTE_RESOLUTIONS.map((r) => ({
          value: r,
          label: DISPUTE_RESOLUTION_LABEL[r],
        }))}
        onChange={set('resolution')}
      />
      {values.resolution === 'adjusted' ? (
        <Field
          label="Adjustment reference"
          hint="The approved wallet adjustment that corrected the money."
          error={errors.adjustment}
          required
        >
          <Input
            autoComplete="off"
            maxLength={64}
            value={values.adjustment}
            onChange={(e) => set('adjustment')(e.target.value)}
          />
        </Field>
      ) : null}
      <Field
        label="Note"
        hint={`Why, as the audit log keeps it. At most ${DISPUTE_NOTE_MAX} characters.`}
        error={errors.note}
        required
      >
        <textarea
          rows={3}
          maxLength={DISPUTE_NOTE_MAX}
          className={cn(inputVariants(), 'h-auto py-2')}
          value={values.note}
          onChange={(e) => set('note')(e.target.value)}
        />
      </Field>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
    </form>
  );
}

function DisputePanel({ dispute, onClose }: { dispute: PurchaseDispute; onClose: () => void }) {
  const mayResolve = useAdminCan('disputes');
  const open = dispute.resolved_at === null;
  return (
    <>
      <DialogHeader>
        <DialogTitle>Disputed {dispute.product}</DialogTitle>
        <DialogDescription>{dispute.user}</DialogDescription>
      </DialogHeader>
      <DialogBody className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Transaction</dt>
          <dd className="font-mono text-xs break-all">{dispute.transaction_id}</dd>
          {dispute.destination ? (
            <>
              <dt className="text-muted">For</dt>
              <dd className="break-all">{dispute.destination}</dd>
            </>
          ) : null}
          <dt className="text-muted">Paid</dt>
          <dd>
            <Money kobo={dispute.amount} />
          </dd>
          <dt className="text-muted">We</dt>
          <dd>{DISPUTE_OURS_LABEL[dispute.ours]}</dd>
          <dt className="text-muted">Provider says</dt>
          <dd className="[overflow-wrap:anywhere]">
            {dispute.provider_says}
            {dispute.provider_code ? ` (${dispute.provider_code})` : ''}
            {dispute.provider_message ? `: ${dispute.provider_message}` : ''}
          </dd>
          <dt className="text-muted">Heard by</dt>
          <dd>
            {DISPUTE_SOURCE_LABEL[dispute.source]},{' '}
            <DateText epochMs={dispute.seen_at} show="datetime" />
          </dd>
          {dispute.resolution ? (
            <>
              <dt className="text-muted">Resolved</dt>
              <dd>
                {DISPUTE_RESOLUTION_LABEL[dispute.resolution]}
                {dispute.adjustment ? ` (${dispute.adjustment})` : ''} by {dispute.resolved_by}
                {dispute.resolved_at ? (
                  <>
                    , <DateText epochMs={dispute.resolved_at} show="datetime" />
                  </>
                ) : null}
              </dd>
              <dt className="text-muted">Note</dt>
              <dd className="[overflow-wrap:anywhere]">{dispute.note}</dd>
            </>
          ) : null}
        </dl>
        {open ? (
          <FormAlert tone="info">
            No money moved: the customer may have both the goods and the refund, or neither.
          </FormAlert>
        ) : null}
        {open && mayResolve ? <ResolveForm dispute={dispute} /> : null}
        {open && !mayResolve ? <FormAlert tone="info">{DISPUTE_MSG.ownerOnly}</FormAlert> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        {open && mayResolve ? (
          <Button type="submit" form="resolve-dispute">
            Resolve
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

/**
 * Disputed purchases (ADR 0073): a definite provider answer against how a purchase was settled
 * (refunded but delivered, delivered but failed). Nothing moved by itself; an owner resolves
 * each, keeping it as is or after correcting the money with an adjustment.
 */
export function DisputedPurchases() {
  const [state, setState] = useState<State>('open');
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<PurchaseDispute | null>(null);
  const { data, error, isLoading } = usePurchaseDisputes(page, state);
  return (
    <section aria-labelledby="disputed-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="disputed-title" className="text-lg font-semibold">
          Disputed
        </h2>
        <p className="text-sm text-muted">
          The provider answered against how these purchases were settled. Nothing moved by itself:
          an owner resolves each one.
        </p>
      </div>
      <FilterSelect
        label="Show"
        value={state}
        options={STATE_OPTIONS}
        onChange={(v) => {
          setState(v as State);
          setPage(1);
        }}
      />
      {error ? <LoadError error={error} /> : null}
      <PagedTable
        caption="Disputed purchases"
        columns={columns}
        rows={data?.message ?? []}
        pageCount={data?.pages}
        getRowKey={(d) => d.transaction_id}
        getRowLabel={(d) => `Open disputed purchase ${d.transaction_id}`}
        onRowClick={setOpened}
        page={data?.page ?? page}
        onPageChange={setPage}
        loading={isLoading}
        empty={
          <EmptyState
            size="sm"
            title={state === 'open' ? 'No purchase is disputed' : 'No dispute resolved yet'}
          />
        }
      />
      <Dialog open={opened !== null} onOpenChange={(o) => (o ? undefined : setOpened(null))}>
        <DialogContent>
          {opened ? (
            <DisputePanel
              key={opened.transaction_id}
              dispute={opened}
              onClose={() => setOpened(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
