import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Outlet, type To } from 'react-router-dom';
import { Link } from '@/lib/link';

import { CloseIcon, MenuIcon } from '@/components/ui/icons';
import { brand, formatBrandAddress } from '@/config/brand';
import { paths } from '@/config/routes';
import { useSession } from '@/lib/session';

import { BrandLink, focusRing, MAIN_ID, SkipLink } from './layout-parts';

type NavItem = { to: To; label: string };

const sectionLinks: NavItem[] = [
  { to: { pathname: paths.home, hash: '#home' }, label: 'Home' },
  { to: { pathname: paths.home, hash: '#about' }, label: 'About us' },
  { to: { pathname: paths.home, hash: '#why-us' }, label: 'Why us' },
  { to: { pathname: paths.home, hash: '#services' }, label: 'Services' },
];

const pageLinks: NavItem[] = [
  { to: paths.faq, label: 'FAQs' },
  { to: paths.privacyPolicy, label: 'Privacy policy' },
];

/**
 * `GET /api/user` (the contract's `api.currentUser`; public pages do not load the contract).
 * public/public-menu.js does the same on the prerendered pages.
 */
export const CURRENT_USER_PATH = '/api/user';

/**
 * Spec §7: "a current-user load runs if a token exists". A visitor with a saved session that
 * the server still accepts gets a link to the dashboard instead of "Log in"; an expired or
 * refused one changes nothing (the login page deals with it).
 */
function useSignedIn(): boolean {
  const token = useSession().tokens?.JWTtoken;
  const [accepted, setAccepted] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    fetch(CURRENT_USER_PATH, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    })
      .then((res) => {
        if (res.ok) setAccepted(token);
      })
      .catch(() => {
        // offline or refused: keep "Log in"
      });
    return () => controller.abort();
  }, [token]);
  return !!token && accepted === token;
}

const navLinkClass = `block rounded-md px-3 py-2 text-fg hover:bg-brand/10 ${focusRing}`;

/** Header, footer and <main> for the landing page, FAQ, privacy, auth and 404 pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      <SkipLink />
      <SiteHeader />
      <main id={MAIN_ID} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

function SiteHeader() {
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const close = () => setMenuOpen(false);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close();
  };

  return (
    <header
      className="sticky top-0 z-40 border-b border-border bg-bg/95 backdrop-blur"
      onKeyDown={onKeyDown}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-3">
        <BrandLink />
        <button
          type="button"
          className={`group inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 text-sm font-medium md:hidden ${focusRing}`}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          data-menu-toggle=""
          onClick={() => setMenuOpen((open) => !open)}
        >
          {/* Both drawn; aria-expanded picks one, so public-menu.js (no React) needs no markup. */}
          <MenuIcon className="size-4 group-aria-expanded:hidden" />
          <CloseIcon className="hidden size-4 group-aria-expanded:block" />
          Menu
        </button>
        <nav
          id={menuId}
          aria-label="Main"
          className={`${menuOpen ? 'block' : 'hidden'} w-full md:block md:w-auto`}
        >
          <ul className="flex flex-col gap-1 pt-2 md:flex-row md:items-center md:pt-0">
            {[...sectionLinks, ...pageLinks].map((item) => (
              <li key={item.label}>
                <Link to={item.to} onClick={close} className={navLinkClass}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link
                to={signedIn ? paths.user.overview : paths.login}
                onClick={close}
                className={navLinkClass}
                data-session-link=""
              >
                {signedIn ? 'Go to dashboard' : 'Log in'}
              </Link>
            </li>
            <li hidden={signedIn} data-signup-item="">
              <Link
                to={paths.signup}
                onClick={close}
                className={`block rounded-md bg-brand px-3 py-2 text-center font-medium text-brand-fg hover:opacity-90 md:ml-2 ${focusRing}`}
              >
                Sign up
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer id="contact" className="border-t border-border bg-bg">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-semibold">
            Contact us
          </h2>
          <address className="mt-3 space-y-2 text-muted not-italic">
            <p>
              E-mail:{' '}
              <a
                className={`rounded text-brand underline ${focusRing}`}
                href={`mailto:${brand.supportEmail}`}
              >
                {brand.supportEmail}
              </a>
            </p>
            <p>
              Phone:{' '}
              <a
                className={`rounded text-brand underline ${focusRing}`}
                href={brand.supportPhoneHref}
              >
                {brand.supportPhone}
              </a>
            </p>
            <p>{formatBrandAddress()}</p>
          </address>
        </section>

        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="font-semibold">
            Help
          </h2>
          <ul className="mt-3 space-y-2">
            {pageLinks.map((item) => (
              <li key={item.label}>
                <Link
                  to={item.to}
                  className={`rounded text-muted underline hover:text-fg ${focusRing}`}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href={brand.appStoreUrl}
                className={`rounded text-muted underline hover:text-fg ${focusRing}`}
              >
                Get the {brand.name} app on {brand.appStoreName}
              </a>
            </li>
          </ul>
        </nav>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className="font-semibold">
            Follow us
          </h2>
          <ul className="mt-3 space-y-2">
            {brand.social.map((account) => (
              <li key={account.name}>
                <a
                  href={account.url}
                  className={`rounded text-muted underline hover:text-fg ${focusRing}`}
                >
                  {brand.name} on {account.name}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="border-t border-border px-4 py-4 text-center text-sm text-muted">
        © {new Date().getFullYear()} {brand.name}. All rights reserved.
      </p>
    </footer>
  );
}
