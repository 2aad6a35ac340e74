/**
 * SWR imports `use-sync-external-store/shim`: React's `useSyncExternalStore`, or a copy of it
 * for Reacts older than 18, chosen at run time. This app runs React 19, so vite.config.ts
 * resolves the shim to this module and no page downloads the copy (0.5 KiB gzip on
 * every app page).
 */
export { useSyncExternalStore } from 'react';
