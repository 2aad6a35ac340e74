#!/usr/bin/env node
/**
 * The one way the web app is built for serving: `npm run build`, `npm start`,
 * `npm run start:mock` and `npm run bench:web` all come here.
 *
 * - The build is always a production build (React's production bundle), whatever NODE_ENV the
 *   caller has: it runs in its own Node process with NODE_ENV=production. A fresh process also
 *   means prerendering never mixes React builds: a caller that already loaded React's
 *   development build (the bench, a test) cannot hand it to react-dom/server's production one
 *   (`dispatcher.getOwner is not a function`).
 * - dist/.start-build.json records the mode and NODE_ENV of the build; `buildWebIfStale`
 *   rebuilds when dist/ is missing, was built in the other mode or not for production (e.g. by
 *   an older `npm start` run with NODE_ENV=development), or is older than the newest input.
 *
 * CLI: node scripts/build-web.mjs [server|mock] [--out-dir DIR] (always builds).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeAppShells } from './app-shells.mjs';
import { precompress } from './precompress.mjs';
import { prerender } from './prerender.mjs';
import { stampServiceWorker } from './service-worker.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const defaultOutDir = path.join(root, 'dist');
/** Written after a build with its mode and NODE_ENV, so a stale kind of dist/ is never served. */
export const STAMP_FILE = '.start-build.json';

/** Inputs of the build: if any is newer than the last build, build again. */
const inputs = (mode) => [
  'src',
  'mocks',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'tailwind.config.ts',
  'package.json',
  'scripts/build-web.mjs',
  'scripts/client-modules.mjs',
  'scripts/pure-modules.mjs',
  'scripts/prerender.mjs',
  'scripts/app-shells.mjs',
  'scripts/service-worker.mjs',
  '.env',
  mode === 'mock' ? '.env.mock' : '.env.production',
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

/** Whether a stamp (parsed .start-build.json) describes a production build in `mode`. */
export function stampMatches(stamp, mode) {
  return (
    typeof stamp === 'object' &&
    stamp !== null &&
    stamp.mode === mode &&
    stamp.nodeEnv === 'production'
  );
}

/** Whether `outDir` holds a production build in `mode` newer than every input. */
export function buildIsCurrent(mode, outDir = defaultOutDir) {
  const stampFile = path.join(outDir, STAMP_FILE);
  if (!existsSync(stampFile) || !existsSync(path.join(outDir, 'index.html'))) return false;
  try {
    if (!stampMatches(JSON.parse(readFileSync(stampFile, 'utf8')), mode)) return false;
  } catch {
    return false;
  }
  const builtAt = statSync(stampFile).mtimeMs;
  return inputs(mode).every((input) => newestMtime(path.join(root, input)) <= builtAt);
}

/**
 * Builds dist/ for `mode` ('server' or 'mock') in a fresh Node process with
 * NODE_ENV=production, and VITE_API_MODE set so the bundle starts (mock) or leaves out
 * (server) the in-browser mocks whatever .env says. Rejects if the build fails.
 */
export function buildWeb(mode, { outDir = defaultOutDir } = {}) {
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, mode, '--out-dir', outDir], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production', VITE_API_MODE: mode },
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`the web build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** `buildWeb` unless `outDir` already holds a current production build in `mode`. */
export async function buildWebIfStale(mode, { outDir = defaultOutDir } = {}) {
  if (buildIsCurrent(mode, outDir)) {
    console.log(`dist/ is up to date (${mode} mode): skipping the build.`);
    return;
  }
  await buildWeb(mode, { outDir });
}

/** The build itself, in this process (the CLI): vite build, prerender, shells, compression. */
async function buildHere(mode, outDir) {
  // Before Vite or React load: Vite picks React's production bundle from NODE_ENV.
  process.env.NODE_ENV = 'production';
  process.env.VITE_API_MODE = mode;
  console.log(`Building the web app (${mode} mode)…`);
  const { build } = await import('vite');
  await build({
    root,
    mode: mode === 'mock' ? 'mock' : 'production',
    logLevel: 'warn',
    build: { outDir },
  });
  // The service worker's cache is named after this build (decision 0018).
  stampServiceWorker({ outDir });
  // The public pages as static HTML (decision 0012); only the real server sends them.
  if (mode === 'server') {
    const pages = await prerender({ outDir });
    console.log(`Prerendered ${pages.map((page) => page.path).join(', ')}.`);
    const shells = writeAppShells({ outDir });
    console.log(`App shells: ${shells.map((s) => `${s.prefix}* → ${s.file}`).join(', ')}.`);
  }
  const { count, raw, brotli } = precompress({ outDir });
  console.log(
    `Precompressed ${count} files: ${(raw / 1024).toFixed(1)} KB → ${(brotli / 1024).toFixed(1)} KB (Brotli).`,
  );
  writeFileSync(
    path.join(outDir, STAMP_FILE),
    `${JSON.stringify({ mode, nodeEnv: process.env.NODE_ENV, builtAt: new Date().toISOString() })}\n`,
  );
  console.log('Build done.');
}

if (import.meta.url === pathToFileURL(path.resolve(process.argv[1] ?? '')).href) {
  const args = process.argv.slice(2);
  const mode = args.find((arg) => arg === 'server' || arg === 'mock') ?? 'server';
  const at = args.indexOf('--out-dir');
  const outDir = at >= 0 && args[at + 1] ? path.resolve(args[at + 1]) : defaultOutDir;
  buildHere(mode, outDir).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
