import { describe, expect, it } from 'vitest';
import { chromiumPath, DEBIAN_CHROMIUM, INSTALL_HINT, launchOptions } from './chromium';

const PLAYWRIGHT_BUILD = '/root/.cache/ms-playwright/chromium-1/chrome-linux/chrome';

function lookup(existing: string[], env: Record<string, string | undefined> = {}) {
  return {
    env,
    exists: (path: string) => existing.includes(path),
    playwrightPath: () => PLAYWRIGHT_BUILD,
  };
}

describe('chromiumPath', () => {
  it('prefers CHROMIUM_PATH over everything else', () => {
    const found = chromiumPath(
      lookup([DEBIAN_CHROMIUM, PLAYWRIGHT_BUILD], { CHROMIUM_PATH: '/opt/chrome' }),
    );
    expect(found).toBe('/opt/chrome');
  });

  it('ignores an empty CHROMIUM_PATH', () => {
    expect(chromiumPath(lookup([DEBIAN_CHROMIUM], { CHROMIUM_PATH: '  ' }))).toBe(DEBIAN_CHROMIUM);
  });

  it("uses Debian's chromium before Playwright's download", () => {
    expect(chromiumPath(lookup([DEBIAN_CHROMIUM, PLAYWRIGHT_BUILD]))).toBe(DEBIAN_CHROMIUM);
  });

  it("falls back to Playwright's chromium when it has been downloaded", () => {
    expect(chromiumPath(lookup([PLAYWRIGHT_BUILD]))).toBe(PLAYWRIGHT_BUILD);
  });

  it('throws with the install command when nothing is found', () => {
    expect(() => chromiumPath(lookup([]))).toThrow(INSTALL_HINT);
  });

  it('survives Playwright not knowing this platform', () => {
    const broken = {
      ...lookup([]),
      playwrightPath: () => {
        throw new Error('unsupported platform');
      },
    };
    expect(() => chromiumPath(broken)).toThrow(INSTALL_HINT);
  });
});

describe('launchOptions', () => {
  it('carries the container-friendly flags', () => {
    expect(launchOptions.args).toEqual(
      expect.arrayContaining(['--no-sandbox', '--disable-gpu', '--disable-quic']),
    );
  });
});
