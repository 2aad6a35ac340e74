/**
 * Which browser made the screenshot baselines (visual/__screenshots__/chromium.json), and what
 * a failing comparison says when the running Chromium is another major version. Plain
 * functions: the visual tests run them in the browser, scripts/update-visual-baselines.ts in
 * Node.
 */

/** Rewrites every baseline that no longer matches, then records the Chromium that made them. */
export const UPDATE_COMMAND = 'npm run test:visual:update';

/** Where the version is kept, next to the images. */
export const BASELINE_FILE = 'visual/__screenshots__/chromium.json';

export interface BaselineBrowser {
  /** Full version of the Chromium that made the images, e.g. "156.0.8078.79". */
  chromium: string;
}

/** The version in `chromium --version` ("Chromium 156.0.8078.79 built on Debian…") or a UA. */
export function parseChromiumVersion(text: string): string | undefined {
  return /(?:Chromium|Chrome|HeadlessChrome)[ /](\d+(?:\.\d+)*)/.exec(text)?.[1];
}

export function majorOf(version: string): number | undefined {
  const major = Number.parseInt(version, 10);
  return Number.isNaN(major) ? undefined : major;
}

/**
 * The lines added to a failed comparison when the baselines come from another Chromium major
 * version (undefined when the versions agree, so the failure is about the page, not the browser).
 */
export function browserChangeNote(baseline: string, running: string): string | undefined {
  if (majorOf(baseline) === majorOf(running)) return undefined;
  return [
    `The baselines were made with Chromium ${baseline}; this run uses Chromium ${running}.`,
    'A new browser version can move pixels by itself. Look at the diff image: if only the',
    `browser changed, rewrite the baselines with \`${UPDATE_COMMAND}\`, look at the new images`,
    `and commit them with ${BASELINE_FILE}.`,
  ].join('\n');
}

/** The running browser's full version, from inside the page (a reduced UA says only "156.0.0.0"). */
export async function runningChromium(nav: Navigator = navigator): Promise<string> {
  const data = (
    nav as Navigator & {
      userAgentData?: {
        getHighEntropyValues(hints: string[]): Promise<{
          fullVersionList?: { brand: string; version: string }[];
        }>;
      };
    }
  ).userAgentData;
  try {
    const values = await data?.getHighEntropyValues(['fullVersionList']);
    const brand = values?.fullVersionList?.find((b) => /^(Chromium|Google Chrome)$/.test(b.brand));
    if (brand) return brand.version;
  } catch {
    // Not offered here: fall back to the user agent string.
  }
  return parseChromiumVersion(nav.userAgent) ?? 'unknown';
}
