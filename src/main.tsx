import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';

import '@/styles/globals.css';
import { App } from '@/app/app';
import { applyTheme, readTheme } from '@/lib/theme';
import { whenIdle } from '@/lib/idle';

/**
 * In mock mode every /api call is answered in the browser by MSW, so the worker must be
 * running before the first request — that is, before the first render.
 * `import.meta.env.VITE_API_MODE` is read directly (not through `@/config/env`) on purpose:
 * Vite inlines it, so in a `server` build the condition is `false` at build time and the
 * mocks are dropped from the bundle entirely.
 */
async function startMocksIfEnabled(): Promise<void> {
  if (import.meta.env.VITE_API_MODE === 'mock') {
    const { startMockWorker } = await import('@mocks/browser');
    await startMockWorker();
  }
}

/**
 * The installable app's service worker (decision 0018): built apps talking to the
 * real server only. Mock builds leave the scope to MSW's worker; the dev server has none.
 * public/public-menu.js does the same on the prerendered public pages.
 */
function registerServiceWorker(): void {
  if (!import.meta.env.PROD || import.meta.env.VITE_API_MODE === 'mock') return;
  if (!('serviceWorker' in navigator)) return;
  // After the page has loaded and the main thread is idle (docs/decisions/0031): registering
  // starts the worker's install, which downloads its precache beside the page's own requests.
  window.addEventListener('load', () => {
    whenIdle(() => {
      navigator.serviceWorker.register('/sw.js').catch(() => {
        // Without it the app still works online; only install and the offline page are lost.
      });
    });
  });
}

async function main(): Promise<void> {
  registerServiceWorker();
  try {
    await startMocksIfEnabled();
  } catch (error) {
    // Still render: public pages work without the API, and the console says why calls fail.
    console.error('Could not start the mock API (MSW); /api calls will fail.', error);
  }

  // The customer's light/dark choice before the first paint of the app.
  applyTheme(readTheme());
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  const root = createRoot(container);
  // A transition, so React renders the first screen in slices of a few milliseconds and the
  // browser stays responsive between them, instead of one long task (docs/decisions/0031).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

void main();
