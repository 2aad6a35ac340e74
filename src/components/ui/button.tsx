import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { Spinner } from './spinner';

/**
 * Visible keyboard focus shared by every control of the design system. `outline-solid` is
 * needed: in Tailwind 4 `outline-none` sets the outline style to none, which `outline-2` keeps.
 */
export const focusRing =
  'outline-none focus-visible:outline-2 focus-visible:outline-solid focus-visible:outline-offset-2 focus-visible:outline-brand';

export const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 rounded-control font-medium whitespace-nowrap',
    'transition-colors select-none disabled:pointer-events-none disabled:opacity-50',
    '[&_svg]:pointer-events-none [&_svg]:shrink-0',
    focusRing,
  ],
  {
    variants: {
      variant: {
        primary: 'bg-brand text-brand-fg hover:bg-brand/90',
        secondary: 'bg-surface text-fg ring-1 ring-border ring-inset hover:bg-border/60',
        outline: 'border border-input bg-bg text-fg hover:bg-surface',
        ghost: 'text-fg hover:bg-surface',
        destructive: 'bg-danger text-danger-fg hover:bg-danger/90',
        link: 'text-brand underline-offset-4 hover:underline',
      },
      size: {
        // 36 px keeps desktop tables dense; on a touch screen every control is at least
        // 44 × 44 px (WCAG 2.5.5), whatever size the screen asked for.
        sm: 'h-control-sm px-3 text-sm pointer-coarse:h-control pointer-coarse:min-w-control',
        md: 'h-control px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-control',
      },
      block: {
        true: 'w-full',
        false: '',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md', block: false },
  },
);

export type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Shows a spinner, marks the button busy and ignores clicks (a request is under way).
     * The label stays, so the button keeps its size and its accessible name.
     */
    loading?: boolean;
  };

/**
 * The one button. `type` defaults to "button" so a button inside a form only submits when it
 * says `type="submit"`.
 */
export function Button({
  className,
  variant,
  size,
  block,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      data-slot="button"
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(buttonVariants({ variant, size, block }), className)}
      {...props}
    >
      {loading ? <Spinner size="sm" label={null} /> : null}
      {children}
    </button>
  );
}
