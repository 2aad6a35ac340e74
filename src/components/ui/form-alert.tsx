import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { CheckIcon, ErrorIcon, InfoIcon } from './icons';

export const formAlertVariants = cva(
  'flex items-start gap-2 rounded-control border px-3 py-2.5 text-sm [overflow-wrap:anywhere]',
  {
    variants: {
      tone: {
        error: 'border-danger/50 bg-danger-soft text-fg',
        success: 'border-success/50 bg-success-soft text-fg',
        info: 'border-border bg-surface text-fg',
      },
    },
    defaultVariants: { tone: 'error' },
  },
);

const ICON = { error: ErrorIcon, success: CheckIcon, info: InfoIcon } as const;
const ICON_CLASS = { error: 'text-danger', success: 'text-success', info: 'text-brand' } as const;

export type FormAlertProps = React.ComponentProps<'div'> &
  VariantProps<typeof formAlertVariants> & {
    /** Bold first line, e.g. "Payment failed". Optional: most form messages are one line. */
    title?: React.ReactNode;
  };

/**
 * The message a form shows after submitting: the server's error (spec §8) or a success such as
 * "Funds Sent Successfully.". Errors use `role="alert"` (announced at once), success and info
 * `role="status"` (announced politely). The icon repeats the tone, so colour is never alone.
 */
export function FormAlert({ className, tone, title, children, ...props }: FormAlertProps) {
  const kind = tone ?? 'error';
  const Icon = ICON[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-slot="form-alert"
      className={cn(formAlertVariants({ tone: kind }), className)}
      {...props}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_CLASS[kind])} strokeWidth={2.5} />
      <div className="min-w-0">
        {title ? <p className="font-semibold">{title}</p> : null}
        <div>{children}</div>
      </div>
    </div>
  );
}
