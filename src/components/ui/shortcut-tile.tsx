import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import { defaultRenderLink, type SidebarLinkProps } from './sidebar';

export const shortcutTileVariants = cva(
  [
    'flex min-w-0 flex-col items-center justify-center gap-2 rounded-card border px-2 py-3 text-center text-sm font-medium',
    'transition-colors [&_svg]:size-6 [&_svg]:shrink-0',
    focusRing,
  ],
  {
    variants: {
      tone: {
        default: 'border-border bg-bg text-fg hover:bg-surface',
        brand: 'border-brand/40 bg-brand-soft text-fg hover:bg-brand/15',
      },
    },
    defaultVariants: { tone: 'default' },
  },
);

export type ShortcutTileProps = VariantProps<typeof shortcutTileVariants> & {
  href: string;
  /** An icon from the design system's set. */
  icon: React.ReactNode;
  /** What the tile opens ("Airtime"); its accessible name. */
  label: string;
  /** A second line ("Airtime · 08031234567"), read after the label; wraps, never cut. */
  detail?: string;
  /** Draws the link (your router's `<Link>`); a plain `<a>` by default. */
  renderLink?: (props: SidebarLinkProps) => React.ReactNode;
  className?: string;
};

/** A square link with an icon and a label: the overview's shortcuts. */
export function ShortcutTile({
  href,
  icon,
  label,
  detail,
  tone,
  renderLink = defaultRenderLink,
  className,
}: ShortcutTileProps) {
  return renderLink({
    href,
    className: cn(shortcutTileVariants({ tone }), className),
    children: (
      <>
        <span aria-hidden="true" className="inline-flex text-brand">
          {icon}
        </span>
        <span className="max-w-full leading-tight break-words">{label}</span>
        {detail ? (
          // Wrapped, never cut: the number is what tells two of Mum's lines apart.
          <span className="max-w-full text-xs font-normal [overflow-wrap:anywhere] text-muted">
            {detail}
          </span>
        ) : null}
      </>
    ),
  });
}
