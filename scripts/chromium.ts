/**
 * The one place that decides which Chromium the tests launch: Vitest browser mode (the
 * Storybook project) and Playwright both take `launchOptions` from here.
 *
 * Resolution order: $CHROMIUM_PATH, Debian's /usr/bin/chromium, Playwright's own download.
 * scripts/ensure-chromium.mjs repeats the same order in plain JS (it runs before npm scripts
 * can load TypeScript); keep the two in step.
 */
import { existsSync } from 'node:fs';
import { chromium } from 'playwright';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const INSTALL_HINT = 'apt-get install -y chromium fonts-liberation';

export interface ChromiumLookup {
  env?: Record<string, string | undefined>;
  exists?: (path: string) => boolean;
  /** Where Playwright would put its own Chromium (may not be downloaded). */
  playwrightPath?: () => string;
}

export function chromiumPath({
  env = process.env,
  exists = existsSync,
  playwrightPath = () => chromium.executablePath(),
}: ChromiumLookup = {}): string {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) return fromEnv;
  if (exists(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

  let bundled = '';
  try {
    bundled = playwrightPath();
  } catch {
    // Playwright throws when it has no build for this platform; fall through to the hint.
  }
  if (bundled && exists(bundled)) return bundled;

  throw new Error(
    'No Chromium found for the browser tests. Install it as root with ' +
      `\`${INSTALL_HINT}\` (or run \`node scripts/ensure-chromium.mjs\`), ` +
      'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
  );
}

/** Flags that keep headless Chromium quiet and offline in containers and CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Playwright launch options. `executablePath` is resolved when a browser is actually launched,
 * so loading a config (for a Node-only test run, say) never fails on a machine without Chromium.
 */
export const launchOptions: { readonly executablePath: string; args: string[] } = {
  get executablePath() {
    return chromiumPath();
  },
  args: CHROMIUM_ARGS,
};
