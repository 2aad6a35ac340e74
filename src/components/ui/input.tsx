import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

export const inputVariants = cva(
  [
    'w-full min-w-0 rounded-control border border-input bg-bg px-3 text-base text-fg',
    'placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-50',
    'read-only:bg-surface',
    'outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/40',
    'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/40',
  ],
  {
    variants: {
      size: {
        sm: 'h-control-sm pointer-coarse:h-control',
        md: 'h-control',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type InputProps = Omit<React.ComponentProps<'input'>, 'size'> &
  VariantProps<typeof inputVariants>;

/**
 * A text field. Give it a label: wrap it in `<Field>` (which also wires hint and error), or
 * pass `aria-label`. Text is 16 px so phones do not zoom in on focus. Set `aria-invalid` to
 * show the error border.
 */
export function Input({ className, size, type = 'text', ...props }: InputProps) {
  return (
    <input
      type={type}
      data-slot="input"
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}
