import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { Skeleton } from './skeleton';

export const statCardVariants = cva('flex min-w-0 flex-col gap-1 rounded-card border p-4 text-fg', {
  variants: {
    tone: {
      default: 'border-border bg-bg',
      brand: 'border-brand/40 bg-brand-soft',
      surface: 'border-border bg-surface',
    },
  },
  defaultVariants: { tone: 'default' },
});

export type StatCardProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof statCardVariants> & {
    /** What the figure is ("Wallet balance"). */
    label: React.ReactNode;
    /** The figure: a number, or `<Money kobo={…} />`. */
    value: React.ReactNode;
    /** A line under the figure ("Last 30 days"). */
    hint?: React.ReactNode;
    /** A small symbol at the right of the label (decorative). */
    icon?: React.ReactNode;
    /** Shows a placeholder instead of the figure while it loads. */
    loading?: boolean;
  };

/** One overview figure (spec §2: transaction count, wallet balance, total users…). */
export function StatCard({
  className,
  tone,
  label,
  value,
  hint,
  icon,
  loading = false,
  ...props
}: StatCardProps) {
  return (
    <div
      data-slot="stat-card"
      aria-busy={loading || undefined}
      className={cn(statCardVariants({ tone }), className)}
      {...props}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm text-muted">{label}</p>
        {icon ? (
          <span aria-hidden="true" className="text-brand">
            {icon}
          </span>
        ) : null}
      </div>
      {loading ? (
        <>
          <Skeleton className="my-1 h-7 w-32" />
          <span className="sr-only">Loading</span>
        </>
      ) : (
        <p className="text-2xl font-bold [overflow-wrap:anywhere] tabular-nums">{value}</p>
      )}
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}
