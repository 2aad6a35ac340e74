/**
 * `npm run bench:web`: a benchmark, never a test. Builds the app as `npm start` does (when
 * stale), starts the real server on a temp SQLite, and measures in Debian's Chromium:
 *
 * 1. Bytes of a first visit to each route (an empty cache): the JavaScript and CSS the page
 *    loads, as sent over the wire (Brotli from the build's precompressed copies) and as
 *    gzip would send them, plus the HTML document.
 * 2. Lighthouse 12 mobile runs (its default phone emulation and simulated slow 4G) of the
 *    landing page, the signed-in dashboard, airtime and transactions pages (the demo customer)
 *    and the admin dashboard (the admin), each `RUNS` times (default 3); the median of each
 *    figure is printed against its target and a typical peer (138 KB of JavaScript in one
 *    bundle for every route, landing page painted at about 2 s). Step 1 also prints the entry
 *    (what every app page loads) from the build's manifest.
 * 3. The web table: each route's first-visit JS (gzip) and each signed-in page's Lighthouse
 *    performance score against its targets, with the ratio now ÷ target.
 *
 * BENCH_RUNS=5 npm run bench:web for more runs; BENCH_WEB_REPORTS=<dir> keeps each page's last
 * Lighthouse report (JSON) there; BENCH_WEB_PAGES=airtime,admin runs Lighthouse on those pages
 * only (names below). Nothing here asserts: read the figures.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/config.ts';
import { SESSION_KEYS } from '../src/lib/session.ts';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { collectChunks, entryKey, type Manifest } from '../scripts/report-chunks.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.ts';
import { runBenchmark, spawnNode } from './spawn.ts';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const PORT = Number(process.env.BENCH_WEB_PORT || 4311);
const DEBUG_PORT = PORT + 1000;
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'paybills-bench-web-'));

type Who = 'customer' | 'admin';

/**
 * The routes of a first visit, whether they need the demo customer (or the admin), and the
 * target for their first-visit JavaScript (KB gzip).
 */
const ROUTES: { path: string; as?: Who; targetKb?: number }[] = [
  { path: '/' },
  { path: '/frequently-asked-questions' },
  { path: '/privacy-policy' },
  { path: '/auth/login', targetKb: 120 },
  { path: '/auth/signup' },
  { path: '/user/dashboard', as: 'customer', targetKb: 120 },
  // The page customers use most (and the heaviest purchase page).
  { path: '/user/dashboard/airtime', as: 'customer', targetKb: 138 },
  { path: '/user/dashboard/transactions', as: 'customer', targetKb: 138 },
  { path: '/admin/dashboard', as: 'admin', targetKb: 138 },
];

/**
 * The pages Lighthouse measures, in this order (the landing page first, before any session is
 * stored), and their performance target (PERF_TARGET, every page); the dashboard also keeps its
 * LCP ≤ 1.5 s target.
 */
const LIGHTHOUSE_PAGES: { name: string; path: string; as?: Who; lcpMs?: number }[] = [
  { name: 'landing', path: '/', lcpMs: 1200 },
  { name: 'dashboard', path: '/user/dashboard', as: 'customer', lcpMs: 1500 },
  { name: 'airtime', path: '/user/dashboard/airtime', as: 'customer' },
  { name: 'transactions', path: '/user/dashboard/transactions', as: 'customer' },
  { name: 'admin', path: '/admin/dashboard', as: 'admin' },
];

/** The pages BENCH_WEB_PAGES names (all by default); a name that is not a page stops the run. */
function lighthousePages() {
  const only = process.env.BENCH_WEB_PAGES?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !LIGHTHOUSE_PAGES.some((p) => p.name === name));
  if (unknown?.length) {
    throw new Error(
      `BENCH_WEB_PAGES: no page named ${unknown.join(', ')} ` +
        `(pages: ${LIGHTHOUSE_PAGES.map((p) => p.name).join(', ')})`,
    );
  }
  return LIGHTHOUSE_PAGES.filter((p) => !only || only.includes(p.name));
}

/** The Lighthouse performance target for every measured page. */
const PERF_TARGET = 98;

/** The entry's JavaScript (gzip level 6, as measured per route below), from the build. */
function entryGzip(): number {
  const outDir = path.join(root, 'dist');
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  return collectChunks(manifest, [entryKey(manifest)]).js.reduce(
    (sum, file) => sum + gzipSync(readFileSync(path.join(outDir, file)), { level: 6 }).length,
    0,
  );
}

const DEMO = { email: DEMO_EMAIL, password: DEMO_PASSWORD };
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@paybills.local',
  password: process.env.ADMIN_PASSWORD ?? 'ChangeMe-Admin-2026',
};

function startServer() {
  return spawnNode(['server/src/server.ts'], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  });
}

/** Tokens for the demo customer or the admin, as the login screen would store them. */
async function tokens(who: { email: string; password: string }) {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: who.email, password: who.password }),
  });
  if (!res.ok) throw new Error(`login as ${who.email} failed: ${res.status}`);
  return (await res.json()) as { JWTtoken: string; refresh_token: string };
}

type StoredSession = {
  keys: typeof SESSION_KEYS;
  pair: { JWTtoken: string; refresh_token: string };
};

/** Runs in the page: stores the pair as the app's login does (src/lib/session.ts keys). */
function storeSession({ keys, pair }: StoredSession) {
  localStorage.setItem(keys.token, pair.JWTtoken);
  localStorage.setItem(keys.refreshToken, pair.refresh_token);
  localStorage.setItem(keys.savedAt, String(Date.now()));
}

/** Puts a session in localStorage before any script of the page runs. */
async function signIn(context: BrowserContext, who: { email: string; password: string }) {
  await context.addInitScript(storeSession, { keys: SESSION_KEYS, pair: await tokens(who) });
}

type Bytes = { html: number; jsWire: number; jsGzip: number; cssWire: number; cssGzip: number };

/** What one first visit downloads: scripts and stylesheets, on the wire and gzipped. */
async function firstVisit(page: Page, url: string): Promise<Bytes> {
  const bytes: Bytes = { html: 0, jsWire: 0, jsGzip: 0, cssWire: 0, cssGzip: 0 };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        const gzip = gzipSync(body, { level: 6 }).length;
        if (type === 'document') bytes.html += sizes.responseBodySize;
        else if (type === 'script') {
          bytes.jsWire += sizes.responseBodySize;
          bytes.jsGzip += gzip;
        } else {
          bytes.cssWire += sizes.responseBodySize;
          bytes.cssGzip += gzip;
        }
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  return bytes;
}

const kb = (n: number) => (n / 1024).toFixed(1);
/** The median of the runs that produced the figure (a run Lighthouse could not time gives NaN). */
const median = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

type Row = Bytes & { route: string; targetKb?: number };

async function measureRoutes(): Promise<Row[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const rows: Row[] = [];
  try {
    for (const route of ROUTES) {
      // A new context per route: an empty cache, as on a first visit.
      const context = await browser.newContext();
      if (route.as) await signIn(context, route.as === 'admin' ? ADMIN : DEMO);
      const page = await context.newPage();
      rows.push({
        route: route.path,
        targetKb: route.targetKb,
        ...(await firstVisit(page, `${BASE}${route.path}`)),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return rows;
}

type Figures = {
  performance: number;
  accessibility: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
};

/** One Lighthouse mobile run of `url` in the persistent browser (the session it holds). */
async function lighthouseRun(url: string, keepStorage: boolean): Promise<Figures> {
  const result = await lighthouse(url, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    // The dashboard needs the session in localStorage; the HTTP cache is still cleared.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  if (process.env.BENCH_WEB_REPORTS) {
    // The whole report of the last run of each page, to see what the figures come from.
    const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'landing';
    // A directory that does not exist yet is made (it crashed on a fresh path).
    mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
    writeFileSync(
      path.join(process.env.BENCH_WEB_REPORTS, `${name}.json`),
      result.report as string,
    );
  }
  const { categories, audits } = result.lhr;
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

type PageFigures = { page: string; path: string; lcpMs?: number; figures: Figures };

async function measureLighthouse(): Promise<PageFigures[]> {
  const profile = mkdtempSync(path.join(tmpdir(), 'paybills-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`],
  });
  const results: PageFigures[] = [];
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const cdp = await context.newCDPSession(page);
    const runs = async (target: (typeof LIGHTHOUSE_PAGES)[number], keepStorage: boolean) => {
      const all: Figures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        await cdp.send('Network.clearBrowserCache');
        all.push(await lighthouseRun(`${BASE}${target.path}`, keepStorage));
        process.stdout.write('.');
      }
      const pick = (key: keyof Figures) => median(all.map((f) => f[key]));
      results.push({
        page: `${target.name} (${target.path})`,
        path: target.path,
        lcpMs: target.lcpMs,
        figures: {
          performance: pick('performance'),
          accessibility: pick('accessibility'),
          lcp: pick('lcp'),
          fcp: pick('fcp'),
          tbt: pick('tbt'),
          cls: pick('cls'),
        },
      });
    };
    // Signed-in pages: the session is stored in this browser profile (Lighthouse's tab shares
    // its localStorage), as the login screen would; the admin's replaces the customer's.
    let signedInAs: Who | undefined;
    for (const target of lighthousePages()) {
      if (target.as && target.as !== signedInAs) {
        await page.goto(`${BASE}/auth/login`);
        await page.evaluate(storeSession, {
          keys: SESSION_KEYS,
          pair: await tokens(target.as === 'admin' ? ADMIN : DEMO),
        });
        signedInAs = target.as;
      }
      await runs(target, Boolean(target.as));
    }
    process.stdout.write('\n');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return results;
}

/** "≤ 138 KB: 1.42× MISSED": the page's target, now ÷ target, and whether it is met. */
function jsVerdict(jsGzip: number, targetKb: number): string {
  const ratio = jsGzip / 1024 / targetKb;
  return `≤ ${targetKb} KB: ${ratio.toFixed(2)}× ${ratio <= 1 ? 'met' : 'MISSED'}`;
}

function printRoutes(rows: Row[]) {
  console.log('\nFirst visit, per route (KB; wire = Brotli as the server sends it):');
  console.log(
    'route'.padEnd(32) +
      'HTML'.padStart(7) +
      'JS wire'.padStart(9) +
      'JS gzip'.padStart(9) +
      'CSS wire'.padStart(10) +
      'CSS gzip'.padStart(10) +
      '  vs peer 138 KB   target',
  );
  const entry = entryGzip();
  console.log(
    '(entry: every app page)'.padEnd(32) +
      ''.padStart(7 + 9) +
      kb(entry).padStart(9) +
      ''.padStart(20) +
      `  ${((entry / 1024 / 138) * 100).toFixed(0)} %`.padStart(8),
  );
  for (const r of rows) {
    console.log(
      r.route.padEnd(32) +
        kb(r.html).padStart(7) +
        kb(r.jsWire).padStart(9) +
        kb(r.jsGzip).padStart(9) +
        kb(r.cssWire).padStart(10) +
        kb(r.cssGzip).padStart(10) +
        `  ${((r.jsGzip / 1024 / 138) * 100).toFixed(0)} %`.padStart(8) +
        (r.targetKb ? `   ${jsVerdict(r.jsGzip, r.targetKb)}` : ''),
    );
  }
  const landing = rows.find((r) => r.route === '/');
  if (landing) {
    console.log(
      `Landing first-visit JS: ${kb(landing.jsGzip)} KB gzip (target ≤ 100 KB; the peer ships 138 KB).`,
    );
  }
}

function printLighthouse(results: PageFigures[]) {
  console.log(`\nLighthouse 12, mobile, median of ${RUNS} (targets: docs/benchmarks.md):`);
  console.log(
    'page'.padEnd(46) +
      'perf'.padStart(6) +
      'a11y'.padStart(6) +
      'LCP s'.padStart(8) +
      'FCP s'.padStart(8) +
      'TBT ms'.padStart(8) +
      'CLS'.padStart(7) +
      '  targets',
  );
  for (const { page, path: route, lcpMs, figures: f } of results) {
    const targets =
      route === '/'
        ? `perf ≥ ${PERF_TARGET}, a11y 100, LCP ≤ 1.2 s (peer ≈ 2 s: ${(f.lcp / 2000).toFixed(2)}×)`
        : lcpMs
          ? `perf ≥ ${PERF_TARGET}, LCP ≤ ${lcpMs / 1000} s: ${f.performance >= PERF_TARGET && f.lcp <= lcpMs ? 'met' : 'MISSED'}`
          : `perf ≥ ${PERF_TARGET}: ${f.performance >= PERF_TARGET ? 'met' : 'MISSED'}`;
    console.log(
      page.padEnd(46) +
        String(f.performance).padStart(6) +
        String(f.accessibility).padStart(6) +
        (f.lcp / 1000).toFixed(2).padStart(8) +
        (f.fcp / 1000).toFixed(2).padStart(8) +
        Math.round(f.tbt).toString().padStart(8) +
        f.cls.toFixed(3).padStart(7) +
        `  ${targets}`,
    );
  }
}

/** The web table, each figure against its target (now ÷ target), from this one run. */
function printWebTable(rows: Row[], results: PageFigures[]) {
  console.log(`\nThe web table (this run; ratio = now ÷ target):`);
  console.log(
    'figure'.padEnd(54) + 'now'.padStart(10) + 'target'.padStart(10) + 'ratio'.padStart(8),
  );
  const line = (figure: string, now: string, target: string, ratio: number, met: boolean) =>
    console.log(
      figure.padEnd(54) +
        now.padStart(10) +
        target.padStart(10) +
        `${ratio.toFixed(2)}×`.padStart(8) +
        `  ${met ? 'met' : 'MISSED'}`,
    );
  let missed = 0;
  for (const r of rows) {
    if (!r.targetKb) continue;
    const now = r.jsGzip / 1024;
    if (now > r.targetKb) missed += 1;
    line(
      `${r.route} (first visit, JS gzip)`,
      `${now.toFixed(1)} KB`,
      `≤ ${r.targetKb} KB`,
      now / r.targetKb,
      now <= r.targetKb,
    );
  }
  for (const { path: route, figures: f } of results) {
    if (!ROUTES.some((r) => r.path === route && r.as)) continue;
    if (!(f.performance >= PERF_TARGET)) missed += 1;
    line(
      `Lighthouse mobile perf, ${route}`,
      String(f.performance),
      `≥ ${PERF_TARGET}`,
      f.performance / PERF_TARGET,
      f.performance >= PERF_TARGET,
    );
  }
  const skipped = lighthousePages().length < LIGHTHOUSE_PAGES.length;
  console.log(
    (missed === 0 ? 'Every figure shown within target.' : `${missed} figure(s) MISSED.`) +
      (skipped ? ' Some pages were left out (BENCH_WEB_PAGES): not a full run.' : ''),
  );
}

async function main() {
  lighthousePages(); // a misspelt BENCH_WEB_PAGES fails before the minutes of measuring
  process.chdir(root);
  await buildWebIfStale('server');
  await startServer();
  const rows = await measureRoutes();
  printRoutes(rows);
  process.stdout.write(`\nLighthouse runs (${RUNS} per page) `);
  const results = await measureLighthouse();
  printLighthouse(results);
  printWebTable(rows, results);
}

runBenchmark(main, dir);
