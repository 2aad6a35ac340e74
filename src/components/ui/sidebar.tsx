import { cva, type VariantProps } from 'class-variance-authority';
import * as React from 'react';

import { cn } from '@/lib/cn';

import { focusRing } from './button';
import {
  ChevronDownIcon,
  ChevronUpIcon,
  CollapseIcon,
  ExpandIcon,
  LogoutIcon,
  MenuIcon,
  MoreIcon,
} from './icons';
import { ThemeSwitch } from './theme-switch';

/** The phone drawer (Radix Dialog) loads the first time Menu is pressed (decision 0022). */
const SidebarDrawer = React.lazy(() =>
  import('./sidebar-drawer').then((module) => ({ default: module.SidebarDrawer })),
);

/** One link of the sidebar. */
export type SidebarEntry = {
  /** Page name ("Overview"). */
  label: string;
  /** Where the link goes ("/user/dashboard/overview"). */
  href: string;
  /** An icon from the design system's set (`<HomeIcon />`); without one, the initials. */
  icon?: React.ReactNode;
  /** Shown only when `isAdmin` (spec §2: the Admin entry). */
  adminOnly?: boolean;
};

/** What `renderLink` receives: put these on your router's link component. */
export type SidebarLinkProps = {
  href: string;
  className: string;
  'aria-current'?: 'page';
  'aria-label'?: string;
  onClick?: () => void;
  children: React.ReactNode;
};

/**
 * The side column. It sits in a column (`sidebar-column`) that stretches to the page's height
 * and draws the background and border, so on a page taller than the window the colour goes all
 * the way down; the column's content stays in view (sticky, the window's height).
 */
export const sidebarVariants = cva('sticky top-0 flex h-dvh flex-col gap-2 text-fg', {
  variants: {
    collapsed: {
      false: 'w-sidebar',
      true: 'w-sidebar-collapsed',
    },
  },
  defaultVariants: { collapsed: false },
});

export type SidebarProps = VariantProps<typeof sidebarVariants> & {
  /** Accessible name of the navigation ("User dashboard"). */
  label: string;
  /** The brand shown at the top (text or a logo link). */
  brand: React.ReactNode;
  /** Page entries, in order. */
  entries: SidebarEntry[];
  /** Entries grouped under "More" on wide screens (spec §2: Buy Coupon, Education). */
  moreEntries?: SidebarEntry[];
  /** Show `adminOnly` entries. */
  isAdmin?: boolean;
  /** The current page's href: that entry gets `aria-current="page"`. */
  currentHref?: string;
  /** Shows a Logout button at the bottom. */
  onLogout?: () => void;
  /** Shows the light / dark / phone-setting switch above Logout. */
  themeSwitch?: boolean;
  /** Icons-only mode on wide screens. */
  collapsed?: boolean;
  /** Shows the collapse toggle; called with the new state. */
  onCollapsedChange?: (collapsed: boolean) => void;
  /** Draws a link (pass your router's `<Link>`/`<NavLink>`); a plain `<a>` by default. */
  renderLink?: (props: SidebarLinkProps) => React.ReactNode;
  /** Open the phone drawer at first (stories, tests). */
  defaultDrawerOpen?: boolean;
  className?: string;
};

/** A plain `<a>`: what the navigation components draw when given no router link. */
export const defaultRenderLink = ({ children, ...props }: SidebarLinkProps) => (
  <a {...props}>{children}</a>
);

function initials(label: string): string {
  return label
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

const itemClass = (current: boolean, collapsed: boolean) =>
  cn(
    'flex min-h-control-sm pointer-coarse:min-h-control w-full items-center gap-3 rounded-control px-3 py-2 text-sm font-medium',
    current ? 'bg-brand text-brand-fg' : 'text-fg hover:bg-border/60',
    collapsed && 'justify-center px-0',
    focusRing,
  );

function EntryIcon({ entry, current }: { entry: SidebarEntry; current: boolean }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-6 shrink-0 items-center justify-center text-[0.65rem] font-bold [&>svg]:size-5',
        current ? 'text-brand-fg' : 'text-muted',
      )}
    >
      {entry.icon ?? initials(entry.label)}
    </span>
  );
}

/**
 * The dashboards' navigation (spec §2): page entries, the Admin entry for admins, a More
 * menu, Logout, a collapsible (icons-only) mode on wide screens, and a drawer on phones
 * opened by a "Menu" button. It only draws links: routing is the app's.
 */
export function Sidebar({
  label,
  brand,
  entries,
  moreEntries = [],
  isAdmin = false,
  currentHref,
  onLogout,
  themeSwitch = false,
  collapsed = false,
  onCollapsedChange,
  renderLink = defaultRenderLink,
  defaultDrawerOpen = false,
  className,
}: SidebarProps) {
  const [drawerOpen, setDrawerOpen] = React.useState(defaultDrawerOpen);
  // Mounted from the first opening on, so closing runs Radix's exit and focus return.
  const [drawerLoaded, setDrawerLoaded] = React.useState(defaultDrawerOpen);
  const menuRef = React.useRef<HTMLButtonElement>(null);
  const moreHasCurrent = moreEntries.some((entry) => entry.href === currentHref);
  const [moreOpen, setMoreOpen] = React.useState(moreHasCurrent);
  const moreId = React.useId();
  const visible = entries.filter((entry) => !entry.adminOnly || isAdmin);
  const visibleMore = moreEntries.filter((entry) => !entry.adminOnly || isAdmin);

  const link = (entry: SidebarEntry, options: { collapsed: boolean; onClick?: () => void }) => {
    const current = entry.href === currentHref;
    return (
      <li key={entry.href}>
        {renderLink({
          href: entry.href,
          className: itemClass(current, options.collapsed),
          'aria-current': current ? 'page' : undefined,
          'aria-label': options.collapsed ? entry.label : undefined,
          onClick: options.onClick,
          children: (
            <>
              <EntryIcon entry={entry} current={current} />
              {options.collapsed ? null : <span className="truncate">{entry.label}</span>}
            </>
          ),
        })}
      </li>
    );
  };

  const logout = (isCollapsed: boolean) => (
    <>
      {themeSwitch ? (
        <ThemeSwitch iconOnly={isCollapsed} className={itemClass(false, isCollapsed)} />
      ) : null}
      {logoutButton(isCollapsed)}
    </>
  );

  const logoutButton = (isCollapsed: boolean) =>
    onLogout ? (
      <button
        type="button"
        onClick={onLogout}
        aria-label={isCollapsed ? 'Logout' : undefined}
        className={itemClass(false, isCollapsed)}
      >
        <span className="inline-flex size-6 shrink-0 items-center justify-center text-muted">
          <LogoutIcon className="size-5" />
        </span>
        {isCollapsed ? null : <span>Logout</span>}
      </button>
    ) : null;

  return (
    <>
      {/* Phones and small tablets: a bar with a Menu button opening a drawer. */}
      <div
        data-slot="sidebar-bar"
        className={cn(
          'flex items-center justify-between gap-2 border-b border-border bg-surface px-4 py-2 md:hidden',
          className,
        )}
      >
        <div className="min-w-0 truncate font-bold">{brand}</div>
        <button
          ref={menuRef}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={drawerOpen}
          data-state={drawerOpen ? 'open' : 'closed'}
          onClick={() => {
            setDrawerLoaded(true);
            setDrawerOpen(true);
          }}
          className={cn(
            'inline-flex h-control-sm pointer-coarse:h-control items-center gap-2 rounded-control border border-input bg-bg px-3 text-sm font-medium',
            focusRing,
          )}
        >
          <MenuIcon className="size-4" />
          Menu
        </button>
        {drawerLoaded ? (
          <React.Suspense fallback={null}>
            <SidebarDrawer
              open={drawerOpen}
              onOpenChange={setDrawerOpen}
              title={brand}
              returnFocusTo={menuRef}
            >
              <nav aria-label={label} className="flex flex-1 flex-col gap-2">
                <ul className="flex flex-col gap-1">
                  {[...visible, ...visibleMore].map((entry) =>
                    link(entry, { collapsed: false, onClick: () => setDrawerOpen(false) }),
                  )}
                </ul>
              </nav>
              {logout(false)}
            </SidebarDrawer>
          </React.Suspense>
        ) : null}
      </div>

      {/* Wide screens: the side column. */}
      <div
        data-slot="sidebar-column"
        className="hidden shrink-0 border-r border-border bg-surface md:block"
      >
        <aside
          data-slot="sidebar"
          data-collapsed={collapsed}
          className={cn(sidebarVariants({ collapsed }), 'p-3', className)}
        >
          <div
            className={cn(
              'flex items-center gap-2 px-1 pb-2',
              collapsed ? 'flex-col' : 'justify-between',
            )}
          >
            {collapsed ? null : <div className="min-w-0 truncate font-bold">{brand}</div>}
            {onCollapsedChange ? (
              <button
                type="button"
                aria-expanded={!collapsed}
                aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                onClick={() => onCollapsedChange(!collapsed)}
                className={cn(
                  'inline-flex size-9 pointer-coarse:size-control shrink-0 items-center justify-center rounded-control text-muted hover:bg-border/60 hover:text-fg',
                  focusRing,
                )}
              >
                {collapsed ? (
                  <ExpandIcon className="size-5" />
                ) : (
                  <CollapseIcon className="size-5" />
                )}
              </button>
            ) : null}
          </div>
          <nav aria-label={label} className="flex min-h-0 flex-1 flex-col gap-1 overflow-y-auto">
            <ul className="flex flex-col gap-1">
              {visible.map((entry) => link(entry, { collapsed }))}
              {visibleMore.length > 0 ? (
                <li>
                  <button
                    type="button"
                    aria-expanded={moreOpen}
                    aria-controls={moreId}
                    aria-label={collapsed ? 'More' : undefined}
                    onClick={() => setMoreOpen((open) => !open)}
                    className={itemClass(false, collapsed)}
                  >
                    <span className="inline-flex size-6 shrink-0 items-center justify-center text-muted">
                      <MoreIcon className="size-5" />
                    </span>
                    {collapsed ? null : (
                      <>
                        <span className="flex-1 text-left">More</span>
                        {moreOpen ? (
                          <ChevronUpIcon className="size-4 text-muted" />
                        ) : (
                          <ChevronDownIcon className="size-4 text-muted" />
                        )}
                      </>
                    )}
                  </button>
                  <ul
                    id={moreId}
                    hidden={!moreOpen}
                    className={cn(
                      'mt-1 flex flex-col gap-1',
                      collapsed ? '' : 'ml-4 border-l border-border pl-2',
                    )}
                  >
                    {visibleMore.map((entry) => link(entry, { collapsed }))}
                  </ul>
                </li>
              ) : null}
            </ul>
          </nav>
          {logout(collapsed)}
        </aside>
      </div>
    </>
  );
}
