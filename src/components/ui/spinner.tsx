import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

export const spinnerVariants = cva('inline-block shrink-0 animate-spin', {
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: { size: 'md' },
});

export type SpinnerProps = Omit<React.ComponentProps<'svg'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /**
     * What is loading, read by screen readers ("Loading transactions"). Pass `null` when the
     * spinner sits inside something that already says it is busy (a loading Button).
     */
    label?: string | null;
  };

/** A turning ring that says "wait". Inherits the text colour (`currentColor`). */
export function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'status' : undefined}
      aria-label={label ?? undefined}
      aria-hidden={label ? undefined : true}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
