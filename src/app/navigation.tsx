import * as React from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  Router,
  useLocation,
  useNavigationType,
} from 'react-router-dom';

/*
 * What React Router's data router gave the app, on its declarative API (decision 0030: the
 * data router was 26 KiB gzip of every app page's entry): navigations as React transitions
 * with a pending flag, scroll restoration, and an error boundary for the route tree.
 */

const PendingContext = React.createContext(false);

/** Scroll positions by history entry (`location.key`), kept for a reload like React Router's. */
const SCROLL_KEY = 'paybills-scroll';
const positions = new Map<string, number>(
  (() => {
    try {
      return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '[]') as [string, number][];
    } catch {
      return [];
    }
  })(),
);

/**
 * `BrowserRouter`, with every navigation run as a transition the app can see: while the next
 * page's code loads, the current page stays on screen and `useNavigationPending()` is true.
 */
export function AppRouter({ children }: { children: React.ReactNode }) {
  const [history] = React.useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = React.useState({
    action: history.action,
    location: history.location,
  });
  const [pending, startTransition] = React.useTransition();
  React.useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      positions.set(history.location.key, window.scrollY);
      sessionStorage.setItem(SCROLL_KEY, JSON.stringify([...positions]));
    };
    window.addEventListener('pagehide', save);
    let shown = history.location.key;
    const stop = history.listen((update) => {
      // The page being left is still on screen: remember where it was scrolled to.
      positions.set(shown, window.scrollY);
      shown = update.location.key;
      startTransition(() => setState(update));
    });
    return () => {
      stop();
      window.removeEventListener('pagehide', save);
    };
  }, [history]);
  return (
    <PendingContext value={pending}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </PendingContext>
  );
}

/** True while a navigation waits for the next page (its code chunk) before showing it. */
export function useNavigationPending(): boolean {
  return React.useContext(PendingContext);
}

/**
 * After a navigation the new page starts at the top (or at its `#hash`); back and forward
 * return to where the page was scrolled.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  React.useLayoutEffect(() => {
    const saved = action === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);
  return null;
}

type BoundaryProps = { children: React.ReactNode; resetKey: string; fallback: React.ReactNode };

class Boundary extends React.Component<BoundaryProps, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** Shows `fallback` instead of a page that threw (or whose code failed to load), until the next navigation. */
export function RouteErrorBoundary({
  children,
  fallback,
}: {
  children: React.ReactNode;
  fallback: React.ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <Boundary resetKey={pathname} fallback={fallback}>
      {children}
    </Boundary>
  );
}
