import { useState } from 'react';
import type { Transaction } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
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
import { useReverseTransaction } from '../api/reverse-transaction';

/**
 * Transaction details (spec §2 admin 3) with Reverse for a failed transaction only (spec §4),
 * asked twice: Reverse, then "Yes, reverse". The list revalidates after a reversal.
 */
export function TransactionDialog({
  transaction,
  onClose,
}: {
  transaction: Transaction | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={transaction !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {transaction ? (
          <TransactionPanel
            key={transaction.transaction_id}
            transaction={transaction}
            onClose={onClose}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function TransactionPanel({
  transaction,
  onClose,
}: {
  transaction: Transaction;
  onClose: () => void;
}) {
  const reverse = useReverseTransaction();
  const [confirming, setConfirming] = useState(false);

  const done = reverse.data?.message;
  const failure = reverse.error ? errorMessage(reverse.error, FALLBACK.generic) : '';
  const canReverse = transaction.status === 'failed';

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
      <DialogBody className="flex flex-col gap-4">
        <TransactionDetails transaction={transaction} />
        {done ? <FormAlert tone="success">{done}</FormAlert> : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {confirming ? (
          <FormAlert tone="info" title="Reverse this transaction?">
            The customer is refunded the amount charged, once.
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
            {canReverse ? (
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
