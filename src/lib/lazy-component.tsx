import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code downloads the first time it is shown, for views a page does
 * not show at first paint. Unlike `React.lazy`:
 * - a failed download renders `failed` (by default nothing) instead of throwing to the route's
 *   error boundary: a notice that could not load must not take the whole dashboard down (an
 *   open tab meets this after a deploy, when its old chunks are gone);
 * - the next time the component mounts it tries again (`React.lazy` keeps the failure for the
 *   life of the tab);
 * - `preload()` starts the download early, e.g. when the action that will show the view starts.
 * While the code downloads, `loading` (by default nothing) is shown with the same props.
 *
 * Use it for views that appear by themselves (a result after a payment, a notice, work started
 * in the background), where an error page would hide the page the customer was using. A view
 * the customer opened (a dialog, a drawer, a select's list, a tab) keeps `React.lazy`: if its
 * code cannot load, the route's error page, with its way to reload, is the right answer.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallbacks: { loading?: ComponentType<P>; failed?: ComponentType<P> } = {},
): ComponentType<P> & { preload: () => Promise<ComponentType<P>> } {
  const { loading: Loading = Nothing, failed: Failed = Nothing } = fallbacks;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;

  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  function Lazy(props: P) {
    // Shown at once when an earlier mount or `preload()` already has the code.
    const [View, setView] = useState(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (View) return;
      let live = true;
      preload().then(
        (component) => live && setView(() => component),
        () => live && setFailed(true),
      );
      return () => {
        live = false;
      };
    }, [View]);
    if (View) return <View {...props} />;
    return failed ? <Failed {...props} /> : <Loading {...props} />;
  }

  return Object.assign(Lazy, { preload });
}

function Nothing() {
  return null;
}
