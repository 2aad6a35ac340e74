import { useState } from 'react';
import type { ApiKey } from '@contract/api-key';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-error';
import { useSetKeyWithdrawals, useUserApiKeys } from '../api/user-api-keys';
import { useAdminCan } from './admin-access';

/**
 * A customer's API keys in their popup (ADR 0091): what each is and whether it may send
 * withdrawals. Only an owner is offered the switch, asked first: a key that may withdraw and the
 * customer's pin can send the wallet to any bank account.
 */
export function UserApiKeys({ userId }: { userId: string }) {
  const keys = useUserApiKeys(userId);
  const turn = useSetKeyWithdrawals();
  const mayTurn = useAdminCan('admins');
  const [asking, setAsking] = useState<ApiKey | null>(null);
  const list = keys.data?.message ?? [];
  const done = turn.data?.message;
  const failure = keys.error ? errorMessage(keys.error, FALLBACK.generic) : '';
  const confirm = async () => {
    if (!asking) return;
    try {
      await turn.trigger({
        params: { id: asking.id },
        body: { enabled: asking.withdrawals_on_at === null },
      });
      setAsking(null);
    } catch {
      // shown in the dialog, from turn.error
    }
  };
  const on = asking?.withdrawals_on_at === null;
  return (
    <section aria-labelledby={`keys-${userId}`} className="flex flex-col gap-2">
      <h3 id={`keys-${userId}`} className="text-sm font-semibold">
        API keys
      </h3>
      {keys.isLoading ? <Skeleton className="h-10 w-full" /> : null}
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {done ? <FormAlert tone="success">{done}</FormAlert> : null}
      {!keys.isLoading && !failure && list.length === 0 ? (
        <p className="text-sm text-muted">No API keys.</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="divide-y divide-border text-sm">
          {list.map((key) => {
            const revoked = key.revoked_at !== null;
            return (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <span className="font-medium [overflow-wrap:anywhere]">
                    {key.name} <code className="text-muted">{key.prefix}…</code>
                    {revoked ? <span className="text-muted"> (revoked)</span> : null}
                  </span>
                  <span className="text-muted">
                    {key.withdrawals_on_at === null ? (
                      'Withdrawals: off'
                    ) : (
                      <>
                        Withdrawals: on since <DateText epochMs={key.withdrawals_on_at} />
                      </>
                    )}
                  </span>
                </div>
                {mayTurn && !revoked ? (
                  <Button
                    size="sm"
                    variant={key.withdrawals_on_at === null ? 'outline' : 'destructive'}
                    aria-label={`${key.withdrawals_on_at === null ? 'Turn on' : 'Turn off'} withdrawals for ${key.name}`}
                    onClick={() => {
                      turn.reset();
                      setAsking(key);
                    }}
                  >
                    {key.withdrawals_on_at === null
                      ? 'Turn on withdrawals'
                      : 'Turn off withdrawals'}
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={
          on
            ? `Let ${asking?.name ?? ''} send withdrawals?`
            : `Stop ${asking?.name ?? ''} sending withdrawals?`
        }
        description={
          on
            ? 'Whoever holds this key and the customer’s pin can then send money from the wallet to any bank account. The customer is told by e-mail and SMS.'
            : 'Its withdrawal calls are refused from now on; its purchases go on. The customer is told by e-mail and SMS.'
        }
        confirmLabel={on ? 'Turn on withdrawals' : 'Turn off withdrawals'}
        tone={on ? undefined : 'destructive'}
        loading={turn.isMutating}
        error={turn.error ? errorMessage(turn.error, FALLBACK.generic) : ''}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
