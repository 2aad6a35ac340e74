import { useState } from 'react';
import type { Transaction } from '@contract/entities';
import { FAILURE_MSG, HISTORY_MSG } from '@contract/messages/history';
import { hideRefusal } from '@contract/hide-rule';
import { FALLBACK } from '@contract/messages';
import { Button, focusRing } from '@/components/ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { ShareReceiptButton } from '@/components/ui/share-receipt-button';
import { TransactionDetails } from '@/components/ui/transaction-details';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { formatNaira } from '@/lib/money';
import { isAttempt, isRefunded, lineLabel, movedAmount } from '@/lib/statement';
import { useDeleteTransaction } from '../api/delete-transaction';
import { TransactionProgress } from './transaction-progress';

/** Printing shows the receipt only: everything else on the page is hidden. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-receipt], [data-receipt] * { visibility: visible !important; }
  [data-receipt] { position: absolute !important; inset: 0 auto auto 0 !important;
    transform: none !important; translate: none !important; width: 100% !important; max-width: none !important;
    max-height: none !important; border: 0 !important; box-shadow: none !important; }
}`;

const HIDEABLE_KINDS = new Set<Transaction['kind']>([
  undefined,
  'purchase',
  'coupon',
  'share_in',
  'share_out',
]);

export type TransactionDialogProps = {
  /** The transaction shown; null closes the popup. */
  transaction: Transaction | null;
  /** The signed-in user's id: only their own transactions can be hidden. */
  userId: string;
  onClose: () => void;
  /** Opens the print dialog; `window.print` by default. */
  onPrint?: () => void;
};

/**
 * Transaction details popup (spec §2): the details, Close, Share receipt, Print
 * receipt, and the spec's delete as "Hide from history" (ADR 0074): only on the customer's own
 * refunded or cancelled lines, or a failed one that took nothing (a successful or pending line
 * moved money and stays), confirmed first with what hiding does.
 */
export function TransactionDialog({
  transaction,
  userId,
  onClose,
  onPrint = () => window.print(),
}: TransactionDialogProps) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteTransaction();

  // Only a transaction of the customer's own can be hidden: a funding, a refund or an
  // adjustment is a ledger line with no transaction to hide (ADR 0045); the server's rule
  // decides which (ADR 0074), a failed line holding what it took until its refund.
  const hideable =
    transaction !== null &&
    transaction.user_id === userId &&
    HIDEABLE_KINDS.has(transaction.kind) &&
    hideRefusal(
      transaction.status,
      transaction.status === 'failed' && movedAmount(transaction) > 0,
    ) === null;

  // A purchase (not a ledger line of the statement) is told as its result screen tells it
  // (ADR 0075): failed or refunded, the server's plain sentence (ADR 0074), never the
  // provider's code; pending, no receipt to share or print until it is delivered.
  const purchase =
    transaction !== null && (transaction.kind === undefined || transaction.kind === 'purchase');
  const failed = purchase && (transaction.status === 'failed' || isRefunded(transaction));
  // A card payment that failed or was cancelled paid nothing: no receipt either (ADR 0076).
  const receipt =
    transaction !== null &&
    !(purchase && transaction.status === 'pending') &&
    !isAttempt(transaction);

  const close = () => {
    setConfirming(false);
    remove.reset();
    onClose();
  };

  const onDelete = async () => {
    if (!transaction) return;
    try {
      await remove.trigger({ params: { id: transaction.transaction_id } });
      close();
    } catch {
      // shown from remove.error
    }
  };

  return (
    <Dialog open={transaction !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent size="md" showCloseButton={false} data-receipt="">
        <style>{PRINT_CSS}</style>
        <DialogHeader>
          <DialogTitle>Transaction details</DialogTitle>
          <DialogDescription>{transaction ? lineLabel(transaction) : ''} receipt</DialogDescription>
        </DialogHeader>
        {/* Focusable: the details scroll on a short screen (or above a long refusal), and the
            keyboard must reach them. */}
        <DialogBody className={cn('flex flex-col gap-4', focusRing)} tabIndex={0}>
          {failed ? (
            <FormAlert title="Purchase failed">
              {transaction.response_msg ?? FAILURE_MSG.unknown('purchase')}
              {isRefunded(transaction)
                ? ` ${FAILURE_MSG.refunded(formatNaira(transaction.refund?.amount ?? transaction.amountCharged))}`
                : null}
            </FormAlert>
          ) : null}
          {transaction ? <TransactionDetails transaction={transaction} /> : null}
          {purchase ? <TransactionProgress id={transaction.transaction_id} /> : null}
        </DialogBody>
        <DialogFooter className="print:hidden">
          {remove.error ? (
            <FormAlert className="sm:mr-auto">
              {errorMessage(remove.error, FALLBACK.genericAlt)}
            </FormAlert>
          ) : null}
          {confirming ? (
            <div
              role="group"
              aria-label="Confirm hide"
              className="flex flex-col gap-2 sm:flex-row sm:items-center"
            >
              <p className="text-sm font-medium">{HISTORY_MSG.hideConfirm}</p>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button
                variant="destructive"
                loading={remove.isMutating}
                onClick={() => void onDelete()}
              >
                Yes, hide it
              </Button>
            </div>
          ) : (
            <>
              {hideable ? (
                <Button
                  variant="ghost"
                  className="text-danger sm:mr-auto"
                  onClick={() => setConfirming(true)}
                >
                  {HISTORY_MSG.hideAction}
                </Button>
              ) : null}
              {receipt ? (
                <>
                  <ShareReceiptButton transaction={transaction} />
                  <Button variant="outline" onClick={onPrint}>
                    Print receipt
                  </Button>
                </>
              ) : null}
              <DialogClose asChild>
                <Button>Close</Button>
              </DialogClose>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
