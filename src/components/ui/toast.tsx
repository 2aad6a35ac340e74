import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import { CheckIcon, CloseIcon, ErrorIcon, InfoIcon } from './icons';

/**
 * The corner where toasts stack: bottom, full width on phones; bottom-right from `sm`.
 * It is a labelled region so screen-reader users can find past messages.
 */
export function ToastViewport({ className, ...props }: React.ComponentProps<'section'>) {
  return (
    <section
      aria-label="Notifications"
      data-slot="toast-viewport"
      className={cn(
        'pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col gap-2 p-4 sm:left-auto sm:w-96',
        className,
      )}
      {...props}
    />
  );
}

export const toastVariants = cva(
  'pointer-events-auto flex w-full items-start gap-3 rounded-card border bg-bg p-4 text-sm text-fg shadow-lg',
  {
    variants: {
      tone: {
        info: 'border-border',
        success: 'border-success/60 border-l-4 border-l-success',
        error: 'border-danger/60 border-l-4 border-l-danger',
      },
    },
    defaultVariants: { tone: 'info' },
  },
);

const ICON = { error: ErrorIcon, success: CheckIcon, info: InfoIcon } as const;
const ICON_CLASS = { info: 'text-brand', success: 'text-success', error: 'text-danger' } as const;

export type ToastProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof toastVariants> & {
    /** The headline ("Funds sent"). */
    title: React.ReactNode;
    /** More detail under the title. */
    description?: React.ReactNode;
    /** Shows a close (X) button labelled "Dismiss" that calls this. */
    onDismiss?: () => void;
  };

/**
 * A short message about something that just happened. Errors are announced at once
 * (`role="alert"`), others politely (`role="status"`). Timing and stacking belong to the
 * caller: this component only draws one toast.
 */
export function Toast({ className, tone, title, description, onDismiss, ...props }: ToastProps) {
  const kind = tone ?? 'info';
  const Icon = ICON[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      data-slot="toast"
      className={cn(toastVariants({ tone: kind }), className)}
      {...props}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', ICON_CLASS[kind])} strokeWidth={2.5} />
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
        <p className="font-semibold">{title}</p>
        {description ? <p className="mt-0.5 text-muted">{description}</p> : null}
      </div>
      {onDismiss ? (
        <button
          type="button"
          onClick={onDismiss}
          className={cn(
            // 44 px on touch screens (WCAG 2.5.5); the negative margin keeps the toast's height.
            '-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-control text-muted hover:bg-surface hover:text-fg pointer-coarse:-my-2.5 pointer-coarse:size-control',
            focusRing,
          )}
        >
          <CloseIcon className="size-4" />
          <span className="sr-only">Dismiss</span>
        </button>
      ) : null}
    </div>
  );
}
