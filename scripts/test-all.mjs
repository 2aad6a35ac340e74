#!/usr/bin/env node
// `npm test`: every suite, one after the other, each run even when an earlier one failed, then
// one summary naming each suite's result and the line `N passed, N failed` that CI reads. Exits
// non-zero when anything failed or could not run.
//
//   npm test                   every suite
//   npm test -- unit server    only these (names: unit dom server storybook visual taps e2e)
//
// Each Vitest project runs on its own (on two cores the browser projects starve the jsdom tests
// when they share a run), then Playwright. Plain JavaScript: it runs before anything compiles.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { notRun, playwrightResult, SUITES, summaryLines, vitestResult } from './test-summary.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = mkdtempSync(path.join(tmpdir(), 'paybills-test-'));

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !SUITES.some((s) => s.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown suite ${unknown.join(', ')}. Suites: ${SUITES.map((s) => s.name).join(' ')}.`,
  );
  process.exit(2);
}
const suites = wanted.length > 0 ? SUITES.filter((s) => wanted.includes(s.name)) : SUITES;

/** Runs a command with the terminal's output; stops everything on Ctrl-C. */
function run(command, args, env = {}) {
  const started = performance.now();
  const child = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (child.signal === 'SIGINT' || child.signal === 'SIGTERM') {
    rmSync(reports, { recursive: true, force: true });
    process.exit(130);
  }
  return { code: child.status ?? 1, ms: performance.now() - started };
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

const banner = (text) => console.log(`\n== ${text}\n`);

let chromium = { code: 0 };
if (suites.some((s) => s.browser)) {
  banner('chromium');
  chromium = run(process.execPath, ['scripts/ensure-chromium.mjs']);
}

const results = [];
for (const suite of suites) {
  if (suite.browser && chromium.code !== 0) {
    results.push(notRun(suite.name, 'no Chromium, see the start of the output'));
    continue;
  }
  banner(`${suite.name}: ${suite.what}`);
  const file = path.join(reports, `${suite.name}.json`);
  if (suite.tool === 'vitest') {
    const { code, ms } = run('npx', [
      'vitest',
      'run',
      '--project',
      suite.name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ]);
    results.push(vitestResult(suite.name, readJson(file), code, ms));
  } else {
    // playwright.config.ts adds its JSON reporter when this variable names a file.
    const { code, ms } = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: file });
    results.push(playwrightResult(suite.name, readJson(file), code, ms));
  }
}

rmSync(reports, { recursive: true, force: true });
for (const line of summaryLines(results)) console.log(line);
process.exit(results.every((r) => r.ok) ? 0 : 1);
