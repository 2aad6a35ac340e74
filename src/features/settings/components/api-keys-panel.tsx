import { useState, type FormEvent } from 'react';
import {
  API_KEY_HEADER,
  ApiKeyBody,
  RESELLER_LIMITS,
  RESELLER_MSG,
  type ApiKey,
  type NewApiKey,
} from '@contract';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { DateText } from '@/components/ui/date-text';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useFormErrors } from '@/lib/use-form-errors';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/reseller';

const FIELDS = ['name', 'rate_limit'] as const;
const EMPTY = { name: '', rate_limit: String(RESELLER_LIMITS.defaultPerMinute) };

/** The key and its webhook secret, shown once right after creation. */
function NewKey({ created, onDone }: { created: NewApiKey; onDone: () => void }) {
  return (
    <FormAlert tone="success" title={`Key “${created.name}” created`}>
      <p>{RESELLER_MSG.keyCreated}</p>
      <dl className="mt-2 grid gap-2">
        <div>
          <dt className="font-semibold">API key ({API_KEY_HEADER} header)</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code className="break-all">{created.key}</code>
            <CopyButton text={created.key} label="Copy key" />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Webhook signing secret</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <code className="break-all">{created.webhook_secret}</code>
            <CopyButton text={created.webhook_secret} label="Copy secret" />
          </dd>
        </div>
      </dl>
      <Button className="mt-3" size="sm" variant="outline" onClick={onDone}>
        I have copied them
      </Button>
    </FormAlert>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const revoke = useRevokeApiKey();
  const revoked = apiKey.revoked_at !== null;
  // Revoking cannot be undone and stops the reseller's sales at once: asked first.
  const [asking, setAsking] = useState(false);
  const confirm = async () => {
    try {
      await revoke.trigger({ params: { id: apiKey.id } });
      setAsking(false);
    } catch {
      // shown in the dialog, from revoke.error
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="font-semibold">
          {apiKey.name} {revoked ? <span className="text-sm text-muted">(revoked)</span> : null}
        </span>
        <span className="text-sm text-muted">
          <code>{apiKey.prefix}…</code> · {apiKey.rate_limit} requests/min · created{' '}
          <DateText epochMs={apiKey.created_at} /> · last used{' '}
          {apiKey.last_used_at === null ? (
            'never'
          ) : (
            <DateText epochMs={apiKey.last_used_at} show="datetime" />
          )}
        </span>
        {apiKey.withdrawals_on_at !== null && !revoked ? (
          <span className="text-sm font-medium">
            Can send withdrawals to bank accounts (turned on by us{' '}
            <DateText epochMs={apiKey.withdrawals_on_at} />)
          </span>
        ) : null}
      </div>
      {revoked ? null : (
        <Button
          size="sm"
          variant="destructive"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => {
            revoke.reset();
            setAsking(true);
          }}
        >
          Revoke
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={`Revoke ${apiKey.name}?`}
        description={`Calls with the key ${apiKey.prefix}… are refused from now on. This cannot be undone: a new key must be created and given to your systems.`}
        confirmLabel="Revoke key"
        tone="destructive"
        loading={revoke.isMutating}
        error={revoke.error ? errorMessage(revoke.error, FALLBACK.generic) : ''}
        onConfirm={() => void confirm()}
      />
    </li>
  );
}

/** Settings → API keys (reseller API): create (the key shown once), list, revoke. */
export function ApiKeysPanel() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [values, setValues] = useState(EMPTY);
  const [created, setCreated] = useState<NewApiKey | null>(null);

  const set = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clear(field);
    create.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rate = values.rate_limit.trim();
    const body = validate(ApiKeyBody, {
      name: values.name,
      rate_limit: rate === '' ? undefined : Number(rate),
    });
    if (!body) return;
    try {
      const answer = await create.trigger({ body });
      setCreated(answer.message);
      setValues(EMPTY);
    } catch {
      // shown from create.error
    }
  };

  const list = keys.data?.message;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">
        Sell through your own app or shop: send a key in the <code>{API_KEY_HEADER}</code> header
        with a unique <code>X-Request-Id</code>. See the{' '}
        <a className="underline" href="/api/docs">
          API documentation
        </a>
        .
      </p>
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Create API key"
        className="flex flex-wrap items-end gap-3"
      >
        <Field
          label="Key name"
          controlId={idOf('name')}
          error={errors.name}
          required
          className="min-w-48 flex-1"
        >
          <Input
            name="name"
            maxLength={RESELLER_LIMITS.keyName}
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
          />
        </Field>
        <Field
          label="Requests per minute"
          controlId={idOf('rate_limit')}
          error={errors.rate_limit}
          className="w-44"
        >
          <Input
            name="rate_limit"
            inputMode="numeric"
            maxLength={3}
            value={values.rate_limit}
            onChange={(event) => set('rate_limit', event.target.value)}
          />
        </Field>
        <Button type="submit" loading={create.isMutating}>
          Create key
        </Button>
      </form>
      {create.error ? <FormAlert>{errorMessage(create.error, FALLBACK.generic)}</FormAlert> : null}
      {list ? (
        list.length ? (
          <ul aria-label="API keys" className="divide-y divide-border">
            {list.map((k) => (
              <KeyRow key={k.id} apiKey={k} />
            ))}
          </ul>
        ) : (
          <EmptyState title="No API keys yet" description="Create one to sell through the API." />
        )
      ) : keys.error ? (
        <FormAlert>{errorMessage(keys.error, FALLBACK.generic)}</FormAlert>
      ) : (
        <Skeleton className="h-24" />
      )}
    </div>
  );
}
