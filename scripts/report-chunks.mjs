#!/usr/bin/env node
/**
 * After `vite build`, prints what each route costs on a first visit: the JavaScript and CSS
 * a browser downloads (raw and gzip) to show that page — the entry chunk, plus the page's
 * layout, plus the page, each with the chunks they statically import.
 *
 * Routes are the lazy route modules under src/app/routes/ (see src/app/router.tsx); the set of
 * chunks comes from Vite's manifest (`build.manifest: true`), following static `imports` only
 * (dynamic imports load later, on demand). It also checks the code-splitting rule: a public
 * page must not pull in any dashboard or admin module. Breaking that sets exit code 1.
 *
 * Then, where the bytes go: the modules (packages and source files) behind the entry and behind
 * the pages of each area, from dist/.vite/modules.json (scripts/module-sizes.mjs).
 * `REPORT_MODULES=all` prints that for every route, `REPORT_TOP=<n>` sets how many lines.
 *
 * Usage: node scripts/report-chunks.mjs [outDir=dist]
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { MODULES_FILE, moduleBreakdown } from './module-sizes.mjs';

export const ROUTES_DIR = 'src/app/routes/';

/**
 * Which layout wraps the pages of each folder — mirrors the nesting in src/app/router.tsx.
 * First match wins.
 */
const SESSION = 'src/app/layouts/session-boundary.tsx';
const PUBLIC = 'src/app/layouts/public-layout.tsx';

/**
 * Which layouts wrap the pages of each folder, outermost first — mirrors the nesting in
 * src/app/router.tsx. The last layout is the area's own. First match wins.
 */
export const LAYOUTS = [
  {
    under: 'src/app/routes/user/',
    layouts: [SESSION, 'src/app/layouts/user-dashboard-layout.tsx'],
    area: 'user',
  },
  {
    under: 'src/app/routes/admin/',
    layouts: [SESSION, 'src/app/layouts/admin-dashboard-layout.tsx'],
    area: 'admin',
  },
  { under: 'src/app/routes/auth/', layouts: [PUBLIC, SESSION], area: 'public' },
  { under: 'src/app/routes/payment-verification', layouts: [PUBLIC, SESSION], area: 'public' },
  { under: 'src/app/routes/', layouts: [PUBLIC], area: 'public' },
];

/**
 * The JS and CSS files loaded when the given manifest entries are imported, following static
 * imports transitively.
 * @param {Record<string, import('./report-chunks.d.mts').ManifestChunk>} manifest
 * @param {string[]} keys manifest keys (source paths such as "src/app/routes/faq.tsx")
 * @returns {{ js: string[], css: string[], keys: string[] }} sorted, without duplicates
 */
export function collectChunks(manifest, keys) {
  const seen = new Set();
  const js = new Set();
  const css = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = /** @type {string} */ (stack.pop());
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the Vite manifest`);
    seen.add(key);
    if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return { js: [...js].sort(), css: [...css].sort(), keys: [...seen].sort() };
}

/** The build's entry (index.html) key. */
export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (keys.length !== 1)
    throw new Error(`expected one entry in the manifest, found ${keys.length}`);
  return /** @type {string} */ (keys[0]);
}

/**
 * One row per lazy route module: what a first visit to that route downloads.
 * @returns {Array<{ route: string, area: string, js: string[], css: string[], addedJs: string[], keys: string[] }>}
 */
export function routeChunkSets(manifest) {
  const entry = entryKey(manifest);
  const entryChunks = collectChunks(manifest, [entry]);
  return Object.keys(manifest)
    .filter((key) => key.startsWith(ROUTES_DIR) && manifest[key]?.isDynamicEntry)
    .sort()
    .map((route) => {
      const rule = LAYOUTS.find((candidate) => route.startsWith(candidate.under));
      const layout = (rule?.layouts ?? []).filter((key) => manifest[key]);
      const all = collectChunks(manifest, [entry, ...layout, route]);
      return {
        route,
        area: rule?.area ?? 'public',
        js: all.js,
        css: all.css,
        addedJs: all.js.filter((file) => !entryChunks.js.includes(file)),
        keys: all.keys,
      };
    });
}

/**
 * Public routes that load a dashboard or admin module (their layout or one of their pages):
 * the code-splitting rule says they never should.
 * @returns {Array<{ route: string, leaked: string[] }>}
 */
export function findLeaks(manifest) {
  const privateModules = new Set(
    Object.keys(manifest).filter((key) =>
      LAYOUTS.some(
        (rule) =>
          rule.area !== 'public' && (key.startsWith(rule.under) || key === rule.layouts.at(-1)),
      ),
    ),
  );
  return routeChunkSets(manifest)
    .filter((row) => row.area === 'public')
    .map((row) => ({ route: row.route, leaked: row.keys.filter((key) => privateModules.has(key)) }))
    .filter((row) => row.leaked.length > 0);
}

/**
 * First-visit JavaScript budgets (gzip level 9, KiB as the table prints them): what decision
 * 0030 measured plus about 3 KiB (pages with a Radix Select, a package the design card
 * requires, carry its ~23 KiB), so a dependency or screen that grows a page fails the build
 * and its test instead of slipping in. They are not the performance targets (entry ≤ 80 KB, login
 * ≤ 90, overview ≤ 110, heaviest purchase page ≤ 130): React DOM alone is 64 KiB of the entry
 * (decisions 0022, 0030); lower a budget when a change makes room, never raise one without
 * saying why in a decision (ADR 0045 raised overview, purchase pages and the rest by 2–3 KiB
 * for the wallet statement, the recipient's name and the pin confirmation; ADR 0053 by 3–4 KiB
 * for the contract's adjustments, providers, two-factor, roles and mail-preference schemas that
 * every page's API client carries, until the zod/mini work takes them back; ADR 0062 by
 * 4–21 KiB for the notices bell and announcement banner in the dashboard layout and its
 * referral, notice, announcement and verification schemas; its addendum lowered overview,
transactions and purchase pages by 13–34 KiB when the bell's list, History's details popup and
the purchase forms' selects came to load on first use; ADR 0064 every page by 7–9 KiB when the
contract moved to zod/mini, ADR 0065 by 5–8 KiB when a page came to carry only the endpoints
it calls, ADR 0066 by 5–12 KiB when the contract was split by area and marked pure, and `cn`
got its own merge, and ADR 0067 by 2–4 KiB and the entry by 2 when React Router came as its
production build, icons from a small factory, and zod without a locale; ADR 0068 lowered the
entry, auth and the rest by 3 KiB, transactions by 2, the overview by 8 and purchase pages by 9
to the sizes after links came from the router's hooks and a page stopped downloading the rules
of forms it does not show, plus about 3 KiB; ADR 0070 gave the admin adjustments page 6 KiB for
the four-eyes card and the requests waiting for a second admin). Routes: first matching prefix
wins.
 */
export const BUDGETS = {
  entryKib: 85,
  routes: [
    { under: `${ROUTES_DIR}auth/`, kib: 122 },
    { under: `${ROUTES_DIR}user/overview.tsx`, kib: 135 },
    { under: `${ROUTES_DIR}user/transactions.tsx`, kib: 136 },
    ...['airtime', 'data', 'cable-tv', 'electricity', 'education', 'buy-coupon'].map((page) => ({
      under: `${ROUTES_DIR}user/${page}.tsx`,
      kib: 154,
    })),
    // The adjustments page carries the four-eyes card, the waiting requests and the checker's
    // decision (ADR 0070), and the admin form that focuses the first invalid field (1.2 KiB,
    // measured 179.3 → 180.5): 7 KiB more than the other staff pages.
    { under: `${ROUTES_DIR}admin/adjustments.tsx`, kib: 181 },
    // The users page carries the search by name or phone and the block reason form (ADR
    // 0078), and the customer's API keys with the owner's withdrawal switch (ADR 0091; 1.1 KiB,
    // measured 175.7 → 176.8, the key schema in a module of its own so the reseller API's
    // messages stay out): 3 KiB more than the other staff pages.
    { under: `${ROUTES_DIR}admin/users.tsx`, kib: 177 },
    // Every other page: wallet, settings, admin.
    { under: ROUTES_DIR, kib: 174 },
  ],
};

/**
 * The entry and the routes whose first-visit JS (gzip) is over its budget.
 * @param {Record<string, import('./report-chunks.d.mts').ManifestChunk>} manifest
 * @param {(file: string) => { gzip: number }} sizeOf
 * @returns {Array<{ label: string, kib: number, budgetKib: number }>}
 */
export function overBudget(manifest, sizeOf, budgets = BUDGETS) {
  const kibOf = (files) => files.reduce((sum, file) => sum + sizeOf(file).gzip, 0) / 1024;
  const checks = [
    {
      label: 'entry',
      kib: kibOf(collectChunks(manifest, [entryKey(manifest)]).js),
      budgetKib: budgets.entryKib,
    },
    ...routeChunkSets(manifest).map((row) => ({
      label: row.route.slice(ROUTES_DIR.length),
      kib: kibOf(row.js),
      budgetKib: budgets.routes.find((rule) => row.route.startsWith(rule.under))?.kib ?? Infinity,
    })),
  ];
  return checks.filter((check) => check.kib > check.budgetKib);
}

// ---- reporting (reads files) ----

function formatKb(bytes) {
  return `${(bytes / 1024).toFixed(1)} kB`;
}

/**
 * Which first visits get a module breakdown: the entry, the login page, the user overview,
 * and the heaviest page of each area; every route with REPORT_MODULES=all.
 * @returns {Array<{ label: string, files: string[] }>}
 */
export function breakdownTargets(manifest, sizeOf, all = false) {
  const entry = collectChunks(manifest, [entryKey(manifest)]).js;
  const rows = routeChunkSets(manifest);
  const gzipOf = (files) => files.reduce((sum, file) => sum + sizeOf(file).gzip, 0);
  const picked = all
    ? rows
    : rows.filter(
        (row) =>
          row.route === `${ROUTES_DIR}auth/login.tsx` ||
          row.route === `${ROUTES_DIR}user/overview.tsx` ||
          row ===
            rows
              .filter((other) => other.area === row.area)
              .reduce((max, other) => (gzipOf(other.addedJs) > gzipOf(max.addedJs) ? other : max)),
      );
  return [
    { label: 'entry (every app page)', files: entry },
    ...picked.map((row) => ({
      label: `${row.route.slice(ROUTES_DIR.length)} beyond the entry`,
      files: row.addedJs,
    })),
  ];
}

function printModules(outDir, manifest, sizeOf) {
  const file = path.join(outDir, MODULES_FILE);
  if (!existsSync(file)) {
    console.log(`\n(${file} not found: no per-module breakdown; see scripts/module-sizes.mjs)`);
    return;
  }
  const modulesByChunk = JSON.parse(readFileSync(file, 'utf8'));
  const top = Number(process.env.REPORT_TOP || 8);
  console.log(
    '\nWhere the bytes go (JS gzip per module, estimated: each chunk split by rendered size):',
  );
  for (const target of breakdownTargets(manifest, sizeOf, process.env.REPORT_MODULES === 'all')) {
    const rows = moduleBreakdown(modulesByChunk, target.files, sizeOf);
    const total = rows.reduce((sum, row) => sum + row.gzip, 0);
    console.log(`\n  ${target.label}: ${formatKb(total)}`);
    for (const row of rows.slice(0, top)) {
      console.log(`    ${formatKb(row.gzip).padStart(9)}  ${row.label}`);
    }
    if (rows.length > top) {
      const rest = rows.slice(top).reduce((sum, row) => sum + row.gzip, 0);
      console.log(`    ${formatKb(rest).padStart(9)}  (${rows.length - top} more)`);
    }
  }
}

function main(outDir = 'dist') {
  const manifestPath = path.join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(
      `report-chunks: ${manifestPath} not found. Set \`build: { manifest: true }\` in vite.config.ts and run vite build first.`,
    );
    process.exitCode = 1;
    return;
  }
  /** @type {Record<string, import('./report-chunks.d.mts').ManifestChunk>} */
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

  const sizeCache = new Map();
  const sizeOf = (file) => {
    let size = sizeCache.get(file);
    if (!size) {
      const content = readFileSync(path.join(outDir, file));
      size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
      sizeCache.set(file, size);
    }
    return size;
  };
  const total = (files) =>
    files.reduce(
      (sum, file) => {
        const size = sizeOf(file);
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip };
      },
      { raw: 0, gzip: 0 },
    );

  const entry = collectChunks(manifest, [entryKey(manifest)]);
  const rows = [
    {
      label: '(entry: loaded by every page)',
      js: total(entry.js),
      css: total(entry.css),
      added: total([]),
    },
    ...routeChunkSets(manifest).map((row) => ({
      label: row.route.slice(ROUTES_DIR.length),
      js: total(row.js),
      css: total(row.css),
      added: total(row.addedJs),
    })),
  ];

  const header = [
    'Route module (first visit)',
    'JS',
    'JS gzip',
    'CSS',
    'CSS gzip',
    'JS gzip beyond entry',
  ];
  const table = [
    header,
    ...rows.map((row) => [
      row.label,
      formatKb(row.js.raw),
      formatKb(row.js.gzip),
      formatKb(row.css.raw),
      formatKb(row.css.gzip),
      formatKb(row.added.gzip),
    ]),
  ];
  const widths = header.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  const printLine = (line) =>
    console.log(
      line
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
        )
        .join('  '),
    );

  console.log(
    '\nFirst-visit download per route (entry + layouts + page, with their static imports):\n',
  );
  printLine(header);
  printLine(widths.map((width) => '-'.repeat(width)));
  for (const line of table.slice(1)) printLine(line);

  printModules(outDir, manifest, sizeOf);

  const over = overBudget(manifest, sizeOf);
  if (over.length > 0) {
    console.error('\n✗ Over the first-visit JS budget (BUDGETS in scripts/report-chunks.mjs):');
    for (const row of over) {
      console.error(`  ${row.label}: ${row.kib.toFixed(1)} kB > ${row.budgetKib} kB`);
    }
    process.exitCode = 1;
  } else {
    console.log(
      `\n✓ Every page within its first-visit JS budget (entry ≤ ${BUDGETS.entryKib} kB).`,
    );
  }

  const leaks = findLeaks(manifest);
  if (leaks.length > 0) {
    console.error('\n✗ Public pages load dashboard/admin code:');
    for (const leak of leaks) console.error(`  ${leak.route} → ${leak.leaked.join(', ')}`);
    process.exitCode = 1;
  } else {
    console.log('\n✓ No public page loads dashboard or admin code.');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main(process.argv[2]);
}
