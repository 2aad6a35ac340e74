import { Outlet } from 'react-router-dom';
import { startSessionTimers } from '@/lib/session-timers';
import { Providers } from '../providers';

// The first time a page that can hold a session loads (auth screens, dashboards), start the
// session timers: the refresh timer, and the spec's 1 s delay before the user load (spec §4).
// Idempotent. Public pages (landing, FAQ, privacy) never load this chunk, nor the API client,
// the contract or SWR, so a first visit stays small.
startSessionTimers();

/** Everything below this route talks to the API: SWR defaults and the session live here. */
export function SessionBoundary() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
