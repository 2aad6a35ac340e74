import { useState, type FormEvent } from 'react';
import { RESELLER_LIMITS, WEBHOOK_HEADERS, WebhookBody, type WebhookDelivery } from '@contract';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { PagedTable, type PagedTableColumn } from '@/components/ui/paged-table';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';
import { useDeliveries, useReplayDelivery, useSetWebhook, useWebhook } from '../api/reseller';

const FIELDS = ['url'] as const;

const STATUS_LABEL: Record<WebhookDelivery['status'], string> = {
  delivered: '✓ Delivered',
  pending: '… Retrying',
  failed: '✕ Gave up',
};

function ReplayButton({ delivery }: { delivery: WebhookDelivery }) {
  const replay = useReplayDelivery();
  const text = replay.error ? 'Retry failed' : replay.data ? 'Queued' : 'Send again';
  return (
    <Button
      size="sm"
      variant="outline"
      loading={replay.isMutating}
      aria-label={`${text}: ${delivery.event} of ${delivery.transaction_id}`}
      onClick={() => void replay.trigger({ params: { id: delivery.id } }).catch(() => undefined)}
    >
      {text}
    </Button>
  );
}

const COLUMNS: PagedTableColumn<WebhookDelivery>[] = [
  { key: 'when', header: 'When', cell: (d) => <DateText epochMs={d.created_at} show="datetime" /> },
  { key: 'event', header: 'Event', cell: (d) => <code>{d.event}</code> },
  {
    key: 'tx',
    header: 'Transaction',
    hideOnMobile: true,
    cell: (d) => <code className="break-all">{d.transaction_id}</code>,
  },
  {
    key: 'status',
    header: 'Status',
    cell: (d) => (
      <span className="flex flex-col">
        <span>{STATUS_LABEL[d.status]}</span>
        <span className="text-xs text-muted">
          {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
          {d.last_status !== null ? ` · HTTP ${d.last_status}` : ''}
          {d.status !== 'delivered' && d.last_error ? ` · ${d.last_error}` : ''}
        </span>
      </span>
    ),
  },
  { key: 'replay', header: 'Replay', align: 'end', cell: (d) => <ReplayButton delivery={d} /> },
];

function DeliveryLog() {
  const [page, setPage] = useState(1);
  const deliveries = useDeliveries(page);
  if (deliveries.error) {
    return <FormAlert>{errorMessage(deliveries.error, FALLBACK.generic)}</FormAlert>;
  }
  const data = deliveries.data;
  return (
    <PagedTable
      caption="Webhook deliveries"
      // Five columns with a button do not fit 360 px: one card per delivery there.
      stackOnMobile
      columns={COLUMNS}
      rows={data?.message ?? []}
      pageCount={data?.pages ?? 1}
      page={page}
      onPageChange={setPage}
      loading={!data}
      getRowKey={(d) => d.id}
      empty="No webhooks sent yet."
    />
  );
}

/** Settings → Webhooks (reseller API): the address, how to verify, and the delivery log. */
export function WebhookPanel() {
  const webhook = useWebhook();
  const save = useSetWebhook();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  /** The address being edited; null shows the saved one. */
  const [url, setUrl] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const current = webhook.data?.message.url ?? '';

  const submit = async (value: string) => {
    setSaved(null);
    const body = validate(WebhookBody, { url: value });
    if (!body) return;
    try {
      const answer = await save.trigger({ body });
      setSaved(answer.message);
      setUrl(null); // the saved address, as the server now answers it
    } catch {
      // shown from save.error
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(url ?? current);
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Every status change of a purchase made with a key is POSTed to this https address, signed:{' '}
        <code>{WEBHOOK_HEADERS.signature}</code> is <code>v1=</code> and the HMAC-SHA-256 of{' '}
        <code>timestamp.body</code> with the key&apos;s webhook secret;{' '}
        <code>{WEBHOOK_HEADERS.timestamp}</code> holds the timestamp. Failed deliveries are retried
        for a day.
      </p>
      {webhook.error ? (
        <FormAlert>{errorMessage(webhook.error, FALLBACK.generic)}</FormAlert>
      ) : !webhook.data ? (
        <Skeleton className="h-16" />
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          aria-label="Webhook address"
          className="flex flex-col gap-3"
        >
          {saved ? <FormAlert tone="success">{saved}</FormAlert> : null}
          {save.error ? <FormAlert>{errorMessage(save.error, FALLBACK.generic)}</FormAlert> : null}
          <Field
            label="Webhook URL"
            controlId={idOf('url')}
            error={errors.url}
            hint="https:// only."
          >
            <Input
              name="url"
              type="url"
              inputMode="url"
              placeholder="https://shop.example.com/paybills/webhook"
              maxLength={RESELLER_LIMITS.url}
              value={url ?? current}
              onChange={(event) => {
                setUrl(event.target.value);
                clear('url');
                setSaved(null);
                save.reset();
              }}
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" loading={save.isMutating}>
              Save address
            </Button>
            {current ? (
              <Button type="button" variant="outline" onClick={() => void submit('')}>
                Remove
              </Button>
            ) : null}
          </div>
        </form>
      )}
      <h3 className="font-semibold">Delivery log</h3>
      <DeliveryLog />
    </div>
  );
}
