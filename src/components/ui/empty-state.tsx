import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { EmptyIcon } from './icons';

export const emptyStateVariants = cva(
  'flex flex-col items-center justify-center gap-2 text-center text-fg',
  {
    variants: {
      size: {
        sm: 'px-4 py-6',
        md: 'rounded-card border border-dashed border-border px-6 py-10',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

export type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> &
  VariantProps<typeof emptyStateVariants> & {
    /** What is missing ("No transactions yet"). */
    title: React.ReactNode;
    /** What to do about it. */
    description?: React.ReactNode;
    /** A decorative symbol above the title. */
    icon?: React.ReactNode;
    /** A button or link that fills the gap ("Fund wallet"). */
    action?: React.ReactNode;
  };

/** Shown where a list has nothing in it yet. */
export function EmptyState({
  className,
  size,
  title,
  description,
  icon = <EmptyIcon className="size-7" strokeWidth={1.5} />,
  action,
  ...props
}: EmptyStateProps) {
  return (
    <div data-slot="empty-state" className={cn(emptyStateVariants({ size }), className)} {...props}>
      {icon ? (
        <span aria-hidden="true" className="text-2xl leading-none text-muted">
          {icon}
        </span>
      ) : null}
      <p className="font-semibold">{title}</p>
      {description ? <p className="max-w-prose text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}
