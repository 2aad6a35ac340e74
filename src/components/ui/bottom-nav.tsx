import type * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import { defaultRenderLink, type SidebarEntry, type SidebarLinkProps } from './sidebar';

export type BottomNavProps = {
  /** Accessible name of the navigation ("Main"). */
  label: string;
  /** The places, in order (four fit a 360 px phone). */
  entries: SidebarEntry[];
  /** The current page's href: that entry gets `aria-current="page"`. */
  currentHref?: string;
  /** Draws a link (your router's `<Link>`); a plain `<a>` by default. */
  renderLink?: (props: SidebarLinkProps) => React.ReactNode;
  className?: string;
};

/**
 * The phone's bar of the most used places, fixed at the bottom like the fintech apps customers
 * know. Hidden from `md` up, where the sidebar shows everything. The page above it
 * must leave room for it (`pb-20 md:pb-0`).
 */
export function BottomNav({
  label,
  entries,
  currentHref,
  renderLink = defaultRenderLink,
  className,
}: BottomNavProps) {
  return (
    <nav
      aria-label={label}
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t border-border bg-bg pb-[env(safe-area-inset-bottom)] md:hidden',
        className,
      )}
    >
      <ul className="grid h-16" style={{ gridTemplateColumns: `repeat(${entries.length}, 1fr)` }}>
        {entries.map((entry) => {
          const current = entry.href === currentHref;
          return (
            <li key={entry.href} className="flex">
              {renderLink({
                href: entry.href,
                'aria-current': current ? 'page' : undefined,
                className: cn(
                  'flex flex-1 flex-col items-center justify-center gap-1 text-xs font-medium [&_svg]:size-5',
                  current ? 'text-brand' : 'text-muted hover:text-fg',
                  focusRing,
                  'focus-visible:outline-offset-[-2px]',
                ),
                children: (
                  <>
                    <span aria-hidden="true" className="inline-flex">
                      {entry.icon}
                    </span>
                    {entry.label}
                  </>
                ),
              })}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
