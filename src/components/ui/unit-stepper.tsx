import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import { MinusIcon, PlusIcon } from './icons';

// On a touch screen the border goes outside the height (`box-content`): the buttons and the
// number inside are then the full 44 px each (WCAG 2.5.5), not 42.
export const unitStepperVariants = cva(
  'inline-flex items-stretch overflow-hidden rounded-control border border-input bg-bg pointer-coarse:box-content',
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

export type UnitStepperProps = Omit<React.ComponentProps<'div'>, 'onChange' | 'defaultValue'> &
  VariantProps<typeof unitStepperVariants> & {
    /** The number of units. */
    value: number;
    /** Called with the new number, already kept within `min`…`max`. */
    onChange: (value: number) => void;
    /** Lowest allowed value (education and coupons: 1, spec §9). */
    min?: number;
    /** Highest allowed value (education: 5; contract LIMITS). */
    max?: number;
    /** Accessible name of the number, e.g. "Units". Shown by the Field around it, if any. */
    label?: string;
    /** The input's id (given by `<Field>`). */
    id?: string;
    disabled?: boolean;
  };

/**
 * Minus / number / plus (coupon units, education units 1–5). The buttons disable at the
 * limits; typing a number outside them is pulled back within them.
 */
export function UnitStepper({
  className,
  size,
  value,
  onChange,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  label = 'Units',
  id,
  disabled = false,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  ...props
}: UnitStepperProps) {
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  const [draft, setDraft] = React.useState<string | null>(null);
  const button = cn(
    'inline-flex w-control items-center justify-center text-lg font-semibold text-fg hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40',
    focusRing,
    'focus-visible:-outline-offset-2',
  );

  return (
    <div
      role="group"
      aria-label={label}
      data-slot="unit-stepper"
      className={cn(unitStepperVariants({ size }), disabled && 'opacity-60', className)}
      {...props}
    >
      <button
        type="button"
        className={cn(button, 'border-r border-input')}
        aria-label={`Decrease ${label.toLowerCase()}`}
        disabled={disabled || value <= min}
        onClick={() => onChange(clamp(value - 1))}
      >
        <MinusIcon className="size-4" />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        disabled={disabled}
        className="w-14 min-w-0 bg-transparent text-center text-base font-medium text-fg tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-brand/40 focus-visible:ring-inset"
        value={draft ?? String(value)}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, '');
          setDraft(digits);
          if (digits !== '') onChange(clamp(Number(digits)));
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className={cn(button, 'border-l border-input')}
        aria-label={`Increase ${label.toLowerCase()}`}
        disabled={disabled || value >= max}
        onClick={() => onChange(clamp(value + 1))}
      >
        <PlusIcon className="size-4" />
      </button>
    </div>
  );
}
