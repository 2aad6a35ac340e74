import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { PIN_LENGTH, PinSchema } from '@contract/rules';
import { cn } from '@/lib/cn';

import { focusRing } from './button';

/** The contract's pin rule (spec §5): the first failing message, or undefined when valid. */
export function pinError(value: string): string | undefined {
  const result = PinSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const pinInputVariants = cva(
  [
    'h-control w-full min-w-0 rounded-control border border-input bg-bg pr-12 pl-4 font-mono text-xl tracking-[0.5em] text-fg',
    'placeholder:tracking-[0.5em] placeholder:text-muted disabled:cursor-not-allowed disabled:opacity-50',
    'outline-none focus-visible:border-brand focus-visible:ring-2 focus-visible:ring-brand/40',
    'aria-invalid:border-danger',
  ],
  {
    variants: {
      width: {
        /** Just wide enough for six digits. */
        fit: 'max-w-60',
        full: '',
      },
    },
    defaultVariants: { width: 'fit' },
  },
);

export type PinInputProps = Omit<
  React.ComponentProps<'input'>,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength' | 'width'
> &
  VariantProps<typeof pinInputVariants> & {
    /** The digits typed so far (at most 6). */
    value: string;
    /** Called with digits only, never more than 6. */
    onChange: (value: string) => void;
    /**
     * Called with the contract's pin message (`PinSchema`, spec §5) when the field is left or a
     * paste is refused, and with `undefined` once the pin is valid. Show it with `<Field error>`.
     */
    onValidate?: (error: string | undefined) => void;
    /** Start with the digits visible. */
    defaultRevealed?: boolean;
  };

/**
 * The 6-digit secret pin. Digits only (letters are ignored as you type), a whole pin can be
 * pasted (spaces and dashes are dropped: "123 456"), masked by default with a Show/Hide
 * toggle, and phones open their number pad (`inputMode="numeric"`). Wrap it in `<Field>` for
 * the label and error.
 */
export function PinInput({
  className,
  width,
  value,
  onChange,
  onValidate,
  onBlur,
  onPaste,
  defaultRevealed = false,
  disabled,
  id,
  ...props
}: PinInputProps) {
  const [revealed, setRevealed] = React.useState(defaultRevealed);
  const generated = React.useId();
  const inputId = id ?? generated;

  const set = (next: string) => {
    onChange(next);
    if (next.length === PIN_LENGTH) onValidate?.(pinError(next));
  };

  return (
    <div
      data-slot="pin-input"
      className={cn('relative w-full', width === 'full' ? '' : 'max-w-60')}
    >
      <input
        id={inputId}
        type={revealed ? 'text' : 'password'}
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        maxLength={PIN_LENGTH}
        placeholder={'•'.repeat(PIN_LENGTH)}
        disabled={disabled}
        value={value}
        className={cn(pinInputVariants({ width }), className)}
        onChange={(event) => set(event.target.value.replace(/\D/g, '').slice(0, PIN_LENGTH))}
        onPaste={(event) => {
          onPaste?.(event);
          event.preventDefault();
          const pasted = event.clipboardData.getData('text').replace(/[\s-]/g, '');
          const error = pinError(pasted.slice(0, PIN_LENGTH));
          // A pasted pin with letters is refused whole, with the contract's message.
          if (error && !/^\d*$/.test(pasted)) {
            onValidate?.(error);
            return;
          }
          set(pasted.slice(0, PIN_LENGTH));
        }}
        onBlur={(event) => {
          onBlur?.(event);
          onValidate?.(pinError(value));
        }}
        {...props}
      />
      <button
        type="button"
        disabled={disabled}
        aria-pressed={revealed}
        aria-controls={inputId}
        onClick={() => setRevealed((shown) => !shown)}
        className={cn(
          'absolute top-1/2 right-1 inline-flex h-9 pointer-coarse:h-control -translate-y-1/2 items-center rounded-control px-2 text-xs font-semibold text-brand hover:bg-surface disabled:opacity-50',
          focusRing,
        )}
      >
        {revealed ? 'Hide' : 'Show'}
        <span className="sr-only"> pin</span>
      </button>
    </div>
  );
}
