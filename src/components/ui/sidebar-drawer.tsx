import * as DialogPrimitive from '@radix-ui/react-dialog';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import { CloseIcon } from './icons';

/**
 * The phone drawer of the `Sidebar`: Radix Dialog (focus trap, Escape, scroll lock). Its own
 * module so the dashboards load it the first time Menu is pressed, not on every first visit
 * (docs/decisions/0022). Only sidebar.tsx imports it.
 */
export function SidebarDrawer({
  open,
  onOpenChange,
  title,
  returnFocusTo,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The drawer's accessible name (the brand). */
  title: React.ReactNode;
  /** The Menu button: focus goes back to it when the drawer closes. */
  returnFocusTo: React.RefObject<HTMLButtonElement | null>;
  children: React.ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto border-r border-border bg-bg p-3 text-fg shadow-xl outline-none"
        >
          <div className="flex items-center justify-between gap-2 px-1 pb-2">
            <DialogPrimitive.Title className="min-w-0 truncate font-bold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              className={cn(
                'inline-flex size-9 pointer-coarse:size-control items-center justify-center rounded-control text-muted hover:bg-surface',
                focusRing,
              )}
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
