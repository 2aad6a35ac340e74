import * as React from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

/*
 * The app's in-app link: an `<a href>` that navigates without a page load, as React Router's
 * `Link` does. React Router's own `Link` also carries its framework mode's page prefetching
 * (`prefetch`, `PrefetchPageLinks`, the route-module manifest readers), which an app on the
 * declarative router never uses and which cost every page about 2 KB gzip (ADR 0068).
 * This one is built from the router's public hooks: `useHref` for the address (so a click with
 * a modifier key, the middle button or "open in new tab" still works) and
 * `useLinkClickHandler` for the navigation, which runs as the router's transition. An address
 * with a scheme or `//` (`https:`, `mailto:`, `tel:`) leaves the app, as with React Router's:
 * its href is kept as written and the browser follows it.
 */

/** `https://…`, `mailto:…`, `tel:…`, `//host/…`: not a path in the app. */
const OUTSIDE = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;

export type LinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** History state for the next location (`useLocation().state`). */
  state?: unknown;
};

export const Link = React.forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, state, target, onClick, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  if (typeof to === 'string' && OUTSIDE.test(to)) {
    return <a {...rest} ref={ref} href={to} target={target} onClick={onClick} />;
  }
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
});
