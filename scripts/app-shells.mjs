/**
 * The browser app's document, once per area, with `<link rel="modulepreload">` for the code
 * that area's first screen needs (its layouts and its first page, with their imports). Without
 * them the browser learns of that code only after the entry script has run and the router has
 * matched the URL: one more round trip on every first visit to a dashboard, which on a slow
 * phone network is a few hundred milliseconds (`npm run bench:web`).
 *
 * Writes dist/app-shells/<area>.html and dist/app-shells/shells.json ({ prefix, file }); the
 * server sends the shell whose prefix starts the path, else dist/index.html. Run after
 * `vite build`: `node scripts/app-shells.mjs`.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { collectChunks, entryKey, LAYOUTS } from './report-chunks.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const APP_SHELLS_DIR = 'app-shells';

/**
 * The customer's pages other than the overview: URL segment under /user/dashboard (contract/
 * web-routes.ts) and route file under src/app/routes/user/.
 */
export const USER_PAGES = [
  ['wallet', 'wallet'],
  ['withdraw', 'withdraw'],
  ['transactions', 'transactions'],
  ['airtime', 'airtime'],
  ['data', 'data'],
  ['cabletv', 'cable-tv'],
  ['electricity', 'electricity'],
  ['education', 'education'],
  ['settings', 'settings'],
  ['buy-coupon', 'buy-coupon'],
];

/**
 * Each area's URL prefix and the page its first visit most often opens; the server sends the
 * first whose prefix starts the path. A first visit straight to one of the customer's pages (a
 * bookmark, a shortcut, a link in an e-mail) preloads that page's code rather than the
 * overview's, which it would not use.
 */
export const SHELLS = [
  ...USER_PAGES.map(([segment, file]) => ({
    prefix: `/user/dashboard/${segment}`,
    area: `user-${file}`,
    page: `src/app/routes/user/${file}.tsx`,
  })),
  { prefix: '/user/dashboard', area: 'user', page: 'src/app/routes/user/overview.tsx' },
  { prefix: '/admin/dashboard', area: 'admin', page: 'src/app/routes/admin/overview.tsx' },
  { prefix: '/auth/', area: 'auth', page: 'src/app/routes/auth/login.tsx' },
];

/** `index.html` with a preload for each of `files` (already loaded ones left out). */
export function withPreloads(indexHtml, files) {
  const links = files
    .filter((file) => !indexHtml.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('\n    ');
  return links ? indexHtml.replace('</head>', `  ${links}\n  </head>`) : indexHtml;
}

export function writeAppShells({ outDir = path.join(root, 'dist') } = {}) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'));
  const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const entry = collectChunks(manifest, [entryKey(manifest)]).js;
  const dir = path.join(outDir, APP_SHELLS_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const written = [];
  for (const shell of SHELLS) {
    const area = LAYOUTS.find((l) => shell.page.startsWith(l.under));
    if (!area) throw new Error(`app-shells: no layouts known for ${shell.page}`);
    // collectChunks throws when a file is not in the manifest: a renamed page fails the build.
    const { js } = collectChunks(manifest, [...area.layouts, shell.page]);
    const file = `${shell.area}.html`;
    const preload = js.filter((f) => !entry.includes(f));
    writeFileSync(path.join(dir, file), withPreloads(indexHtml, preload));
    written.push({ prefix: shell.prefix, file });
  }
  writeFileSync(path.join(dir, 'shells.json'), `${JSON.stringify(written, null, 2)}\n`);
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const shells = writeAppShells();
  console.log(`App shells: ${shells.map((s) => `${s.prefix}* → ${s.file}`).join(', ')}.`);
}
