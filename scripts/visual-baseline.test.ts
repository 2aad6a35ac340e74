import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BASELINE_FILE,
  browserChangeNote,
  parseChromiumVersion,
  runningChromium,
  UPDATE_COMMAND,
} from './visual-baseline.ts';

describe('screenshot baselines and the browser that made them', () => {
  it('records a full Chromium version next to the images', () => {
    const recorded = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { chromium: string };
    expect(recorded.chromium).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
  });

  it('reads the version from `chromium --version` and from a user agent', () => {
    expect(
      parseChromiumVersion('Chromium 156.0.8078.79 built on Debian GNU/Linux 12 (bookworm)\n'),
    ).toBe('156.0.8078.79');
    expect(
      parseChromiumVersion(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
      ),
    ).toBe('150.0.0.0');
    expect(parseChromiumVersion('Firefox/140.0')).toBeUndefined();
  });

  it('names both versions and the rewrite command when the major version changed', () => {
    const note = browserChangeNote('156.0.8078.79', '150.0.7871.100');
    expect(note).toContain(
      'The baselines were made with Chromium 156.0.8078.79; this run uses Chromium 150.0.7871.100.',
    );
    expect(note).toContain(`\`${UPDATE_COMMAND}\``);
    expect(UPDATE_COMMAND).toBe('npm run test:visual:update');
  });

  it('adds nothing when only the patch release differs: the failure is about the page', () => {
    expect(browserChangeNote('156.0.8078.79', '156.0.8078.120')).toBeUndefined();
  });

  it('takes the full version from the browser when offered, else the user agent', async () => {
    const withData = {
      userAgent: 'HeadlessChrome/156.0.0.0',
      userAgentData: {
        getHighEntropyValues: async () => ({
          fullVersionList: [
            { brand: 'Not A(Brand', version: '99.0.0.0' },
            { brand: 'Chromium', version: '156.0.8078.79' },
          ],
        }),
      },
    } as unknown as Navigator;
    expect(await runningChromium(withData)).toBe('156.0.8078.79');
    const plain = { userAgent: 'HeadlessChrome/150.0.0.0' } as Navigator;
    expect(await runningChromium(plain)).toBe('150.0.0.0');
  });
});
