import { useId, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';

import { BrandLink, focusRing, MAIN_ID, SkipLink } from './layout-parts';

export type DashboardNavItem = { to: string; label: string; end?: boolean };

type DashboardShellProps = {
  /** Accessible name of the side navigation, e.g. "User dashboard". */
  label: string;
  items: DashboardNavItem[];
  /** Extra links under the page list (e.g. admin → back to the user dashboard). */
  extraLinks?: DashboardNavItem[];
};

/**
 * Shared frame of the user and admin dashboards: a side menu on wide screens, a toggled menu
 * on phones, and the page in <main>. Session handling (guards, Logout) is wired later.
 */
export function DashboardShell({ label, items, extraLinks = [] }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const close = () => setMenuOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  const itemClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 ${isActive ? 'bg-brand font-medium text-brand-fg' : 'text-fg hover:bg-brand/10'} ${focusRing}`;

  return (
    <div className="min-h-dvh bg-bg text-fg md:flex">
      <SkipLink />
      <header
        className="border-b border-border md:sticky md:top-0 md:h-dvh md:w-64 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0"
        onKeyDown={onKeyDown}
      >
        <div className="flex items-center justify-between gap-2 px-4 py-3">
          <BrandLink />
          <button
            type="button"
            className={`rounded-md border border-border px-3 py-2 text-sm font-medium md:hidden ${focusRing}`}
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span aria-hidden="true">{menuOpen ? '✕' : '☰'} </span>
            Menu
          </button>
        </div>
        <nav
          id={menuId}
          aria-label={label}
          className={`${menuOpen ? 'block' : 'hidden'} px-2 pb-4 md:block`}
        >
          <ul className="space-y-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} onClick={close} className={itemClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="mt-4 space-y-1 border-t border-border pt-4">
            {extraLinks.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  onClick={close}
                  className={`block rounded-md px-3 py-2 text-fg hover:bg-brand/10 ${focusRing}`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Placeholder: the session work wires this to POST /api/auth/logout. */}
              <button
                type="button"
                className={`w-full rounded-md px-3 py-2 text-left text-fg hover:bg-brand/10 ${focusRing}`}
              >
                Log out
              </button>
            </li>
          </ul>
        </nav>
      </header>
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="min-w-0 flex-1 px-4 py-6 focus:outline-none md:px-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
