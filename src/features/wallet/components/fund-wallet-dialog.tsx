import { useState, type FormEvent } from 'react';
import { fundForm } from '@contract/forms';
import { creditNote, fundingCheck } from '@contract/verification';
import { FALLBACK, MSG } from '@contract/messages';
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-error';
import { useFundingRoom } from '../api/funding-room';
import { useInitiatePayment } from '../api/initiate-payment';
import { useFormErrors } from '@/lib/use-form-errors';

const FIELDS = ['amount'] as const;

export type FundWalletDialogProps = {
  /** Sends the browser to the checkout link; `window.location.assign` by default. */
  onRedirect?: (url: string) => void;
  /** Open at first (stories). */
  defaultOpen?: boolean;
};

/**
 * Fund Wallet popup (spec §2): amount, PAY, Close, and the stamp-duty note. PAY starts a
 * card payment and sends the browser to the provider's checkout (spec §4).
 */
export function FundWalletDialog({
  onRedirect = (url) => window.location.assign(url),
  defaultOpen = false,
}: FundWalletDialogProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [amount, setAmount] = useState('');
  const [redirecting, setRedirecting] = useState(false);
  const initiate = useInitiatePayment();
  const { errors, validate, show, clear, idOf, setErrors } = useFormErrors(FIELDS);
  // The level's limits (ADR 0076): an amount that would be held is warned of as it is typed,
  // one that can never fit is refused at PAY.
  const room = useFundingRoom().data?.message;
  const typed = fundForm().safeParse({ amount });
  const check = typed.success && room ? fundingCheck(typed.data.amount, room) : null;
  // Where the customer bears the card fee, what reaches the wallet is said before PAY.
  const note = typed.success && room ? creditNote(typed.data.amount, room.card_fee_payer) : null;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setAmount('');
      setErrors({});
      initiate.reset();
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(fundForm(), { amount });
    if (!body) return;
    const limit = room ? fundingCheck(body.amount, room) : null;
    if (limit?.kind === 'never') {
      show({ amount: limit.message });
      return;
    }
    try {
      const { message: link } = await initiate.trigger({ body });
      setRedirecting(true);
      onRedirect(link);
    } catch {
      // shown from initiate.error
    }
  };

  const serverError = initiate.error ? errorMessage(initiate.error, FALLBACK.genericAlt) : '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>Fund Wallet</Button>
      </DialogTrigger>
      <DialogContent size="sm" showCloseButton={false}>
        <form noValidate onSubmit={onSubmit} className="flex min-h-0 flex-col">
          <DialogHeader>
            <DialogTitle>Fund Wallet</DialogTitle>
            <DialogDescription>{MSG.stampDutyNote}</DialogDescription>
          </DialogHeader>
          <DialogBody className="flex flex-col gap-4">
            {serverError ? <FormAlert>{serverError}</FormAlert> : null}
            <Field
              label="Amount (₦)"
              hint="Whole naira, e.g. 5000."
              controlId={idOf('amount')}
              error={errors.amount}
              required
            >
              <Input
                name="amount"
                inputMode="numeric"
                autoComplete="off"
                value={amount}
                onChange={(event) => {
                  setAmount(event.target.value);
                  clear('amount');
                  initiate.reset();
                }}
              />
            </Field>
            {note && !errors.amount ? (
              <p className="text-sm text-muted" data-testid="funding-credit">
                {note}
              </p>
            ) : null}
            {check?.kind === 'held' && !errors.amount ? (
              <FormAlert tone="info" title="This payment would be held" data-testid="funding-held">
                {check.message}
              </FormAlert>
            ) : null}
          </DialogBody>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Close
              </Button>
            </DialogClose>
            <Button type="submit" loading={initiate.isMutating || redirecting}>
              PAY
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
