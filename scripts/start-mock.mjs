#!/usr/bin/env node
/**
 * `npm run start:mock`: serves the web app with every /api call answered in the browser by MSW
 * mocks (no API server, nothing saved). `npm start` runs the real server (scripts/start.mjs).
 *
 * 1. Builds the app in mock mode (scripts/build-web.mjs: `vite build --mode mock`, production,
 *    in its own process) when dist/ is missing, was built in another mode or not for
 *    production, or is older than the newest source file.
 * 2. Serves dist/ with `vite preview` (SPA fallback: any path gets index.html) on
 *    127.0.0.1:$PORT (default 3000).
 */
import { buildWebIfStale, root } from './build-web.mjs';

const MODE = 'mock';

async function main() {
  process.chdir(root);
  await buildWebIfStale(MODE);
  const { preview } = await import('vite');

  const port = Number(process.env.PORT || 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  }
  const server = await preview({
    root,
    mode: MODE,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });

  const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
  console.log(`
  PayBills web app: ${url}

  Mock mode: every /api call is answered by in-browser mocks (MSW); nothing is saved.
  For the real API server, run \`npm start\`.

  Press Ctrl+C to stop.
`);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal} received: stopping the web server.`);
    // An open browser tab can hold a keep-alive connection; do not wait on it for long.
    setTimeout(() => process.exit(0), 3000).unref();
    try {
      await server.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`npm start failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
