/**
 * `npm run test:visual:update`: rewrites the screenshot baselines that no longer match (Vitest's
 * `--update`), then records in visual/__screenshots__/chromium.json which Chromium made them, so
 * a later failure on another browser version can say so. Extra arguments go to Vitest: a test
 * name (`npm run test:visual:update -- -t Button`) or test files (`-- visual/features` for the
 * curated feature stories only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromiumPath } from './chromium.ts';
import { BASELINE_FILE, parseChromiumVersion, type BaselineBrowser } from './visual-baseline.ts';

const root = path.resolve(import.meta.dirname, '..');
const browser = chromiumPath();
const reported = execFileSync(browser, ['--version'], { encoding: 'utf8' });
const chromium = parseChromiumVersion(reported);
if (!chromium) {
  console.error(`Could not read a version from \`${browser} --version\`: ${reported.trim()}`);
  process.exit(1);
}

// The extra arguments go before `--update`: Vitest 4's `--update [type]` takes an optional
// value, so a file filter after it (`visual/features`) was read as that value and every
// file ran.
const vitest = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'visual', ...process.argv.slice(2), '--update'],
  { cwd: root, stdio: 'inherit' },
);
if (vitest.status !== 0) {
  console.error('The visual run failed: chromium.json is left as it was.');
  process.exit(vitest.status ?? 1);
}

const record: BaselineBrowser = { chromium };
writeFileSync(path.join(root, BASELINE_FILE), `${JSON.stringify(record, null, 2)}\n`);
console.log(
  `Baselines made with Chromium ${chromium} (${BASELINE_FILE}). Look at them before committing.`,
);
