import type * as React from 'react';

import { Button } from './button';
import {
  Dialog,
  DialogBody,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from './dialog';
import { FormAlert } from './form-alert';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. "Revoke this key?" (the dialog's accessible name). */
  title: React.ReactNode;
  /** What will happen, in one or two sentences (read out with the title). */
  description?: React.ReactNode;
  /** What the customer is confirming: a name, an amount (shown in the body). */
  children?: React.ReactNode;
  /** The action's own words ("Revoke key", "Send ₦1,500"), never a bare "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** `destructive` for what cannot be undone by the person (revoke, block). */
  tone?: 'primary' | 'destructive';
  /** The action is under way: the confirm button spins and the dialog stays. */
  loading?: boolean;
  /** The action's refusal, shown inside the dialog so the person sees why it stayed open. */
  error?: string;
  onConfirm: () => void;
}

/**
 * A second step before an irreversible action (ADR 0046): money leaving, a key
 * revoked, a customer blocked. `role="alertdialog"` so screen readers announce it as a
 * question; focus starts on Cancel (first in the DOM, Radix focuses it), so an Enter held from
 * the form cannot confirm by itself.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  loading = false,
  error,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (loading ? undefined : onOpenChange(next))}>
      <DialogContent
        size="sm"
        role="alertdialog"
        showCloseButton={false}
        // Without a description Radix warns; an explicit undefined tells it none is meant.
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <DialogHeader className="pr-5">
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children || error ? (
          <DialogBody className="flex flex-col gap-3">
            {children}
            {error ? <FormAlert>{error}</FormAlert> : null}
          </DialogBody>
        ) : null}
        <DialogFooter>
          <Button variant="outline" disabled={loading} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button
            variant={tone === 'destructive' ? 'destructive' : 'primary'}
            loading={loading}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
