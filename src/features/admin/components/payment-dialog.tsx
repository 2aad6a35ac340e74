import type { Payment, PaymentChannel } from '@contract/entities';
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
import { Money } from '@/components/ui/money';
import { StatusBadge } from '@/components/ui/status-badge';

/** How each funding channel reads. */
export const CHANNEL_LABELS: Record<PaymentChannel, string> = {
  card: 'Card',
  bank_transfer: 'Bank transfer',
};

/** The payment details popup (spec §2 admin 4). */
export function PaymentDialog({
  payment,
  onClose,
}: {
  payment: Payment | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={payment !== null} onOpenChange={(o) => (o ? undefined : onClose())}>
      <DialogContent>
        {payment ? (
          <>
            <DialogHeader>
              <DialogTitle>Payment details</DialogTitle>
              <DialogDescription>{payment.user}</DialogDescription>
            </DialogHeader>
            <DialogBody>
              <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr] sm:gap-y-2">
                <dt className="text-muted">Payment ID</dt>
                <dd className="font-mono break-all">{payment.t_id}</dd>
                <dt className="text-muted">Provider reference</dt>
                <dd className="font-mono break-all">{payment.payment_reference ?? '—'}</dd>
                <dt className="text-muted">Channel</dt>
                <dd>{CHANNEL_LABELS[payment.channel]}</dd>
                <dt className="text-muted">User</dt>
                <dd className="break-all">{payment.user}</dd>
                <dt className="text-muted">Status</dt>
                <dd>
                  <StatusBadge kind="payment" status={payment.status} />
                </dd>
                <dt className="text-muted">Amount</dt>
                <dd>
                  <Money kobo={payment.amount} />
                </dd>
                <dt className="text-muted">Credited to the wallet</dt>
                <dd>
                  <Money kobo={payment.credited} />
                </dd>
                <dt className="text-muted">Date</dt>
                <dd>
                  <DateText epochMs={payment.date_of_payment} />
                </dd>
                <dt className="text-muted">Time</dt>
                <dd>
                  <DateText epochMs={payment.date_of_payment} show="time" />
                </dd>
              </dl>
            </DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
