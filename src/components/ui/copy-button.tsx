import * as React from 'react';

import { TIMERS } from '@contract/timers';
import { cn } from '@/lib/cn';

import { Button, type ButtonProps } from './button';
import { CheckIcon, CopyIcon, WarningIcon } from './icons';

/** Writes text to the clipboard, with the old `execCommand` route where the API is missing. */
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}

export type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'loading'> & {
  /** The text to copy (a referral link, a coupon code). */
  text: string;
  /** Button label before copying. */
  label?: string;
  /** Label while the confirmation shows. */
  copiedLabel?: string;
  /** How long the confirmation shows, in ms. Spec §9: 1 second (TIMERS.copyConfirmation). */
  confirmationMs?: number;
  /** Called after a successful copy. */
  onCopied?: (text: string) => void;
};

/**
 * Copies `text` and says "Copied!" for one second (spec §9), announced through a live region.
 * If the browser refuses, it says "Copy failed" for the same time.
 */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied!',
  confirmationMs = TIMERS.copyConfirmation,
  onCopied,
  variant = 'outline',
  size = 'sm',
  className,
  ...props
}: CopyButtonProps) {
  const [state, setState] = React.useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await writeClipboard(text);
      setState('copied');
      onCopied?.(text);
    } catch {
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), confirmationMs);
  };

  return (
    <Button
      variant={variant}
      size={size}
      data-slot="copy-button"
      data-state={state}
      className={cn('min-w-24', className)}
      onClick={copy}
      {...props}
    >
      {state === 'copied' ? (
        <CheckIcon className="size-4" />
      ) : state === 'failed' ? (
        <WarningIcon className="size-4" />
      ) : (
        <CopyIcon className="size-4" />
      )}
      <span aria-live="polite">
        {state === 'copied' ? copiedLabel : state === 'failed' ? 'Copy failed' : label}
      </span>
    </Button>
  );
}
