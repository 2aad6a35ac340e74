import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

export const skeletonVariants = cva('block animate-pulse bg-border', {
  variants: {
    shape: {
      line: 'h-4 w-full rounded-chip',
      block: 'h-24 w-full rounded-card',
      circle: 'size-10 rounded-full',
    },
  },
  defaultVariants: { shape: 'line' },
});

export type SkeletonProps = React.ComponentProps<'span'> & VariantProps<typeof skeletonVariants>;

/**
 * A grey placeholder in the shape of content that is still loading. Hidden from assistive
 * technology: the surrounding region says it is busy (`aria-busy`) or shows a Spinner label.
 */
export function Skeleton({ className, shape, ...props }: SkeletonProps) {
  return (
    <span aria-hidden="true" className={cn(skeletonVariants({ shape }), className)} {...props} />
  );
}

export type SkeletonGroupProps = React.ComponentProps<'div'> & {
  /** What is loading, as assistive technology announces it ("Loading plans"). */
  label: string;
};

/**
 * A region whose content is still loading, drawn as Skeleton shapes: it is announced once, as a
 * busy status named by `label`, while the shapes inside stay silent. The loading state of a
 * list, a form or a view that loads on first use.
 */
export function SkeletonGroup({ label, ...props }: SkeletonGroupProps) {
  return <div role="status" aria-busy="true" aria-label={label} {...props} />;
}
