import { useState } from 'react';
import { FINAL_TRANSACTION_STATUSES, type Transaction } from '@contract/entities';
import { FALLBACK } from '@contract/messages';
import { Button } from '@/components/ui/button';
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
import { lineLabel } from '@/lib/statement';
import { useDeleteTransaction } from '../api/delete-transaction';

/** Printing shows the receipt only: everything else on the page is hidden. */
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  [data-receipt], [data-receipt] * { visibility: visible !important; }
  [data-receipt] { position: absolute !important; inset: 0 auto auto 0 !important;
    transform: none !important; translate: none !important; width: 100% !important; max-width: none !important;
    max-height: none !important; border: 0 !important; box-shadow: none !important; }
}`;

const DELETABLE_KINDS = new Set<Transaction['kind']>([
  undefined,
  'purchase',
  'coupon',
  'share_in',
  'share_out',
]);

export type TransactionDialogProps = {
  /** The transaction shown; null closes the popup. */
  transaction: Transaction | null;
  /** The signed-in user's id: only their own transactions can be deleted. */
  userId: string;
  onClose: () => void;
  /** Opens the print dialog; `window.print` by default. */
  onPrint?: () => void;
};

/**
 * Transaction details popup (spec §2): the details, Close, Share receipt (issue 17), Print
 * receipt, and Delete for the user's own transactions in a final state (decisions §5),
 * confirmed first.
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
  // adjustment is a ledger line with no transaction to delete (ADR 0045).
  const deletable =
    transaction !== null &&
    transaction.user_id === userId &&
    FINAL_TRANSACTION_STATUSES.includes(transaction.status) &&
    DELETABLE_KINDS.has(transaction.kind);

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
        <DialogBody>
          {transaction ? <TransactionDetails transaction={transaction} /> : null}
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
              aria-label="Confirm delete"
              className="flex flex-col gap-2 sm:flex-row sm:items-center"
            >
              <p className="text-sm font-medium">Delete it from your history?</p>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
              <Button
                variant="destructive"
                loading={remove.isMutating}
                onClick={() => void onDelete()}
              >
                Yes, delete
              </Button>
            </div>
          ) : (
            <>
              {deletable ? (
                <Button
                  variant="ghost"
                  className="text-danger sm:mr-auto"
                  onClick={() => setConfirming(true)}
                >
                  Delete
                </Button>
              ) : null}
              {transaction ? <ShareReceiptButton transaction={transaction} /> : null}
              <Button variant="outline" onClick={onPrint}>
                Print receipt
              </Button>
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
