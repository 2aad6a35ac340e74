import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '@/lib/cn';

import { WarningIcon } from './icons';

export const fieldVariants = cva('flex flex-col gap-1.5', {
  variants: {
    width: {
      /** Fill the form's column (the default on phones and in dialogs). */
      full: 'w-full',
      /** As wide as the control (PIN, unit stepper). */
      fit: 'w-fit max-w-full',
    },
  },
  defaultVariants: { width: 'full' },
});

/** What Field gives its control: spread these onto the input. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

export type FieldProps = Omit<React.ComponentProps<'div'>, 'children'> &
  VariantProps<typeof fieldVariants> & {
    /** Visible label, tied to the control with `for`/`id`. */
    label: React.ReactNode;
    /** Help under the control (e.g. "11 digits, starting 070, 080, 081, 090 or 091"). */
    hint?: React.ReactNode;
    /**
     * The field's error (one message, the first failing rule of the contract). When set, the
     * control gets `aria-invalid` and the message is announced through `aria-describedby`.
     */
    error?: React.ReactNode;
    /** Marks the control required (announced; the label shows an asterisk). */
    required?: boolean;
    /** The control's id; generated when omitted. */
    controlId?: string;
    /**
     * The control: one element (it receives id and aria-* props), or a function receiving
     * those props, for controls that put them on an inner element.
     */
    children:
      React.ReactElement<FieldControlProps> | ((props: FieldControlProps) => React.ReactNode);
  };

/**
 * Label + control + hint + error, wired for assistive technology: the label names the control,
 * hint and error describe it (`aria-describedby`), and an error sets `aria-invalid`.
 */
export function Field({
  className,
  label,
  hint,
  error,
  required,
  width,
  controlId,
  children,
  ...props
}: FieldProps) {
  const generated = React.useId();
  const id = controlId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const controlProps: FieldControlProps = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': required ? true : undefined,
  };

  return (
    <div data-slot="field" className={cn(fieldVariants({ width }), className)} {...props}>
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {typeof children === 'function'
        ? children(controlProps)
        : React.cloneElement(children, controlProps)}
      {hint ? (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="flex items-start gap-1 text-sm font-medium text-danger">
          <WarningIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : null}
    </div>
  );
}
