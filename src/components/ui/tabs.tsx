import * as TabsPrimitive from '@radix-ui/react-tabs';
import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';

/**
 * Tabs such as "Use wallet" / "Use Coupon" on the purchase screens. Radix gives the tab roles,
 * arrow-key movement between tabs and the tab ↔ panel wiring.
 */
export function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    />
  );
}

export const tabsListVariants = cva('inline-flex w-full items-center sm:w-auto', {
  variants: {
    variant: {
      pill: 'gap-1 rounded-control bg-surface p-1 ring-1 ring-border ring-inset',
      underline: 'gap-4 border-b border-border',
    },
  },
  defaultVariants: { variant: 'pill' },
});

export type TabsListProps = React.ComponentProps<typeof TabsPrimitive.List> &
  VariantProps<typeof tabsListVariants>;

/** The row of tabs. Give it an `aria-label` naming the choice ("Pay with"). */
export function TabsList({ className, variant, ...props }: TabsListProps) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      data-variant={variant ?? 'pill'}
      className={cn(tabsListVariants({ variant }), 'group/tabs', className)}
      {...props}
    />
  );
}

export function TabsTrigger({
  className,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        'inline-flex min-h-control-sm pointer-coarse:min-h-control flex-1 items-center justify-center px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted sm:flex-none',
        'hover:text-fg disabled:pointer-events-none disabled:opacity-50',
        'group-data-[variant=pill]/tabs:rounded-chip group-data-[variant=pill]/tabs:data-[state=active]:bg-bg group-data-[variant=pill]/tabs:data-[state=active]:shadow-sm',
        'group-data-[variant=underline]/tabs:-mb-px group-data-[variant=underline]/tabs:border-b-2 group-data-[variant=underline]/tabs:border-transparent group-data-[variant=underline]/tabs:data-[state=active]:border-brand',
        'data-[state=active]:text-fg',
        focusRing,
        className,
      )}
      {...props}
    />
  );
}

/**
 * A tab's panel. Panels stay mounted while hidden (`forceMount`), so switching tabs keeps what
 * was typed in the other one ("Use wallet" and "Use Coupon" each keep their form).
 */
export function TabsContent({
  className,
  ...props
}: Omit<React.ComponentProps<typeof TabsPrimitive.Content>, 'forceMount'>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      forceMount
      className={cn('rounded-control data-[state=inactive]:hidden', focusRing, className)}
      {...props}
    />
  );
}
