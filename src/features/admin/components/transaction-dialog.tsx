import { useId, useState } from 'react';
import type { AdminTransaction, ProviderAnswer, TriedProvider } from '@contract/entities';
import { FALLBACK, SERVER_MSG } from '@contract/messages';
import { ROUTE_PROVIDER_LABELS, routeProviderOf } from '@contract/providers';
import { Button, focusRing } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { TransactionDetails } from '@/components/ui/transaction-details';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useReverseTransaction } from '../api/reverse-transaction';
import { useAdminCan } from './admin-access';
import { BearerSecrets, withoutBearerFields } from './bearer-secrets';
import { TimelineLink } from './timeline-link';

/**
 * Transaction details (spec §2 admin 3) with Reverse for a failed transaction only (spec §4),
 * asked twice: Reverse, then "Yes, reverse". The list revalidates after a reversal.
 */
export function TransactionDialog({
  transaction,
  onClose,
}: {
  transaction: AdminTransaction | null;
  onClose: () => void;
}) {
  // Support reads transactions but does not move money (ADR 0051): no Reverse to press. Asked
  // here, with the list, so the answer is in before a transaction is opened.
  const mayReverse = useAdminCan('transactions.reverse');
  // Codes, tokens and pins come masked; who may reveal one gets Reveal beside each (ADR 0071).
  const mayReveal = useAdminCan('secrets.reveal');
  return (
    <Dialog open={transaction !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {transaction ? (
          <TransactionPanel
            key={transaction.transaction_id}
            transaction={transaction}
            mayReverse={mayReverse}
            mayReveal={mayReveal}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TransactionPanel({
  transaction,
  mayReverse,
  mayReveal,
  onClose,
}: {
  transaction: AdminTransaction;
  mayReverse: boolean;
  mayReveal: boolean;
  onClose: () => void;
}) {
  const reverse = useReverseTransaction();
  const [confirming, setConfirming] = useState(false);

  const done = reverse.data?.message;
  const failure = reverse.error ? errorMessage(reverse.error, FALLBACK.generic) : '';
  const canReverse = transaction.status === 'failed' && mayReverse;

  const confirm = () => {
    reverse
      .trigger({
        body: { userId: transaction.user_id, transactionId: transaction.transaction_id },
      })
      .catch(() => undefined)
      .finally(() => setConfirming(false));
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Transaction details</DialogTitle>
        <DialogDescription>{transaction.user}</DialogDescription>
      </DialogHeader>
      {/* Long with the provider's answer: a scrollable body a keyboard can reach (axe). */}
      <DialogBody className={cn('flex flex-col gap-4', focusRing)} tabIndex={0}>
        {/* Codes, tokens and pins come masked; each is revealed on its own (ADR 0071). */}
        <TransactionDetails
          transaction={mayReveal ? withoutBearerFields(transaction) : transaction}
        />
        {mayReveal ? <BearerSecrets transaction={transaction} /> : null}
        {transaction.provider_answer ? (
          <ProviderAnswerPanel answer={transaction.provider_answer} />
        ) : null}
        {transaction.providers_tried?.length ? (
          <ProvidersTried tried={transaction.providers_tried} />
        ) : null}
        <TimelineLink id={transaction.transaction_id} />
        {done ? (
          // A reversal past the four-eyes rules waits for a second admin (ADR 0070).
          <FormAlert tone={done === SERVER_MSG.reversed ? 'success' : 'info'}>{done}</FormAlert>
        ) : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {confirming ? (
          <FormAlert tone="info" title="Reverse this transaction?">
            The customer is refunded the amount charged, once: at once within today’s four-eyes
            totals, else after a second admin approves.
          </FormAlert>
        ) : null}
      </DialogBody>
      <DialogFooter>
        {confirming ? (
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" loading={reverse.isMutating} onClick={confirm}>
              Yes, reverse
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {canReverse && !done ? (
              <Button variant="destructive" onClick={() => setConfirming(true)}>
                Reverse
              </Button>
            ) : null}
          </>
        )}
      </DialogFooter>
    </>
  );
}

const TRIED_TEXT: Record<TriedProvider['result'], string> = {
  sent: 'sent',
  refused: 'refused',
  paused: 'skipped: paused',
  not_sold: 'skipped: does not sell this plan',
  above_price: 'skipped: sells it above our price',
};

/** "VTpass — refused: TRANSACTION FAILED": the provider's words say why it moved on. */
export function triedLine(tried: TriedProvider): string {
  const route = routeProviderOf(tried.provider);
  const name = route ? ROUTE_PROVIDER_LABELS[route] : tried.provider;
  const why = tried.result === 'refused' && tried.message ? `: ${tried.message}` : '';
  return `${name} — ${TRIED_TEXT[tried.result]}${why}`;
}

/**
 * The providers the purchase went to, in order (ADR 0052): which refused it and which took
 * it over, so an admin answering a customer knows whose records to check.
 */
function ProvidersTried({ tried }: { tried: TriedProvider[] }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1 text-sm">
      <h3 id={id} className="text-muted">
        Providers tried
      </h3>
      <ol aria-labelledby={id} className="list-decimal pl-5 font-medium">
        {tried.map((t, i) => (
          <li key={`${i}-${t.provider}`}>{triedLine(t)}</li>
        ))}
      </ol>
    </section>
  );
}

/**
 * The provider's own answer (ADR 0074): whose, its code and its words, and how often it was
 * requeried. The customer reads a plain sentence for it; the admin answering them reads this.
 */
function ProviderAnswerPanel({ answer }: { answer: ProviderAnswer }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1 text-sm">
      <h3 id={id} className="text-muted">
        Provider’s answer
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">Provider</dt>
        <dd className="font-medium">{answer.provider}</dd>
        <dt className="text-muted">Code</dt>
        <dd className="font-mono">{answer.code ?? 'none given'}</dd>
        <dt className="text-muted">Its words</dt>
        <dd className="[overflow-wrap:anywhere]">{answer.message}</dd>
        <dt className="text-muted">Requeried</dt>
        <dd>
          {answer.requery_attempts === 0
            ? 'not requeried'
            : `${answer.requery_attempts} time${answer.requery_attempts === 1 ? '' : 's'}`}
        </dd>
      </dl>
    </section>
  );
}
