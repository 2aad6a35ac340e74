/**
 * Prerenders the public pages that need no API (landing, FAQ, privacy policy) into
 * dist/static-pages/*.html after `vite build` (docs/decisions/0012-prerendered-public-pages.md).
 *
 * 1. Builds src/app/prerender.tsx for Node (Vite SSR build into node_modules/.prerender).
 * 2. Renders each page with the same components the browser app uses.
 * 3. Writes it into a copy of dist/index.html with the app's stylesheet but none of its
 *    scripts: the page paints before any script runs and ships no React. A 1 KB script
 *    (public/public-menu.js) runs the phone menu. Links to login, sign-up and the dashboards
 *    are ordinary links: the server answers those paths with the browser app.
 *
 * The server (server/src/app.ts) sends these files for their paths. Run on its own:
 * `node scripts/prerender.mjs` (after `vite build`).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STATIC_PAGES_DIR = 'static-pages';

/** The app's document turned into one static page holding `markup`. */
export function staticDocument(template, markup) {
  const titles = [...markup.matchAll(/<title>(.*?)<\/title>/g)];
  const body = markup.replace(/<title>.*?<\/title>/g, '');
  let html = template
    // The app's entry and its preloads: a static page runs none of them.
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    // The page works without JavaScript: no "needs JavaScript" notice, nothing hidden.
    .replace(/\s*<!-- prettier-ignore -->\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(/<div id="root">[\s\S]*<\/div>\s*(?=<\/body>)/, `<div id="root">${body}</div>\n  `)
    .replace('</body>', '  <script src="/public-menu.js" defer></script>\n  </body>');
  const title = titles.at(-1)?.[1];
  if (title) html = html.replace(/<title>.*?<\/title>/, `<title>${title}</title>`);
  if (!html.includes(body)) throw new Error('prerender: could not place the page in index.html');
  return html;
}

export async function prerender({ outDir = path.join(root, 'dist') } = {}) {
  const { build } = await import('vite');
  const ssrDir = path.join(root, 'node_modules', '.prerender');
  await build({
    root,
    logLevel: 'warn',
    build: {
      ssr: path.join(root, 'src/app/prerender.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      manifest: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const { renderPage, STATIC_PAGES } = await import(
    `${pathToFileURL(path.join(ssrDir, 'prerender.js')).href}?t=${Date.now()}`
  );
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const pagesDir = path.join(outDir, STATIC_PAGES_DIR);
  rmSync(pagesDir, { recursive: true, force: true });
  mkdirSync(pagesDir, { recursive: true });
  for (const page of STATIC_PAGES) {
    writeFileSync(path.join(pagesDir, page.file), staticDocument(template, renderPage(page.path)));
  }
  // What the server reads to route these paths to these files.
  writeFileSync(path.join(pagesDir, 'pages.json'), `${JSON.stringify(STATIC_PAGES, null, 2)}\n`);
  rmSync(ssrDir, { recursive: true, force: true });
  return STATIC_PAGES;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  prerender()
    .then((pages) => console.log(`Prerendered ${pages.map((p) => p.path).join(', ')}.`))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
