import { useState } from 'react';
import type { Transaction } from '@contract/entities';
import { shareReceipt } from '@/lib/receipt';

import { Button, type ButtonProps } from './button';
import { ShareIcon } from './icons';

export type ShareReceiptButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'loading'> & {
  transaction: Transaction;
};

/**
 * "Share receipt" (issue 17): a PNG receipt through the phone's share sheet, or downloaded where
 * the browser cannot share files. Says under the button what happened.
 */
export function ShareReceiptButton({ transaction, ...props }: ShareReceiptButtonProps) {
  const [state, setState] = useState<'idle' | 'busy' | 'shared' | 'downloaded' | 'error'>('idle');
  const onClick = async () => {
    setState('busy');
    try {
      const done = await shareReceipt(transaction);
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
