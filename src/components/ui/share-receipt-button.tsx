import { useState } from 'react';
import type { Transaction } from '@contract/entities';
import { shareReceipt, shareReceiptContent, type ReceiptContent } from '@/lib/receipt';

import { Button, type ButtonProps } from './button';
import { ShareIcon } from './icons';

export type ShareReceiptButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'loading'> &
  (
    | {
        /** The statement line (or purchase) the receipt is made of. */
        transaction: Transaction;
        receipt?: never;
      }
    | {
        transaction?: never;
        /** A receipt that is no statement line (a withdrawal's): what it says and its file name. */
        receipt: { content: ReceiptContent; fileName: string };
      }
  );

/**
 * "Share receipt": a PNG receipt through the phone's share sheet, or downloaded where
 * the browser cannot share files. Says under the button what happened.
 */
export function ShareReceiptButton({ transaction, receipt, ...props }: ShareReceiptButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'shared' | 'downloaded' | 'error'>('idle');
  const onClick = async () => {
    setState('busy');
    try {
      const done = transaction
        ? await shareReceipt(transaction)
        : receipt
          ? await shareReceiptContent(receipt.content, receipt.fileName)
          : 'cancelled';
      setState(done === 'cancelled' ? 'idle' : done);
    } catch {
      setState('error');
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button
        variant="outline"
        {...props}
        loading={state === 'busy'}
        onClick={() => void onClick()}
      >
        <ShareIcon className="size-4" aria-hidden />
        Share receipt
      </Button>
      <span role="status" className="text-xs text-muted empty:hidden">
        {state === 'downloaded'
          ? 'Receipt downloaded.'
          : state === 'shared'
            ? 'Receipt shared.'
            : state === 'error'
              ? 'The receipt could not be made. Use Print receipt instead.'
              : ''}
      </span>
    </span>
  );
}
