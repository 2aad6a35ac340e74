#!/usr/bin/env node
/**
 * `npm run start:mock`: serves the web app with every /api call answered in the browser by MSW
 * mocks (no API server, nothing saved). `npm start` runs the real server (scripts/start.mjs).
 *
 * 1. Builds the app in mock mode (`vite build --mode mock`, through Vite's Node API) when
 *    dist/ is missing, was built in another mode, or is older than the newest source file.
 * 2. Serves dist/ with `vite preview` (SPA fallback: any path gets index.html) on
 *    127.0.0.1:$PORT (default 3000).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
/** Written after a build with its mode, so a server-mode dist/ is never served here (and back). */
const stampFile = path.join(outDir, '.start-build.json');
const MODE = 'mock';

/** Inputs of the build: if any is newer than the last mock build, build again. */
const inputs = [
  'src',
  'mocks',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package.json',
  '.env',
  `.env.${MODE}`,
];

/** Newest modification time (ms) of a file or of any file below a folder; 0 if absent. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file still changes its folder's mtime
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.git')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(stampFile) || !existsSync(path.join(outDir, 'index.html'))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.mode !== MODE) return false;
  } catch {
    return false;
  }
  const builtAt = statSync(stampFile).mtimeMs;
  return inputs.every((input) => newestMtime(path.join(root, input)) <= builtAt);
}

async function main() {
  process.chdir(root);
  // The mock build must start MSW whatever .env says (src/main.tsx checks this variable).
  process.env.VITE_API_MODE = MODE;
  const { build, preview } = await import('vite');

  if (buildIsCurrent()) {
    console.log('dist/ is up to date (mock mode): skipping the build.');
  } else {
    console.log('Building the web app in mock mode (vite build --mode mock)…');
    await build({ root, mode: MODE, logLevel: 'warn' });
    writeFileSync(
      stampFile,
      `${JSON.stringify({ mode: MODE, builtAt: new Date().toISOString() })}\n`,
    );
    console.log('Build done.');
  }

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
