/**
 * `npx tsx bench/web-profile.ts`: a benchmark, never a test. Where a signed-in customer page's
 * main-thread time goes on a first load. Builds as `npm start` does (when stale), starts the
 * real server on a temp SQLite, signs the demo customer in, and loads the page (the dashboard
 * unless BENCH_PROFILE_ROUTE says otherwise) in
 * Debian's Chromium with the CPU slowed 4× (as Lighthouse's mobile preset simulates), an empty
 * HTTP cache, the page's long tasks recorded (PerformanceObserver) and a JS CPU profile
 * (CDP Profiler). Prints, per run: the long tasks (start, duration), the total blocking time
 * they add up to (each task's time over 50 ms, from first paint to 5 s), and the functions
 * and scripts with the most self time. Nothing asserts: read the figures.
 *
 * BENCH_RUNS (default 3), BENCH_WEB_PORT (default 4321), BENCH_CPU_SLOWDOWN (default 4),
 * BENCH_PROFILE_ROUTE (default /user/dashboard; a customer page, e.g. /user/dashboard/airtime),
 * BENCH_PROFILE_OUT=<file.cpuprofile> keeps the last run's profile (open it in DevTools),
 * BENCH_QUIET=1 prints each run's figures without the function lists. The last line is the
 * median of the runs.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../server/src/config.ts';
import { SESSION_KEYS } from '../src/lib/session.ts';
import { buildWebIfStale } from '../scripts/build-web.mjs';
import { CHROMIUM_ARGS, chromiumPath } from '../scripts/chromium.ts';
import { runBenchmark, spawnNode } from './spawn.ts';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const PORT = Number(process.env.BENCH_WEB_PORT || 4321);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN || 4);
const BASE = `http://127.0.0.1:${PORT}`;
const ROUTE = process.env.BENCH_PROFILE_ROUTE || '/user/dashboard';
const root = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(tmpdir(), 'paybills-bench-profile-'));

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
};
type Profile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Self time (ms) per function and per script from a CPU profile's samples. */
function selfTimes(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const fns = new Map<string, number>();
  let js = 0;
  const scripts = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    const file = frame.url ? frame.url.replace(BASE, '') : `(${frame.functionName || 'native'})`;
    const fn = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + ms);
    scripts.set(file, (scripts.get(file) ?? 0) + ms);
    if (frame.url) js += ms;
  });
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { fns: top(fns, 25), scripts: top(scripts, 12), js };
}

async function tokens() {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  return (await res.json()) as { JWTtoken: string; refresh_token: string };
}

type Observed = {
  longTasks: { start: number; duration: number }[];
  fcp: number;
  lcp: number;
};

type Summary = { fcp: number; lcp: number; blocking: number; longTasks: number; js: number };

async function run(i: number): Promise<Summary> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const pair = await tokens();
    await context.addInitScript(
      ({ keys, pair }) => {
        localStorage.setItem(keys.token, pair.JWTtoken);
        localStorage.setItem(keys.refreshToken, pair.refresh_token);
        localStorage.setItem(keys.savedAt, String(Date.now()));
        const seen = { longTasks: [] as { start: number; duration: number }[], fcp: 0, lcp: 0 };
        (window as unknown as { __observed: typeof seen }).__observed = seen;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            seen.longTasks.push({ start: e.startTime, duration: e.duration });
        }).observe({ type: 'longtask', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries())
            if (e.name === 'first-contentful-paint') seen.fcp = e.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) seen.lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      },
      { keys: SESSION_KEYS, pair },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${BASE}${ROUTE}`, { waitUntil: 'load' });
    await page.waitForTimeout(5000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    const seen = await page.evaluate(
      () => (window as unknown as { __observed: Observed }).__observed,
    );
    if (process.env.BENCH_PROFILE_OUT) {
      writeFileSync(process.env.BENCH_PROFILE_OUT, JSON.stringify(profile));
    }
    const blocking = seen.longTasks
      .filter((t) => t.start + t.duration > seen.fcp && t.start < 5000 * SLOWDOWN)
      .reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
    console.log(
      `\nrun ${i + 1}: FCP ${seen.fcp.toFixed(0)} ms, LCP ${seen.lcp.toFixed(0)} ms, ` +
        `long tasks ${seen.longTasks.length}, blocking after FCP ${blocking.toFixed(0)} ms, ` +
        `all long-task time ${seen.longTasks.reduce((s, t) => s + t.duration, 0).toFixed(0)} ms`,
    );
    console.log(
      '  long tasks (start+duration ms): ' +
        seen.longTasks.map((t) => `${t.start.toFixed(0)}+${t.duration.toFixed(0)}`).join(', '),
    );
    const { fns, scripts, js } = selfTimes(profile);
    console.log(`  JavaScript self time: ${js.toFixed(0)} ms`);
    const summary = {
      fcp: seen.fcp,
      lcp: seen.lcp,
      blocking,
      longTasks: seen.longTasks.reduce((s, t) => s + t.duration, 0),
      js,
    };
    if (process.env.BENCH_QUIET) return summary;
    console.log('  self time by script (ms):');
    for (const [name, ms] of scripts) console.log(`    ${ms.toFixed(0).padStart(6)}  ${name}`);
    console.log('  self time by function (ms):');
    for (const [name, ms] of fns) console.log(`    ${ms.toFixed(0).padStart(6)}  ${name}`);
    return summary;
  } finally {
    await browser.close();
  }
}

async function main() {
  process.chdir(root);
  await buildWebIfStale('server');
  await spawnNode(['server/src/server.ts'], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
  });
  console.log(`${ROUTE}, CPU ${SLOWDOWN}× slower, ${RUNS} runs`);
  const all: Summary[] = [];
  for (let i = 0; i < RUNS; i += 1) all.push(await run(i));
  const median = (key: keyof Summary) => {
    const sorted = all.map((s) => s[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!.toFixed(0);
  };
  console.log(
    `\nmedian of ${RUNS}: FCP ${median('fcp')} ms, LCP ${median('lcp')} ms, blocking after FCP ` +
      `${median('blocking')} ms, long tasks ${median('longTasks')} ms, JavaScript ${median('js')} ms`,
  );
}

runBenchmark(main, dir);
