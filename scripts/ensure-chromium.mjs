#!/usr/bin/env node
// Makes sure a Chromium exists before the browser tests run (`npm test` calls this first).
// Plain JavaScript on purpose: it must run before anything that needs TypeScript or a browser.
// Lookup order matches scripts/chromium.ts: $CHROMIUM_PATH, /usr/bin/chromium, Playwright's own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGES = ['chromium', 'fonts-liberation'];
const INSTALL_HINT = `apt-get install -y ${PACKAGES.join(' ')}`;

async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright');
    return chromium.executablePath();
  } catch {
    return '';
  }
}

async function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH?.trim();
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : '';
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const bundled = await playwrightChromium();
  return bundled && existsSync(bundled) ? bundled : '';
}

function onPath(command) {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .some((dir) => existsSync(join(dir, command)));
}

function run(command, args) {
  console.log(`[ensure-chromium] ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`[ensure-chromium] \`${command} ${args.join(' ')}\` failed (${result.status}).`);
    process.exit(1);
  }
}

function fail(message) {
  console.error(`[ensure-chromium] ${message}`);
  process.exit(1);
}

const found = await findChromium();
if (found) {
  console.log(`[ensure-chromium] using ${found}`);
} else if (process.env.CHROMIUM_PATH?.trim()) {
  fail(`CHROMIUM_PATH is set to "${process.env.CHROMIUM_PATH}", but no file exists there.`);
} else {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !onPath('apt-get')) {
    fail(
      'No Chromium found. Install it with `' +
        (isRoot ? INSTALL_HINT : `sudo ${INSTALL_HINT}`) +
        '` (Debian/Ubuntu), or `npx playwright install chromium`, ' +
        'or set CHROMIUM_PATH to a Chromium/Chrome binary.',
    );
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', ...PACKAGES]);
  const installed = await findChromium();
  if (!installed) fail(`apt-get finished but ${DEBIAN_CHROMIUM} is still missing.`);
  console.log(`[ensure-chromium] installed ${installed}`);
}
