import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

/**
 * What `Select` (select.tsx) and `OptionSelect` (option-select.tsx, option-select-live.tsx) share:
 * the trigger's look and the options' shape.
 */

/**
 * The select trigger's look: shared by the Radix trigger (select.tsx) and the light trigger an
 * `OptionSelect` shows until it is first opened (option-select.tsx), so the two are one box.
 */
export const selectTriggerVariants = cva(
  [
    'flex w-full items-center justify-between gap-2 rounded-control border border-input bg-bg px-3 text-left text-base text-fg',
    'data-[placeholder]:text-muted disabled:cursor-not-allowed disabled:opacity-50',
    'outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/40',
    'aria-invalid:border-danger [&>span]:truncate',
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

/** One choice of an `OptionSelect`. */
export type SelectOption = {
  value: string;
  /** The option's text; the trigger shows it once chosen. */
  label: string;
  /** Shown at the right of the option (e.g. `<Money kobo={plan.wallet_price} />`), not in the trigger. */
  price?: React.ReactNode;
};

export type OptionSelectProps = Omit<
  React.ComponentProps<'button'>,
  'value' | 'defaultValue' | 'onChange' | 'children' | 'type'
> &
  VariantProps<typeof selectTriggerVariants> & {
    /** The chosen option's value; '' shows the placeholder. */
    value: string;
    onValueChange: (value: string) => void;
    options: readonly SelectOption[];
    /** Shown while no option is chosen. */
    placeholder?: string;
  };
