/**
 * Builds the web app (Vite's Node API) only when needed: dist/ is missing, was built in the
 * other mode, or is older than the newest input. Shared by `npm start` (mode 'server') and
 * `npm run start:mock` (mode 'mock').
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAppShells } from './app-shells.mjs';
import { precompress } from './precompress.mjs';
import { prerender } from './prerender.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(root, 'dist');
/** Written after a build with its mode, so one mode's dist/ is never served by the other. */
const stampFile = path.join(outDir, '.start-build.json');

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

function buildIsCurrent(mode) {
  if (!existsSync(stampFile) || !existsSync(path.join(outDir, 'index.html'))) return false;
  try {
    const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
    if (stamp.mode !== mode) return false;
  } catch {
    return false;
  }
  const builtAt = statSync(stampFile).mtimeMs;
  return inputs(mode).every((input) => newestMtime(path.join(root, input)) <= builtAt);
}

/**
 * Builds dist/ for `mode` ('server' or 'mock') unless it is current. Sets VITE_API_MODE so the
 * bundle starts (mock) or leaves out (server) the in-browser mocks whatever .env says.
 */
export async function buildWebIfStale(mode) {
  process.env.VITE_API_MODE = mode;
  if (buildIsCurrent(mode)) {
    console.log(`dist/ is up to date (${mode} mode): skipping the build.`);
    return;
  }
  console.log(`Building the web app (${mode} mode)…`);
  const { build } = await import('vite');
  await build({ root, mode: mode === 'mock' ? 'mock' : 'production', logLevel: 'warn' });
  // The public pages as static HTML (decision 0012); only the real server sends them.
  if (mode === 'server') {
    await prerender({ outDir });
    writeAppShells({ outDir });
  }
  precompress({ outDir });
  writeFileSync(stampFile, `${JSON.stringify({ mode, builtAt: new Date().toISOString() })}\n`);
  console.log('Build done.');
}
