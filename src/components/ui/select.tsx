import * as SelectPrimitive from '@radix-ui/react-select';
import type { VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '@/lib/cn';

import { CheckIcon, ChevronDownIcon } from './icons';
import { selectTriggerVariants } from './select-shared';

/**
 * A dropdown for networks, plans and providers. Radix gives the listbox roles, typeahead,
 * keyboard and screen-reader support; the list renders in a portal. Label the trigger with
 * `<Field>` (it receives `id` and `aria-*`) or `aria-label`.
 */
export function Select(props: React.ComponentProps<typeof SelectPrimitive.Root>) {
  return <SelectPrimitive.Root data-slot="select" {...props} />;
}

export function SelectGroup(props: React.ComponentProps<typeof SelectPrimitive.Group>) {
  return <SelectPrimitive.Group data-slot="select-group" {...props} />;
}

/** Shows the chosen item's text, or `placeholder` before a choice. */
export function SelectValue(props: React.ComponentProps<typeof SelectPrimitive.Value>) {
  return <SelectPrimitive.Value data-slot="select-value" {...props} />;
}

export type SelectTriggerProps = React.ComponentProps<typeof SelectPrimitive.Trigger> &
  VariantProps<typeof selectTriggerVariants>;

export function SelectTrigger({ className, size, children, ...props }: SelectTriggerProps) {
  return (
    <SelectPrimitive.Trigger
      data-slot="select-trigger"
      className={cn(selectTriggerVariants({ size }), className)}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDownIcon className="size-4 text-muted" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/** The list: as wide as the trigger, scrolls when long. */
export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        data-slot="select-content"
        position={position}
        sideOffset={4}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-hidden rounded-control border border-border bg-bg text-fg shadow-lg',
          position === 'popper' && 'w-full min-w-(--radix-select-trigger-width)',
          className,
        )}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({
  className,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      data-slot="select-label"
      className={cn('px-2 py-1.5 text-xs font-semibold text-muted uppercase', className)}
      {...props}
    />
  );
}

export type SelectItemProps = React.ComponentProps<typeof SelectPrimitive.Item> & {
  /**
   * Shown at the right of the option, e.g. `<Money kobo={plan.wallet_price} />`. It is not
   * part of the chosen value's text in the trigger, but screen readers read it with the option.
   */
  price?: React.ReactNode;
};

/** One option. Its children are the text shown in the trigger once chosen. */
export function SelectItem({ className, children, price, ...props }: SelectItemProps) {
  const nameId = React.useId();
  const priceId = React.useId();
  // With a price, the option's name is "MTN 1GB - 30 days ₦295.00": all of its visible text.
  const labelledBy = price != null ? { 'aria-labelledby': `${nameId} ${priceId}` } : {};
  return (
    <SelectPrimitive.Item
      {...labelledBy}
      data-slot="select-item"
      className={cn(
        'relative flex min-h-control-sm pointer-coarse:min-h-control w-full cursor-default items-center gap-3 rounded-chip py-2 pr-3 pl-8 text-sm outline-none select-none',
        'data-[highlighted]:bg-brand-soft data-[disabled]:pointer-events-none data-[disabled]:opacity-50',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <CheckIcon className="size-4 text-brand" strokeWidth={2.5} />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>
        <span id={nameId}>{children}</span>
      </SelectPrimitive.ItemText>
      {price != null ? (
        <span id={priceId} className="ml-auto pl-2 font-medium whitespace-nowrap tabular-nums">
          {price}
        </span>
      ) : null}
    </SelectPrimitive.Item>
  );
}
