/**
 * Stamps dist/sw.js with this build's id (a hash of Vite's manifest: every hashed file name),
 * so each build's service worker uses a cache of its own and drops the previous ones (* decision 0018). Run after `vite build`: `node scripts/service-worker.mjs`.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function buildId(manifestText) {
  return createHash('sha256').update(manifestText).digest('hex').slice(0, 12);
}

export function stampServiceWorker({ outDir = path.join(root, 'dist') } = {}) {
  const manifest = readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8');
  const file = path.join(outDir, 'sw.js');
  const source = readFileSync(file, 'utf8');
  if (!source.includes("'__BUILD__'")) throw new Error('sw.js: no __BUILD__ placeholder');
  const id = buildId(manifest);
  writeFileSync(file, source.replace("'__BUILD__'", `'${id}'`));
  return id;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(`service worker: cache paybills-${stampServiceWorker()}`);
}
