import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';

export type CheckboxFieldProps = {
  /** The checkbox's id; the error, when shown, is `<id>-error`. */
  id: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The label beside the box (a consent's words, an option). */
  children: React.ReactNode;
  /** The rule's message when the box must be ticked (announced through aria-describedby). */
  error?: React.ReactNode;
  disabled?: boolean;
  className?: string;
};

/**
 * A checkbox with its label and error, e.g. a consent the contract requires. On a touch screen
 * the label is a 44 px target and the box itself larger (WCAG 2.5.5).
 */
export function CheckboxField({
  id,
  checked,
  onCheckedChange,
  children,
  error,
  disabled,
  className,
}: CheckboxFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        className="flex items-start gap-2 text-sm pointer-coarse:min-h-control pointer-coarse:items-center"
        htmlFor={id}
      >
        <input
          id={id}
          type="checkbox"
          className={cn(
            'mt-1 size-4 shrink-0 accent-brand pointer-coarse:mt-0 pointer-coarse:size-6',
            focusRing,
          )}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
