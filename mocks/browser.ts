import { setupWorker } from 'msw/browser';
import { handlers } from './variants';

/** The app's mock mode (VITE_API_MODE=mock): every /api call answered in the browser. */
export const worker = setupWorker(...handlers);

export async function startMockWorker(): Promise<void> {
  await worker.start({
    // Vite modules, fonts and images go to the network untouched.
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: '/mockServiceWorker.js' },
  });
}
